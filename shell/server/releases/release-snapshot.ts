import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, SQUAD_OF_APP, type RemoteName, type SquadName } from '@reelkeep/shared-contracts';
import type { Logger } from '@reelkeep/platform/logger';
import { isEmptyRegistry, type RegistryStore } from '@reelkeep/platform/registry';
import { describeCohort, isEndedCanary, listCanaries, type ActiveCanary } from '@reelkeep/platform/canary';
import { createFallbackWarning } from '@reelkeep/platform/redis';
import { retryWhileDatabaseUnavailable } from '@reelkeep/platform/db';
import { findReleaseProblems, listFiles, readReleaseManifest, RELEASE_MANIFEST_FILE, toReleaseDir } from '@reelkeep/platform/releases';
import type { Gateway, MountedApi } from '@reelkeep/platform/gateway';
import type { BrowserOrigins } from '@reelkeep/platform/host-context';
import type { SquadApiHost } from '@reelkeep/platform/squad-api-host';
import type { RegistryState, ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import type { PinnedRemoteRelease } from '../../src/render-contract.ts';
import { mergeBrowserOrigins } from '../http/security-headers.ts';

/** The apps of a snapshot: the shell and the remotes. */
type AppName = RemoteName | 'shell';
const APPS: readonly AppName[] = ['shell', ...REMOTE_NAMES];

/**
 * The live versions of every app at one moment, with each squad's API as those versions carry it: a
 * request renders and calls APIs with exactly one snapshot (docs/releases.md "Switching").
 */
export interface ReleaseSnapshot {
  shell: { version: string; dir: string } | null;
  remotes: PinnedRemoteRelease[];
  state: RegistryState;
  /** Each squad's API in this snapshot, and the gateway that routes to them. */
  apis: ReadonlyMap<SquadName, MountedApi>;
  gateway: Gateway;
  /** What the live squads' pages need in the CSP. */
  browserOrigins: Required<BrowserOrigins>;
  /** The folder of each app's version in this snapshot (its `public/` files are served at `/assets/<squad>/`). */
  dirs: Partial<Record<AppName, string>>;
  /** The canary versions this snapshot serves (docs/releases.md "Canary"): `-` for the stable one, else `app@version+…`. */
  cohort: string;
}

interface FederationManifest {
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[]; async?: string[] } } }[];
}

/** One app whose live version changed (`from` is absent for an app that just appeared, `to` for one withdrawn). */
export interface ReleaseSwitch {
  app: string;
  from?: string;
  to?: string;
}

/** The version of each app in a snapshot. */
export function listLiveVersions(snapshot: Pick<ReleaseSnapshot, 'shell' | 'remotes'>): Partial<Record<AppName, string>> {
  const versions: Partial<Record<AppName, string>> = {};
  if (snapshot.shell) versions.shell = snapshot.shell.version;
  for (const remote of snapshot.remotes) versions[remote.name] = remote.version;
  return versions;
}

/** Whether a page rendered with `version` of `app` may keep it: the registry made that version live at some point. */
export function isPinnable(state: RegistryState, app: string, version: string): boolean {
  const entry = state.apps[app];
  if (entry && (entry.live === version || entry.previous.includes(version) || entry.canary?.version === version)) return true;
  return state.history.some((event) => event.app === app && (event.to === version || event.from === version));
}

/** Reads a remote release's browser and server entry points (cached: a version never changes). */
export function createRemoteReleaseReader(releasesDir: string, staticBaseUrl: string) {
  const cache = new Map<string, Promise<PinnedRemoteRelease>>();
  return (name: RemoteName, version: string): Promise<PinnedRemoteRelease> => {
    const key = `${name}@${version}`;
    let release = cache.get(key);
    if (!release) {
      release = (async () => {
        const dir = toReleaseDir(releasesDir, name, version);
        const base = `${staticBaseUrl}/static/${name}/${version}/`;
        const manifest = JSON.parse(await readFile(path.join(dir, 'browser', 'mf-manifest.json'), 'utf8')) as FederationManifest;
        const page = manifest.exposes.find((expose) => expose.path === './page');
        return {
          name,
          version,
          entry: `${base}remoteEntry.js`,
          serverEntry: path.join(dir, 'server', 'remoteEntry.cjs'),
          styles: (page?.assets.css.sync ?? []).map((file) => base + file),
          lazyStyles: (page?.assets.css.async ?? []).map((file) => base + file),
          scripts: (page?.assets.js.sync ?? []).map((file) => base + file),
        };
      })();
      release.catch(() => cache.delete(key));
      cache.set(key, release);
    }
    return release;
  };
}

