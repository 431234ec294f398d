import { SQUAD_OF_APP, type SquadName } from '@reelkeep/shared-contracts';
import type { Logger } from '@reelkeep/platform/logger';
import { isEmptyRegistry, type RegistryStore } from '@reelkeep/platform/registry';
import { describeCohort, isEndedCanary, listCanaries, type ActiveCanary } from '@reelkeep/platform/canary';
import { createFallbackWarning } from '@reelkeep/platform/redis';
import { retryWhileDatabaseUnavailable } from '@reelkeep/platform/db';
import type { Gateway, MountedApi } from '@reelkeep/platform/gateway';
import type { SquadApiHost } from '@reelkeep/platform/squad-api-host';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { createVersionChooser } from './loadable-versions.ts';
import type { ReleasePuller } from './release-puller.ts';
import { createReleaseVerifier } from './release-verifier.ts';
import {
  APPS,
  createSnapshotBuilder,
  isPinnable,
  listLiveVersions,
  type AppName,
  type ReleaseSnapshot,
  type ReleaseSwitch,
} from './release-snapshot.ts';
import { createRemoteReleaseReader } from './remote-release-reader.ts';

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

  const { buildSnapshot, buildCohortSnapshot } = createSnapshotBuilder({
    releasesDir: options.releasesDir,
    apiHost: options.apiHost,
    createGateway: options.createGateway,
    readManifest,
    readRemote,
  });
  const chooser = createVersionChooser({ releasesDir: options.releasesDir, logger: options.logger, verifier, readRemote });

  /** The canaries this instance serves (their versions passed their check), and the snapshot of each cohort met so far. */
  let canaries: ActiveCanary[] = [];
  let cohortSnapshots = new Map<string, Promise<ReleaseSnapshot>>();

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
    const versions = await chooser.chooseLiveVersions(state, serving);
    const remotes = await chooser.readLiveRemotes(versions);
    // The new versions' APIs (migrations, module, start) are ready before the switch: no request meets a half-made version.
    const built = await buildSnapshot(state, versions, remotes);
    // docs/releases.md "Canary": the canaries' APIs too, before a visitor of their cohort is served.
    const nextCanaries = await chooser.chooseLoadableCanaries(state, versions);
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
