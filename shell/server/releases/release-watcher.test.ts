import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyPromotion, applyRollback, type RegistryStore } from '@reelkeep/platform/registry';
import { applyCanary, applyCanaryRollback } from '@reelkeep/platform/canary';
import { createLogger } from '@reelkeep/platform/logger';
import { loadConfig } from '@reelkeep/platform/config';
import { createGateway } from '@reelkeep/platform/gateway';
import type { Database } from '@reelkeep/platform/db';
import { createSquadApiHost, type HostServices, type PreparedApi, type SquadApiHost } from '@reelkeep/platform/squad-api-host';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { createReleasePuller, type ReleasePuller } from './release-puller.ts';
import { isPinnable, listLiveVersions, type ReleaseSwitch } from './release-snapshot.ts';
import { watchReleases, type ReleaseWatcher } from './release-watcher.ts';

const AT = new Date('2026-11-24T10:00:00Z');
const EMPTY: RegistryState = { revision: 0, apps: {}, history: [] };

/** A folder of releases as the build writes them (files and `release.json` with their sha256), one per `app@version`. */
async function createReleasesDir(...releases: string[]): Promise<string> {
  const releasesDir = await mkdtemp(path.join(tmpdir(), 'releases-'));
  for (const release of releases) {
    const [app, version] = release.split('@') as [string, string];
    const dir = path.join(releasesDir, app, version);
    const files: Record<string, string> = {
      'browser/mf-manifest.json': '{"exposes":[]}',
      'browser/remoteEntry.js': `/* ${release} */`,
      'server/remoteEntry.cjs': `module.exports = { release: '${release}' };`,
    };
    const hashes: Record<string, string> = {};
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), content);
      hashes[file] = createHash('sha256').update(content).digest('hex');
    }
    const manifest = { app, version, contractVersion: CONTRACT_VERSION, builtAt: AT.toISOString(), files: hashes, migrations: [] };
    await writeFile(path.join(dir, 'release.json'), JSON.stringify(manifest));
  }
  return releasesDir;
}

/** A registry whose next answer the test decides. */
function createScriptedStore(initial: RegistryState) {
  let answer: () => RegistryState = () => initial;
  const store: RegistryStore = { read: async () => answer(), update: async () => initial, close: async () => undefined };
  return { store, answerWith: (next: () => RegistryState) => (answer = next) };
}

/**
 * A watcher over release folders and a scripted store, as the host starts one, stopped after its first read:
 * each test polls it with `refresh()`. Log lines at `warn` and above go to `lines`.
 */
async function startWatcher(
  releasesDir: string,
  store: RegistryStore,
  options: { lines?: string[]; apiHost?: SquadApiHost; onSwitch?: (switched: ReleaseSwitch[]) => Promise<void>; pull?: ReleasePuller } = {},
): Promise<ReleaseWatcher> {
  const lines = options.lines;
  const logger = lines ? createLogger('warn', (line) => lines.push(line)) : createLogger('error');
  const apiHost =
    options.apiHost ??
    createSquadApiHost({
      config: loadConfig({}),
      env: {},
      db: {} as Database,
      services: {} as HostServices,
      logger,
      stateRoot: releasesDir,
      startTimeoutMs: 1000,
    });
  const watcher = await watchReleases({
    store,
    releasesDir,
    staticBaseUrl: '',
    pollMs: 60_000,
    logger,
    apiHost,
    createGateway: (findApi) =>
      createGateway({ siteUrl: 'http://site.test', timeoutMs: 1000, logger, findApi, readClientAddress: () => '203.0.113.9' }),
    onSwitch: options.onSwitch,
    pull: options.pull,
  });
  watcher.stop();
  return watcher;
}

