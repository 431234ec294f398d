import { REMOTE_NAMES, SQUAD_OF_APP, type RemoteName, type SquadName } from '@reelkeep/shared-contracts';
import { describeCohort, type ActiveCanary } from '@reelkeep/platform/canary';
import { toReleaseDir } from '@reelkeep/platform/releases';
import type { Gateway, MountedApi } from '@reelkeep/platform/gateway';
import type { BrowserOrigins } from '@reelkeep/platform/host-context';
import type { SquadApiHost } from '@reelkeep/platform/squad-api-host';
import type { RegistryState, ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import type { PinnedRemoteRelease } from '../../src/render-contract.ts';
import { mergeBrowserOrigins } from '../http/security-headers.ts';

/** The apps of a snapshot: the shell and the remotes. */
export type AppName = RemoteName | 'shell';
/** Every app a snapshot can hold, the shell first. */
export const APPS: readonly AppName[] = ['shell', ...REMOTE_NAMES];

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

/**
 * Makes the snapshots of one release watcher: each version's squad API is prepared (migrations, module, start)
 * before the snapshot that carries it is handed out, so no request meets a half-made version.
 */
export function createSnapshotBuilder(options: {
  releasesDir: string;
  apiHost: SquadApiHost;
  /** The gateway of a snapshot, routing to its squads' APIs. */
  createGateway: (findApi: (squad: SquadName) => MountedApi | undefined) => Gateway;
  /** A version's manifest once it passed its load-time check, null when it is refused (`createReleaseVerifier`). */
  readManifest: (app: AppName, version: string) => Promise<ReleaseManifest | null>;
  /** A remote version's entry points (`createRemoteReleaseReader`). */
  readRemote: (name: RemoteName, version: string) => Promise<PinnedRemoteRelease>;
}) {
  /** The squad API a version of an app carries, prepared (migrations, module, start) before any request uses it. */
  async function prepareApi(app: AppName, version: string): Promise<{ squad: SquadName; api: MountedApi; origins: BrowserOrigins } | null> {
    const manifest = await options.readManifest(app, version);
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

  /** docs/releases.md "Canary": the live snapshot with the versions of `pins` (`app@version`) in place of the live ones. */
  async function buildCohortSnapshot(base: ReleaseSnapshot, pins: readonly ActiveCanary[]): Promise<ReleaseSnapshot> {
    const versions = listLiveVersions(base);
    const remotes = [...base.remotes];
    for (const pin of pins) {
      const app = pin.app as AppName;
      versions[app] = pin.version;
      const index = remotes.findIndex((remote) => remote.name === app);
      if (index >= 0) remotes[index] = await options.readRemote(app as RemoteName, pin.version);
    }
    return buildSnapshot(base.state, versions, remotes, describeCohort(pins.map((pin) => `${pin.app}@${pin.version}`)));
  }

  return { buildSnapshot, buildCohortSnapshot };
}
