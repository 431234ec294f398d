import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@reelkeep/shared-contracts';
import type { Logger } from '@reelkeep/platform/logger';
import { listCanaries, type ActiveCanary } from '@reelkeep/platform/canary';
import { toReleaseDir } from '@reelkeep/platform/releases';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import type { PinnedRemoteRelease } from '../../src/render-contract.ts';
import type { ReleaseVerifier } from './release-verifier.ts';
import { APPS, type AppName } from './release-snapshot.ts';

/**
 * Which versions of a registry state this instance may load (docs/releases.md "Loading"): each one passes its
 * load-time check first, and a version refused never replaces one that serves.
 */
export function createVersionChooser(options: {
  releasesDir: string;
  logger: Logger;
  verifier: Pick<ReleaseVerifier, 'verify'>;
  readRemote: (name: RemoteName, version: string) => Promise<PinnedRemoteRelease>;
}) {
  const { verifier, readRemote } = options;

  /**
   * The version of `app` this instance may load for a registry entry: the live one if it passes its check,
   * else the version this instance serves now, else the newest on the rollback stack that passes.
   */
  async function chooseLoadableVersion(app: AppName, entry: { live: string; previous: string[] }, serving: string | undefined, liveIsGood: boolean) {
    if (liveIsGood) return entry.live;
    if (serving) return serving;
    for (const version of [...entry.previous].reverse()) if (await verifier.verify(app, version)) return version;
    return undefined;
  }

  /** The version of each app of `state` to serve, given what this instance serves now (`serving`). */
  async function chooseLiveVersions(state: RegistryState, serving: Partial<Record<AppName, string>>): Promise<Partial<Record<AppName, string>>> {
    const versions: Partial<Record<AppName, string>> = {};
    // The live versions are checked (and pulled from the artifact origin when missing) side by side, once: on an
    // instance busy with pages every check waits for turns of its event loop, so the choice below reuses the verdicts.
    const good = await Promise.all(APPS.map(async (app) => (state.apps[app] ? (await verifier.verify(app, state.apps[app].live)) !== null : false)));
    for (const [index, app] of APPS.entries()) {
      const entry = state.apps[app];
      const version = entry ? await chooseLoadableVersion(app, entry, serving[app], good[index]!) : undefined;
      if (version) versions[app] = version;
    }
    return versions;
  }

  /** The entry points of the remotes among `versions`, in the order of REMOTE_NAMES. */
  async function readLiveRemotes(versions: Partial<Record<AppName, string>>): Promise<PinnedRemoteRelease[]> {
    // Side by side, in the order of REMOTE_NAMES: each read waits for turns of a possibly busy event loop.
    const remotes = await Promise.all(
      REMOTE_NAMES.map(async (name): Promise<PinnedRemoteRelease | null> => {
        const live = versions[name];
        if (!live) return null;
        try {
          return await readRemote(name, live);
        } catch (error) {
          // The remote stays listed so its region shows the fallback (its server entry will fail to load).
          options.logger.error('live remote release unreadable', { remote: name, version: live, error });
          const dir = toReleaseDir(options.releasesDir, name, live);
          return { name, version: live, entry: '', serverEntry: path.join(dir, 'server', 'remoteEntry.cjs'), styles: [], scripts: [] };
        }
      }),
    );
    return remotes.filter((remote): remote is PinnedRemoteRelease => remote !== null);
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

  return { chooseLiveVersions, readLiveRemotes, chooseLoadableCanaries };
}