/** What changes when any file of a folder changes (content, metadata, added, removed): its names, inodes, sizes and times. */
async function readFolderFingerprint(dir: string): Promise<string> {
  const files = await listFiles(dir).catch(() => []);
  const stats = await Promise.all(
    files.map((file) =>
      stat(path.join(dir, file)).then(
        (info) => `${file}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`,
        () => `${file}:gone`,
      ),
    ),
  );
  return stats.join('\n');
}

/**
 * Checks a version of an app before any of it loads (docs/releases.md "Loading"): its manifest names it, its
 * contract is compatible and every file matches the sha256 recorded at build, as at promote. The verdict is
 * kept while no file of the version's folder changes (a stat of each, never a new hash), so a folder changed
 * after a check is checked again, and a refusal is logged once per change. Resolves to the version's
 * manifest, or null when it is refused.
 */
export function createReleaseVerifier(releasesDir: string, logger: Logger, options: { pull?: ReleasePuller } = {}) {
  const verdicts = new Map<string, { fingerprint: string; verdict: Promise<ReleaseManifest | null> }>();
  const check = (app: string, version: string) =>
    findReleaseProblems(releasesDir, app, version).then(async (problems) => {
      if (problems.length === 0) return readReleaseManifest(releasesDir, app, version);
      logger.error('release refused at load: it is not the build that was promoted', { app, version, problems: problems.slice(0, 20) });
      return null;
    });
  return {
    async verify(app: string, version: string): Promise<ReleaseManifest | null> {
      const key = `${app}@${version}`;
      if (options.pull && !(await options.pull(app, version))) return null;
      const fingerprint = await readFolderFingerprint(toReleaseDir(releasesDir, app, version));
      const known = verdicts.get(key);
      if (known?.fingerprint === fingerprint) return known.verdict;
      const verdict = check(app, version);
      verdicts.set(key, { fingerprint, verdict });
      return verdict;
    },
    /**
     * The manifest of a version that passed its last check, without looking at its folder again (the caller
     * hashes what it reads); a version refused, or never checked, is checked (again) now.
     */
    async lastVerdict(app: string, version: string): Promise<ReleaseManifest | null> {
      return (await verdicts.get(`${app}@${version}`)?.verdict) ?? this.verify(app, version);
    },
    /** Forgets the verdicts on every version `keep` no longer wants. */
    forget(keep: (app: string, version: string) => boolean): void {
      for (const key of verdicts.keys()) {
        const at = key.indexOf('@');
        if (!keep(key.slice(0, at), key.slice(at + 1))) verdicts.delete(key);
      }
    },
  };
}

/**
 * Makes sure a version's folder is on disk before it is checked (docs/releases.md "Artifact origin"): true when
 * it is there (already, or pulled now), false when the origin could not give it (the version is refused).
 */
export type ReleasePuller = (app: string, version: string) => Promise<boolean>;

/**
 * The puller of an instance with an artifact origin: a version whose folder lacks its manifest is pulled
 * (`pull`, which checks every hash and writes nothing on a failure), one pull per version at a time. A failed
 * pull is logged with its reason and the version refused; it is tried again after `retryMs`, so an origin that
 * was away or a copy repaired there is picked up without a restart.
 */
export function createReleasePuller(options: {
  releasesDir: string;
  logger: Logger;
  retryMs: number;
  pull: (app: string, version: string) => Promise<unknown>;
  now?: () => number;
}): ReleasePuller {
  const now = options.now ?? Date.now;
  const pulling = new Map<string, Promise<boolean>>();
  const failedAt = new Map<string, number>();
  return async (app, version) => {
    const key = `${app}@${version}`;
    const manifest = path.join(toReleaseDir(options.releasesDir, app, version), RELEASE_MANIFEST_FILE);
    if (
      await stat(manifest).then(
        () => true,
        () => false,
      )
    )
      return true;
    const failed = failedAt.get(key);
    if (failed !== undefined && now() - failed < options.retryMs) return false;
    let pull = pulling.get(key);
    if (!pull) {
      pull = options.pull(app, version).then(
        () => {
          failedAt.delete(key);
          options.logger.info('release pulled from the artifact origin', { app, version });
          return true;
        },
        (error: unknown) => {
          failedAt.set(key, now());
          options.logger.error('release refused at load: the artifact origin could not give it', { app, version, reason: (error as Error).message });
          return false;
        },
      );
      pulling.set(key, pull);
      void pull.finally(() => pulling.delete(key));
    }
    return pull;
  };
}