describe('isPinnable', () => {
  let state = applyPromotion(EMPTY, 'mf-blog', 'a', 'ci', AT);
  state = applyPromotion(state, 'mf-blog', 'b', 'ci', AT);
  state = applyPromotion(state, 'mf-blog', 'c', 'ci', AT);
  state = applyRollback(state, 'mf-blog', 'ops', AT);

  it.each([
    ['the live version', 'b', true],
    ['a version on the rollback stack', 'a', true],
    ['a version rolled back from (pages rendered with it are still open)', 'c', true],
    ['a version the registry never made live (refused or never promoted)', 'evil', false],
  ])('%s: %s → %s', (_case, version, expected) => {
    expect(isPinnable(state, 'mf-blog', version)).toBe(expected);
  });

  it('does not let a version of one app stand for another app', () => {
    expect(isPinnable(state, 'mf-checkout', 'b')).toBe(false);
  });
});

describe('watchReleases', () => {
  it('keeps the live releases when the registry reads as empty or fails, and follows the next good state', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'shell@s2');
    const good = applyPromotion(EMPTY, 'shell', 's1', 'ci', AT);
    const { store, answerWith } = createScriptedStore(good);
    const lines: string[] = [];
    const watcher = await startWatcher(releasesDir, store, { lines });
    expect(watcher.current().shell?.version).toBe('s1');

    answerWith(() => EMPTY);
    await watcher.refresh();
    expect(watcher.current().shell?.version).toBe('s1');
    expect(lines.some((line) => line.includes('registry read as empty'))).toBe(true);

    answerWith(() => {
      throw new Error('redis and the database are both down');
    });
    await expect(watcher.refresh()).rejects.toThrow('both down');
    expect(watcher.current().shell?.version).toBe('s1');

    answerWith(() => applyPromotion(good, 'shell', 's2', 'ci', AT));
    await watcher.refresh();
    expect(watcher.current().shell?.version).toBe('s2');
  });

  it('tells, once the new snapshot serves, which apps switched from which version (the page cache drops those)', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'shell@s2');
    const first = applyPromotion(EMPTY, 'shell', 's1', 'ci', AT);
    const { store, answerWith } = createScriptedStore(first);
    const told: { switched: ReleaseSwitch[]; serving: string | undefined }[] = [];
    // The first switch is told before startWatcher returns: no watcher exists yet to ask.
    let watcher: ReleaseWatcher | undefined = undefined;
    watcher = await startWatcher(releasesDir, store, {
      onSwitch: async (switched) => {
        told.push({ switched, serving: watcher?.current().shell?.version });
      },
    });
    expect(told).toEqual([{ switched: [{ app: 'shell', to: 's1' }], serving: undefined }]);

    await watcher.refresh();
    expect(told).toHaveLength(1);
    answerWith(() => applyPromotion(first, 'shell', 's2', 'ci', AT));
    await watcher.refresh();
    expect(told[1]).toEqual({ switched: [{ app: 'shell', from: 's1', to: 's2' }], serving: 's2' });
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's2' });
  });

  it("serves a canary's cohort its versions beside the live ones, and ends it everywhere when the registry does", async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'mf-blog@b1', 'mf-blog@b2');
    let state = applyPromotion(EMPTY, 'shell', 's1', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', 'b1', 'ci', AT);
    const { store, answerWith } = createScriptedStore(state);
    const told: ReleaseSwitch[][] = [];
    const watcher = await startWatcher(releasesDir, store, { onSwitch: async (switched) => void told.push(switched) });
    const canary = applyCanary(state, { app: 'mf-blog', version: 'b2', percent: 20, by: 'ann', at: AT });
    answerWith(() => canary);
    await watcher.refresh();
    expect(watcher.canaries()).toEqual([{ app: 'mf-blog', version: 'b2', percent: 20 }]);
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's1', 'mf-blog': 'b1' });
    const cohort = await watcher.forCohort(['mf-blog@b2']);
    expect(listLiveVersions(cohort)).toEqual({ shell: 's1', 'mf-blog': 'b2' });
    expect(cohort.cohort).toBe('mf-blog@b2');
    expect(await watcher.forCohort(['mf-blog@b2'])).toBe(cohort);
    expect(await watcher.forCohort(['mf-blog@b9'])).toBe(watcher.current());
    // A page of the cohort navigates with its versions; so does the stable cohort with its own.
    expect(listLiveVersions(await watcher.pinned('mf-blog@b2', cohort))['mf-blog']).toBe('b2');

    const ended = applyCanaryRollback(canary, 'mf-blog', 'b2', 'automatic rollback', 'error rate', AT);
    answerWith(() => ended);
    await watcher.refresh();
    expect(watcher.canaries()).toEqual([]);
    expect(await watcher.forCohort(['mf-blog@b2'])).toBe(watcher.current());
    // Pages the canary rendered get the live version at their next navigation, and the caches drop its pages.
    expect(listLiveVersions(await watcher.pinned('mf-blog@b2'))['mf-blog']).toBe('b1');
    expect(told.at(-1)).toEqual([{ app: 'mf-blog', from: 'b2', to: 'b1' }]);
  });

  it('after a switch, asks to unload every version the registry no longer lists and to keep the rest', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'mf-blog@b1', 'mf-blog@b2');
    let state = applyPromotion(EMPTY, 'shell', 's1', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', 'b1', 'ci', AT);
    const { store, answerWith } = createScriptedStore(state);
    const watcher = await startWatcher(releasesDir, store);
    const decisions: Record<string, boolean>[] = [];
    watcher.onUnload((keep) =>
      decisions.push({ 'mf-blog@b1': keep('mf-blog', 'b1'), 'mf-blog@b2': keep('mf-blog', 'b2'), 'shell@s1': keep('shell', 's1') }),
    );

    const promoted = applyPromotion(state, 'mf-blog', 'b2', 'ci', AT);
    answerWith(() => promoted);
    await watcher.refresh();
    // b1 is on the rollback stack: pages rendered with it may still name it.
    expect(decisions).toEqual([{ 'mf-blog@b1': true, 'mf-blog@b2': true, 'shell@s1': true }]);

    // A registry that no longer lists b1 (neither live, nor on the stack, nor in its history).
    answerWith(() => ({
      revision: promoted.revision + 1,
      apps: { shell: { live: 's1', previous: [] }, 'mf-blog': { live: 'b2', previous: [] } },
      history: promoted.history.filter((event) => event.to !== 'b1' && event.from !== 'b1'),
    }));
    await watcher.refresh();
    expect(decisions[1]).toEqual({ 'mf-blog@b1': false, 'mf-blog@b2': true, 'shell@s1': true });
  });

  it('waits for a registry it cannot read at start because the database is away, instead of failing the start', async () => {
    const releasesDir = await createReleasesDir('shell@s1');
    const good = applyPromotion(EMPTY, 'shell', 's1', 'ci', AT);
    let reads = 0;
    const store: RegistryStore = {
      read: async () => {
        reads += 1;
        if (reads < 3) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return good;
      },
      update: async () => good,
      close: async () => undefined,
    };
    const watcher = await startWatcher(releasesDir, store);
    expect({ reads, shell: watcher.current().shell?.version }).toEqual({ reads: 3, shell: 's1' });
  });

  it('tries a squad API that failed again at the next poll, without waiting for a new release', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'mf-blog@b1');
    // The blog's release carries an API, so the host prepares one for it.
    const manifestFile = path.join(releasesDir, 'mf-blog', 'b1', 'release.json');
    const manifest: unknown = JSON.parse(await readFile(manifestFile, 'utf8'));
    await writeFile(manifestFile, JSON.stringify({ ...(manifest as object), api: { squad: 'blog', contractVersion: CONTRACT_VERSION, routes: [] } }));
    const { store } = createScriptedStore(applyPromotion(applyPromotion(EMPTY, 'shell', 's1', 'ci', AT), 'mf-blog', 'b1', 'ci', AT));
    // The blog's API failed while PostgreSQL was away; the host's own retry delay has passed at the second poll.
    const answers: PreparedApi[] = [
      { api: { state: 'failed', squad: 'blog', version: 'b1', error: 'connect ECONNREFUSED' }, browserOrigins: {} },
      { api: { state: 'ready', squad: 'blog', version: 'b1', routes: [], context: {} as never }, browserOrigins: {} },
    ];
    let prepared = 0;
    const apiHost: SquadApiHost = {
      prepare: async () => answers[Math.min(prepared++, answers.length - 1)]!,
      forget: () => undefined,
      stop: async () => undefined,
    };
    const watcher = await startWatcher(releasesDir, store, { apiHost });
    expect(watcher.current().apis.get('blog')?.state).toBe('failed');
    await watcher.refresh();
    expect(watcher.current().apis.get('blog')?.state).toBe('ready');
    expect(watcher.current().shell?.version).toBe('s1');
  });
});

