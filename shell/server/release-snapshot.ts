import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@reelkeep/shared-contracts';
import type { Logger } from '@reelkeep/platform/logger';
import { isEmptyRegistry, type RegistryStore } from '@reelkeep/platform/registry';
import { createFallbackWarning } from '@reelkeep/platform/redis';
import { toReleaseDir } from '@reelkeep/platform/releases';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import type { PinnedRemoteRelease } from '../src/render-contract.ts';

/** The live versions of every app at one moment: a request renders with exactly one snapshot. */
export interface ReleaseSnapshot {
  shell: { version: string; dir: string } | null;
  remotes: PinnedRemoteRelease[];
  state: RegistryState;
}

interface FederationManifest {
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
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
          scripts: (page?.assets.js.sync ?? []).map((file) => base + file),
        };
      })();
      release.catch(() => cache.delete(key));
      cache.set(key, release);
    }
    return release;
  };
}

/** Whether a page rendered with `version` of `app` may keep it: the registry made that version live at some point. */
export function isPinnable(state: RegistryState, app: string, version: string): boolean {
  const entry = state.apps[app];
  if (entry && (entry.live === version || entry.previous.includes(version))) return true;
  return state.history.some((event) => event.app === app && (event.to === version || event.from === version));
}

/** Keeps the live snapshot fresh by polling the registry; switches apply without a restart. */
export async function watchReleases(options: {
  store: RegistryStore;
  releasesDir: string;
  staticBaseUrl: string;
  pollMs: number;
  logger: Logger;
}) {
  const readRemote = createRemoteReleaseReader(options.releasesDir, options.staticBaseUrl);
  let snapshot: ReleaseSnapshot = { shell: null, remotes: [], state: { revision: 0, apps: {}, history: [] } };
  let fingerprint = '';
  const warnEmpty = createFallbackWarning(options.logger, 'registry read as empty: keeping the live releases this instance has');
  const warnPoll = createFallbackWarning(options.logger, 'registry poll failed: keeping the live releases this instance has');

  const refresh = async () => {
    const state = await options.store.read();
    // docs/operations.md "Releases": a good snapshot is never replaced by an empty one (a store that lost its data).
    if (isEmptyRegistry(state) && snapshot.shell) return warnEmpty(new Error('no app is live in the registry'));
    const next = JSON.stringify(state.apps);
    if (next === fingerprint) return;
    const remotes: PinnedRemoteRelease[] = [];
    for (const name of REMOTE_NAMES) {
      const live = state.apps[name]?.live;
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
    const shellVersion = state.apps.shell?.live;
    snapshot = {
      shell: shellVersion ? { version: shellVersion, dir: toReleaseDir(options.releasesDir, 'shell', shellVersion) } : null,
      remotes,
      state,
    };
    if (fingerprint) options.logger.info('live releases changed', { live: Object.fromEntries(Object.entries(state.apps).map(([app, e]) => [app, e.live])) });
    fingerprint = next;
  };

  await refresh();
  const timer = setInterval(() => {
    refresh().catch(warnPoll);
  }, options.pollMs);
  timer.unref();

  return {
    current: () => snapshot,
    /**
     * A snapshot whose remotes follow the versions a page was rendered with (client navigations). Only a
     * version the registry has made live (now, on the rollback stack, or in the history) may be named: it was
     * verified when promoted. Any other value of the header falls back to the live version.
     */
    async pinned(requested: string | undefined): Promise<ReleaseSnapshot> {
      if (!requested) return snapshot;
      const remotes = await Promise.all(
        snapshot.remotes.map(async (live) => {
          const wanted = new RegExp(`(?:^|,)${live.name}@([0-9A-Za-z.+-]+)(?:,|$)`).exec(requested)?.[1];
          if (!wanted || wanted === live.version || !isPinnable(snapshot.state, live.name, wanted)) return live;
          return readRemote(live.name, wanted).catch(() => live);
        }),
      );
      return { ...snapshot, remotes };
    },
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** The release watcher. */
export type ReleaseWatcher = Awaited<ReturnType<typeof watchReleases>>;