/** Keeps the live snapshot fresh by polling the registry; switches apply without a restart. */
export async function watchReleases(options: {
  store: RegistryStore;
  releasesDir: string;
  staticBaseUrl: string;
  pollMs: number;
  logger: Logger;
  apiHost: SquadApiHost;
  /** The gateway of a snapshot, routing to its squads' APIs. */
  createGateway: (findApi: (squad: SquadName) => MountedApi | undefined) => Gateway;
  /** Told, once the new snapshot serves, which apps' live versions changed (the page cache drops what they named). */
  onSwitch?: (switched: ReleaseSwitch[]) => Promise<void>;
  /** Brings a version this instance lacks from the artifact origin (absent: every version must be on disk). */
  pull?: ReleasePuller;
}) {
  const unloaders: ((keep: (app: string, version: string) => boolean) => void)[] = [];
  const switchListeners: ((switched: readonly ReleaseSwitch[]) => void)[] = [];
  /** Tells the page cache, then whoever listens, which apps' versions changed (once the new snapshot serves). */
  const announceSwitch = async (switched: ReleaseSwitch[]) => {
    await options.onSwitch?.(switched);
    for (const listener of switchListeners) listener(switched);
  };
  const readRemote = createRemoteReleaseReader(options.releasesDir, options.staticBaseUrl);
  const verifier = createReleaseVerifier(options.releasesDir, options.logger, { pull: options.pull });
  const readManifest = (app: AppName, version: string) => verifier.verify(app, version);

  /**
   * The version of `app` this instance may load for a registry entry: the live one if it passes its check,
   * else the version this instance serves now, else the newest on the rollback stack that passes.
   */
  async function chooseLoadableVersion(app: AppName, entry: { live: string; previous: string[] }, serving: string | undefined) {
    if (await verifier.verify(app, entry.live)) return entry.live;
    if (serving) return serving;
    for (const version of [...entry.previous].reverse()) if (await verifier.verify(app, version)) return version;
    return undefined;
  }

  /** The squad API a version of an app carries, prepared (migrations, module, start) before any request uses it. */
  async function prepareApi(app: AppName, version: string): Promise<{ squad: SquadName; api: MountedApi; origins: BrowserOrigins } | null> {
    const manifest = await readManifest(app, version);
    const squad = SQUAD_OF_APP[app];
    if (!manifest?.api) return null;
    const prepared = await options.apiHost.prepare(squad, version, toReleaseDir(options.releasesDir, app, version));
    return { squad, api: prepared.api, origins: prepared.browserOrigins };
  }

  /** Builds a snapshot for these versions; resolves once each version's API is ready (or known to have failed). */
  async function buildSnapshot(
    state: RegistryState,
    versions: Partial<Record<AppName, string>>,
    remotes: PinnedRemoteRelease[],
    cohort = '-',
  ): Promise<ReleaseSnapshot> {
    const apis = new Map<SquadName, MountedApi>();
    const origins: BrowserOrigins[] = [];
    const dirs: Partial<Record<AppName, string>> = {};
    await Promise.all(
      APPS.map(async (app) => {
        const version = versions[app];
        if (!version) return;
        dirs[app] = toReleaseDir(options.releasesDir, app, version);
        const prepared = await prepareApi(app, version);
        if (!prepared) return;
        apis.set(prepared.squad, prepared.api);
        origins.push(prepared.origins);
      }),
    );
    const shellVersion = versions.shell;
    return {
      shell: shellVersion ? { version: shellVersion, dir: toReleaseDir(options.releasesDir, 'shell', shellVersion) } : null,
      remotes,
      state,
      apis,
      gateway: options.createGateway((squad) => apis.get(squad)),
      browserOrigins: mergeBrowserOrigins(origins),
      dirs,
      cohort,
    };
  }

  /** The canaries this instance serves (their versions passed their check), and the snapshot of each cohort met so far. */
  let canaries: ActiveCanary[] = [];
  let cohortSnapshots = new Map<string, Promise<ReleaseSnapshot>>();

  /** docs/releases.md "Canary": the live snapshot with the versions of `pins` (`app@version`) in place of the live ones. */
  async function buildCohortSnapshot(base: ReleaseSnapshot, pins: readonly ActiveCanary[]): Promise<ReleaseSnapshot> {
    const versions = listLiveVersions(base);
    const remotes = [...base.remotes];
    for (const pin of pins) {
      const app = pin.app as AppName;
      versions[app] = pin.version;
      const index = remotes.findIndex((remote) => remote.name === app);
      if (index >= 0) remotes[index] = await readRemote(app as RemoteName, pin.version);
    }
    return buildSnapshot(base.state, versions, remotes, describeCohort(pins.map((pin) => `${pin.app}@${pin.version}`)));
  }

  /** The canaries of a registry this instance can serve: each one's version passes its load-time check. */
  async function chooseLoadableCanaries(state: RegistryState, versions: Partial<Record<AppName, string>>): Promise<ActiveCanary[]> {
    const loadable: ActiveCanary[] = [];
    for (const canary of listCanaries(state)) {
      if (!(APPS as readonly string[]).includes(canary.app) || versions[canary.app as AppName] === canary.version) continue;
      if (!(await verifier.verify(canary.app, canary.version))) continue;
      if ((REMOTE_NAMES as readonly string[]).includes(canary.app)) {
        const readable = await readRemote(canary.app as RemoteName, canary.version).then(
          () => true,
          (error: unknown) => (options.logger.error('canary release unreadable', { app: canary.app, version: canary.version, error }), false),
        );
        if (!readable) continue;
      }
      loadable.push(canary);
    }
    return loadable;
  }

  /** The newest registry state seen: a refresh that read an older one never brings back a canary it ended. */
  let newestSeen: RegistryState = { revision: -1, apps: {}, history: [] };
  /** The canaries of a refresh, as the newest registry state seen carries them (ended ones out, shares current). */
  const reconcileCanaries = (list: ActiveCanary[]): ActiveCanary[] =>
    list.flatMap((canary) => listCanaries(newestSeen).filter((entry) => entry.app === canary.app && entry.version === canary.version));

  /**
   * docs/releases.md "Canary": a canary the registry no longer carries stops serving at once, and a new share takes
   * effect at once, before the checks a refresh runs on the live versions (seconds on a busy instance): ending a
   * canary, or moving its share, needs nothing prepared. Its pages leave the caches as a switched version's do.
   */
  async function followCanaries(state: RegistryState): Promise<void> {
    if (state.revision < newestSeen.revision) return;
    newestSeen = state;
    const carried = listCanaries(state);
    const kept = canaries.flatMap((canary) => carried.filter((entry) => entry.app === canary.app && entry.version === canary.version));
    const ended = canaries.filter((canary) => !kept.some((entry) => entry.app === canary.app));
    if (ended.length === 0 && kept.every((entry, index) => entry.percent === canaries[index]?.percent)) return;
    canaries = kept;
    if (ended.length === 0) return;
    cohortSnapshots = new Map();
    const live = listLiveVersions(snapshot);
    await announceSwitch(ended.map((canary) => ({ app: canary.app, from: canary.version, to: live[canary.app as AppName] })));
  }

  let snapshot: ReleaseSnapshot = await buildSnapshot({ revision: 0, apps: {}, history: [] }, {}, []);
  let fingerprint = '';
  const warnEmpty = createFallbackWarning(options.logger, 'registry read as empty: keeping the live releases this instance has');
  const warnPoll = createFallbackWarning(options.logger, 'registry poll failed: keeping the live releases this instance has');

  const refreshOnce = async () => {
    const state = await options.store.read();
    // docs/operations.md "Releases": a good snapshot is never replaced by an empty one (a store that lost its data).
    if (isEmptyRegistry(state) && snapshot.shell) return warnEmpty(new Error('no app is live in the registry'));
    await followCanaries(state);
    const next = `${state.revision} ${JSON.stringify(state.apps)}`;
    // docs/operations.md "When PostgreSQL is down": a squad API that failed (its database was away) is tried again.
    const retrying =
      [...snapshot.apis.values()].some((api) => api.state === 'failed') ||
      // docs/releases.md "Artifact origin": a live version refused (not pulled yet, or not good) is looked at again.
      (options.pull !== undefined && APPS.some((app) => state.apps[app] !== undefined && listLiveVersions(snapshot)[app] !== state.apps[app]!.live));
    if (next === fingerprint && !retrying) return;
    verifier.forget((app, version) => isPinnable(state, app, version));
    const serving = listLiveVersions(snapshot);
    const versions: Partial<Record<AppName, string>> = {};
    // The live versions are checked (and pulled from the artifact origin when missing) side by side; the choice below reuses the verdicts.
    await Promise.all(APPS.map((app) => (state.apps[app] ? verifier.verify(app, state.apps[app].live) : null)));
    for (const app of APPS) {
      const entry = state.apps[app];
      const version = entry ? await chooseLoadableVersion(app, entry, serving[app]) : undefined;
      if (version) versions[app] = version;
    }
    const remotes: PinnedRemoteRelease[] = [];
    for (const name of REMOTE_NAMES) {
      const live = versions[name];
      if (!live) continue;
      try {
        remotes.push(await readRemote(name, live));
      } catch (error) {
        // The remote stays listed so its region shows the fallback (its server entry will fail to load).
        options.logger.error('live remote release unreadable', { remote: name, version: live, error });
        const dir = toReleaseDir(options.releasesDir, name, live);
        remotes.push({ name, version: live, entry: '', serverEntry: path.join(dir, 'server', 'remoteEntry.cjs'), styles: [], scripts: [] });
      }
    }
    // The new versions' APIs (migrations, module, start) are ready before the switch: no request meets a half-made version.
    const built = await buildSnapshot(state, versions, remotes);
    // docs/releases.md "Canary": the canaries' APIs too, before a visitor of their cohort is served.
    const nextCanaries = await chooseLoadableCanaries(state, versions);
    const nextCohorts = new Map<string, Promise<ReleaseSnapshot>>();
    if (nextCanaries.length > 0) {
      const all = await buildCohortSnapshot(built, nextCanaries);
      nextCohorts.set(all.cohort, Promise.resolve(all));
    }
    // The same versions with the same prepared APIs (a failed one not due for a retry yet): nothing to switch.
    const before = listLiveVersions(snapshot);
    const sameVersions = APPS.every((app) => before[app] === versions[app]);
    if (next === fingerprint && sameVersions && [...built.apis].every(([squad, api]) => snapshot.apis.get(squad) === api)) return;
    const endedCanaries = canaries.filter((canary) => !nextCanaries.some((kept) => kept.app === canary.app && kept.version === canary.version));
    snapshot = built;
    canaries = reconcileCanaries(nextCanaries);
    cohortSnapshots = canaries.length === nextCanaries.length ? nextCohorts : new Map();
    if (fingerprint && APPS.some((app) => before[app] !== versions[app])) options.logger.info('live releases changed', { live: versions });
    fingerprint = next;
    const switched = APPS.flatMap((app): ReleaseSwitch[] => (before[app] === versions[app] ? [] : [{ app, from: before[app], to: versions[app] }]));
    // A canary that ended (rolled back, or promoted) leaves no page of its cohort in the caches.
    for (const ended of endedCanaries)
      if (ended.version !== versions[ended.app as AppName])
        switched.push({ app: ended.app, from: ended.version, to: versions[ended.app as AppName] });
    if (switched.length > 0) await announceSwitch(switched);
    // Versions no page may name any more are stopped and forgotten (docs/operations.md "Memory").
    options.apiHost.forget((squad, version) => APPS.some((app) => SQUAD_OF_APP[app] === squad && isPinnable(state, app, version)));
    for (const unload of unloaders) unload((app, version) => isPinnable(state, app, version));
  };

  // One refresh at a time, each reading the registry when it starts: a refresh asked for while one runs (a canary's
  // verdict applied by this instance) runs after it, so an older read never replaces what a newer one served.
  let refreshing: Promise<void> = Promise.resolve();
  const refresh = (): Promise<void> => {
    const next = refreshing.then(refreshOnce, refreshOnce);
    refreshing = next.catch(() => undefined);
    return next;
  };

  // docs/operations.md "When PostgreSQL is down": a host starting while the registry cannot be read waits for it.
  await retryWhileDatabaseUnavailable(refresh, { logger: options.logger, step: 'registry' });
  let polling = false;
  /** Reads the registry and follows its canaries now, without waiting for a refresh that runs (checks can take seconds). */
  const followRegistry = () =>
    options.store
      .read()
      .then(followCanaries)
      .catch(() => undefined);
  const timer = setInterval(() => {
    if (polling) return void followRegistry();
    polling = true;
    refresh()
      .catch(warnPoll)
      .finally(() => (polling = false));
  }, options.pollMs);
  timer.unref();

  return {
    current: () => snapshot,
    /** The canaries this instance serves now (docs/releases.md "Canary"). */
    canaries: (): readonly ActiveCanary[] => canaries,
    /**
     * The snapshot of a cohort: the live one with the canary versions `pins` names (`app@version`, as `decideCohort`
     * chose them) in their place; pins naming no canary this instance serves are ignored.
     */
    async forCohort(pins: readonly string[]): Promise<ReleaseSnapshot> {
      const chosen = canaries.filter((canary) => pins.includes(`${canary.app}@${canary.version}`));
      if (chosen.length === 0) return snapshot;
      const key = describeCohort(chosen.map((canary) => `${canary.app}@${canary.version}`));
      let cohort = cohortSnapshots.get(key);
      if (!cohort) {
        const map = cohortSnapshots;
        cohort = buildCohortSnapshot(snapshot, chosen);
        cohort.catch(() => map.delete(key));
        map.set(key, cohort);
      }
      return cohort;
    },
    /**
     * A snapshot whose remotes (and their APIs) follow the versions a page was rendered with (client
     * navigations). Only a version the registry has made live (now, on the rollback stack, or in the history)
     * may be named, and it passes the same check as a live version before it loads (docs/releases.md
     * "Loading"). Any other value of the header falls back to the live version.
     */
    async pinned(requested: string | undefined, base: ReleaseSnapshot = snapshot): Promise<ReleaseSnapshot> {
      if (!requested) return base;
      const current = base;
      const versions = listLiveVersions(current);
      let changed = false;
      const remotes = await Promise.all(
        current.remotes.map(async (live) => {
          const wanted = new RegExp(`(?:^|,)${live.name}@([0-9A-Za-z.+-]+)(?:,|$)`).exec(requested)?.[1];
          if (!wanted || wanted === live.version || !isPinnable(current.state, live.name, wanted)) return live;
          // docs/releases.md "Canary": a canary rolled back is never served again, even to the pages it rendered.
          if (isEndedCanary(current.state, live.name, wanted)) return live;
          if (!(await verifier.verify(live.name, wanted))) return live;
          const pinned = await readRemote(live.name, wanted).catch(() => null);
          if (!pinned) return live;
          versions[live.name] = wanted;
          changed = true;
          return pinned;
        }),
      );
      return changed ? buildSnapshot(current.state, versions, remotes, current.cohort) : current;
    },
    refresh,
    followRegistry,
    /**
     * The sha256 recorded at build for a file of a version (`browser/…`, `public/…`), once that version has
     * passed its load-time check; undefined for a version the registry never made live, a refused one, or a
     * file its build did not have. Files are
     * served only when their bytes still match it.
     */
    async readRecordedHash(app: string, version: string, file: string): Promise<string | undefined> {
      if (!(APPS as readonly string[]).includes(app) || !isPinnable(snapshot.state, app, version)) return undefined;
      return (await verifier.lastVerdict(app, version))?.files[file];
    },
    /**
     * Calls `unload` after each switch with the rule of what to keep: a version of an app stays while the
     * registry lists it (docs/operations.md "Memory"); the translations of the others are dropped.
     */
    onUnload(unload: (keep: (app: string, version: string) => boolean) => void): void {
      unloaders.push(unload);
    },
    /**
     * Calls `listener` after each switch once the new snapshot serves: a live version changed, or a canary
     * ended (a canary starting or changing its share is no switch). The switches of the start are not told.
     * A supervised worker tells its primary, which rolls the workers over (docs/adr/0016-process-rollover.md).
     */
    onSwitched(listener: (switched: readonly ReleaseSwitch[]) => void): void {
      switchListeners.push(listener);
    },
    stop: () => clearInterval(timer),
  };
}

/** The release watcher. */
export type ReleaseWatcher = Awaited<ReturnType<typeof watchReleases>>;