describe('watchReleases verifies every file of a version when it loads', () => {
  const start = (releasesDir: string, store: RegistryStore, lines: string[]) => startWatcher(releasesDir, store, { lines });
  const tamper = (releasesDir: string, release: string, file: string) => {
    const [app, version] = release.split('@') as [string, string];
    return appendFile(path.join(releasesDir, app, version, file), '\n;globalThis.owned = true;');
  };

  it('keeps the last good version live when the promoted one changed on disk, and says why once', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'mf-blog@b1', 'mf-blog@b2');
    let state = applyPromotion(applyPromotion(EMPTY, 'shell', 's1', 'ci', AT), 'mf-blog', 'b1', 'ci', AT);
    const { store, answerWith } = createScriptedStore(state);
    const lines: string[] = [];
    const watcher = await start(releasesDir, store, lines);
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's1', 'mf-blog': 'b1' });

    await tamper(releasesDir, 'mf-blog@b2', 'server/remoteEntry.cjs');
    state = applyPromotion(state, 'mf-blog', 'b2', 'ci', AT);
    answerWith(() => state);
    for (let poll = 0; poll < 5; poll += 1) await watcher.refresh();
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's1', 'mf-blog': 'b1' });
    const refusals = lines.filter((line) => line.includes('release refused at load'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain('server/remoteEntry.cjs does not match its recorded hash');
    expect(await watcher.readRecordedHash('mf-blog', 'b2', 'browser/remoteEntry.js')).toBeUndefined();
    expect(await watcher.readRecordedHash('mf-blog', 'b1', 'browser/remoteEntry.js')).toMatch(/^[0-9a-f]{64}$/);

    // Restored from the build: its files are served again.
    await writeFile(path.join(releasesDir, 'mf-blog', 'b2', 'server/remoteEntry.cjs'), "module.exports = { release: 'mf-blog@b2' };");
    expect(await watcher.readRecordedHash('mf-blog', 'b2', 'browser/remoteEntry.js')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('starts with the newest good version on the rollback stack when the live one was changed', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'shell@s2');
    await tamper(releasesDir, 'shell@s2', 'browser/remoteEntry.js');
    const state = applyPromotion(applyPromotion(EMPTY, 'shell', 's1', 'ci', AT), 'shell', 's2', 'ci', AT);
    const lines: string[] = [];
    const watcher = await start(releasesDir, createScriptedStore(state).store, lines);
    expect(watcher.current().shell?.version).toBe('s1');
  });

  it('answers a pinned history version only when its files still match, else the live one', async () => {
    const releasesDir = await createReleasesDir('shell@s1', 'mf-blog@b1', 'mf-blog@b2', 'mf-blog@b3');
    let state = applyPromotion(EMPTY, 'shell', 's1', 'ci', AT);
    for (const version of ['b1', 'b2', 'b3']) state = applyPromotion(state, 'mf-blog', version, 'ci', AT);
    const lines: string[] = [];
    const watcher = await start(releasesDir, createScriptedStore(state).store, lines);
    expect((await watcher.pinned('mf-blog@b2')).remotes.find((remote) => remote.name === 'mf-blog')?.version).toBe('b2');

    await tamper(releasesDir, 'mf-blog@b1', 'server/remoteEntry.cjs');
    const pinned = await watcher.pinned('mf-blog@b1');
    expect(pinned.remotes.find((remote) => remote.name === 'mf-blog')?.version).toBe('b3');
    expect(listLiveVersions(pinned)).toEqual({ shell: 's1', 'mf-blog': 'b3' });
    await watcher.pinned('mf-blog@b1');
    expect(lines.filter((line) => line.includes('release refused at load'))).toHaveLength(1);

    // A version that passed its check once and changed afterwards is checked again.
    await tamper(releasesDir, 'mf-blog@b2', 'browser/mf-manifest.json');
    expect(listLiveVersions(await watcher.pinned('mf-blog@b2'))).toEqual({ shell: 's1', 'mf-blog': 'b3' });
    expect(lines.filter((line) => line.includes('release refused at load'))).toHaveLength(2);
  });
});

