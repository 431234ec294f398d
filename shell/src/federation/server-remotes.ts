import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { toContainerName, type RemoteName, type RemotePageModule } from '@reelkeep/shared-contracts';
import { acceptPageModule, RemoteUnavailableError, withTimeout } from './page-modules.ts';

/** A remote pinned for one server render: its version and where its server container lies. */
export interface PinnedServerRemote {
  name: RemoteName;
  version: string;
  /** Absolute path of the version's server `remoteEntry.js`. */
  serverEntry: string;
}

const registered = new Set<string>();

// One federation remote per version: a render pinned to an old version keeps using it while a newer one
// is promoted (the runtime keys remotes by name: docs/toolchain.md "One federation instance per remote version").
function toVersionAlias(remote: PinnedServerRemote): string {
  return `${toContainerName(remote.name)}__${remote.version.replace(/[^0-9A-Za-z]/g, '_')}`;
}

/** Loads a pinned remote's page module through the federation runtime, bounded by a time-out. */
export async function loadServerPageModule(remote: PinnedServerRemote, timeoutMs: number): Promise<RemotePageModule> {
  const alias = toVersionAlias(remote);
  if (!registered.has(alias)) {
    registerRemotes([{ name: alias, entry: remote.serverEntry }]);
    registered.add(alias);
  }
  const exported = await withTimeout(
    loadRemote(`${alias}/page`).catch((error: unknown) => {
      throw new RemoteUnavailableError(remote.name, error instanceof Error ? error.message : String(error));
    }),
    timeoutMs,
    () => new RemoteUnavailableError(remote.name, `not loaded within ${timeoutMs} ms`),
  );
  return acceptPageModule(remote.name, exported);
}
