import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { toContainerName, type RemoteName, type RemotePageModule } from '@reelkeep/shared-contracts';
import { acceptPageModule, RemoteUnavailableError, withTimeout } from './page-modules.ts';

/** A remote pinned for one server render: its version and where its server container lies. */
export interface PinnedServerRemote {
  name: RemoteName;
  version: string;
  /** Absolute path of the version's server `remoteEntry.js`. */
  serverEntry: string;
}

declare const __non_webpack_require__: NodeJS.Require;

/** The remotes registered with the federation runtime, by alias, as registered. */
const registered = new Map<string, { remote: PinnedServerRemote; registration: { name: string; entry: string } }>();

// One federation remote per version: a render pinned to an old version keeps using it while a newer one
// is promoted (the runtime keys remotes by name: docs/toolchain.md "One federation instance per remote version").
function toVersionAlias(remote: PinnedServerRemote): string {
  return `${toContainerName(remote.name)}__${remote.version.replace(/[^0-9A-Za-z]/g, '_')}`;
}

/** Loads a pinned remote's page module through the federation runtime, bounded by a time-out. */
export async function loadServerPageModule(remote: PinnedServerRemote, timeoutMs: number): Promise<RemotePageModule> {
  const alias = toVersionAlias(remote);
  if (!registered.has(alias)) {
    const registration = { name: alias, entry: remote.serverEntry };
    registerRemotes([registration]);
    registered.set(alias, { remote, registration });
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

/** The versions whose server containers are loaded, as `name@version`. */
export function listLoadedServerRemotes(): string[] {
  return [...registered.values()].map(({ remote }) => `${remote.name}@${remote.version}`);
}

/**
 * Unloads the server containers of the versions `keep` refuses (docs/operations.md "Memory"): the federation
 * runtime forgets the remote and its module cache, and Node's module cache lets go of the version's server
 * files, so the container's code and data can be collected once no render uses them. A version asked for
 * again later loads afresh. Answers the versions unloaded.
 */
export function unloadServerRemotes(keep: (name: RemoteName, version: string) => boolean): string[] {
  const instance = getInstance();
  const unloaded: string[] = [];
  for (const [alias, { remote, registration }] of registered) {
    if (keep(remote.name, remote.version)) continue;
    registered.delete(alias);
    // The runtime's own removal (used by `registerRemotes(…, { force: true })`), not in its public types.
    (instance?.remoteHandler as unknown as { removeRemote(remote: { name: string; entry: string }): void } | undefined)?.removeRemote(registration);
    // Node's module cache and the requiring module's children would each keep the container alive.
    const cache = __non_webpack_require__.cache;
    const serverDir = remote.serverEntry.slice(0, remote.serverEntry.lastIndexOf('/') + 1);
    const released = Object.keys(cache).filter((file) => file.startsWith(serverDir));
    const modules = new Set(released.map((file) => cache[file]));
    for (const file of released) delete cache[file];
    for (const parent of Object.values(cache)) {
      if (parent) parent.children = parent.children.filter((child) => !modules.has(child));
    }
    unloaded.push(`${remote.name}@${remote.version}`);
  }
  return unloaded;
}