describe('watchReleases pulls the versions it lacks from the artifact origin', () => {
  /** An origin stand-in over a folder of builds: `pull` copies a version when it is `up`, else fails as a refused connection does. */
  function createOrigin(originDir: string, releasesDir: string) {
    const origin = { up: true, pulls: [] as string[] };
    const pull = async (app: string, version: string) => {
      origin.pulls.push(`${app}@${version}`);
      if (!origin.up) throw new Error('the artifact origin did not answer (ECONNREFUSED)');
      await cp(path.join(originDir, app, version), path.join(releasesDir, app, version), { recursive: true });
    };
    return { origin, pull };
  }

  it('serves from an empty folder what the registry says is live, keeps the last good one while a pull fails, and retries', async () => {
    const originDir = await createReleasesDir('shell@s1', 'mf-blog@b1', 'mf-blog@b2');
    const releasesDir = await mkdtemp(path.join(tmpdir(), 'instance-releases-'));
    const { origin, pull } = createOrigin(originDir, releasesDir);
    let now = 0;
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    const puller = createReleasePuller({ releasesDir, logger, retryMs: 10_000, pull, now: () => now });
    let state = applyPromotion(applyPromotion(EMPTY, 'shell', 's1', 'ci', AT), 'mf-blog', 'b1', 'ci', AT);
    const { store, answerWith } = createScriptedStore(state);
    const watcher = await startWatcher(releasesDir, store, { lines, pull: puller });
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's1', 'mf-blog': 'b1' });
    expect((await readdir(releasesDir)).sort()).toEqual(['mf-blog', 'shell']);
    expect(origin.pulls).toEqual(['shell@s1', 'mf-blog@b1']);

    // b2 is promoted while the origin is away: b1 stays, the log says why, and the origin is not asked on every poll.
    origin.up = false;
    state = applyPromotion(state, 'mf-blog', 'b2', 'ci', AT);
    answerWith(() => state);
    for (let poll = 0; poll < 5; poll += 1) await watcher.refresh();
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's1', 'mf-blog': 'b1' });
    expect(origin.pulls.filter((release) => release === 'mf-blog@b2')).toHaveLength(1);
    const refusals = lines.filter((line) => line.includes('release refused at load: the artifact origin could not give it'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain('ECONNREFUSED');

    // The origin is back: after the retry interval the next poll pulls b2 and switches to it, without a new promote.
    origin.up = true;
    now += 10_000;
    await watcher.refresh();
    expect(listLiveVersions(watcher.current())).toEqual({ shell: 's1', 'mf-blog': 'b2' });
  });

  it('asks the origin once for a version many requests want at the same time', async () => {
    const originDir = await createReleasesDir('mf-blog@b1');
    const releasesDir = await mkdtemp(path.join(tmpdir(), 'instance-releases-'));
    const { origin, pull } = createOrigin(originDir, releasesDir);
    const puller = createReleasePuller({ releasesDir, logger: createLogger('error'), retryMs: 1_000, pull });
    expect(await Promise.all([puller('mf-blog', 'b1'), puller('mf-blog', 'b1'), puller('mf-blog', 'b1')])).toEqual([true, true, true]);
    expect(await puller('mf-blog', 'b1')).toBe(true);
    expect(origin.pulls).toEqual(['mf-blog@b1']);
  });
});
