import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isContractCompatible, toContainerName, type RemoteName, type RemotePageModule } from '@reelkeep/shared-contracts';
import { findConsoleModuleProblem, type ConsoleModule } from '@reelkeep/shared-contracts/console';
import { acceptPageModule, RemoteUnavailableError, withTimeout } from './page-modules.ts';

/** A remote pinned for one server render: its version and where its server container lies. */
export interface PinnedServerRemote {
  name: RemoteName;
  version: string;
  /** Absolute path of the version's server `remoteEntry.js`. */
  serverEntry: string;
}

/**
 * The aliases registered with the federation runtime. A process keeps every version it has loaded until it
 * exits: a worker of a supervised host is replaced after a release switch, which is what gives the memory back
 * (docs/adr/0016-process-rollover.md).
 */
const registered = new Set<string>();

// One federation remote per version: a render pinned to an old version keeps using it while a newer one
// is promoted (the runtime keys remotes by name: docs/toolchain.md "One federation instance per remote version").
function toVersionAlias(remote: PinnedServerRemote): string {
  return `${toContainerName(remote.name)}__${remote.version.replace(/[^0-9A-Za-z]/g, '_')}`;
}

/** Registers a pinned version with the federation runtime once (its container starts on its first load). */
function registerVersion(remote: PinnedServerRemote): string {
  const alias = toVersionAlias(remote);
  if (!registered.has(alias)) {
    registerRemotes([{ name: alias, entry: remote.serverEntry }]);
    registered.add(alias);
  }
  return alias;
}

/** Loads one exposed module of a pinned version, bounded by a time-out; any failure is a RemoteUnavailableError. */
function loadExposed(remote: PinnedServerRemote, expose: 'page' | 'console', timeoutMs: number): Promise<unknown> {
  const alias = registerVersion(remote);
  return withTimeout(
    loadRemote(`${alias}/${expose}`).catch((error: unknown) => {
      throw new RemoteUnavailableError(remote.name, error instanceof Error ? error.message : String(error));
    }),
    timeoutMs,
    () => new RemoteUnavailableError(remote.name, `not loaded within ${timeoutMs} ms`),
  );
}

/** Loads a pinned remote's page module through the federation runtime, bounded by a time-out. */
export async function loadServerPageModule(remote: PinnedServerRemote, timeoutMs: number): Promise<RemotePageModule> {
  return acceptPageModule(remote.name, await loadExposed(remote, 'page', timeoutMs));
}

/**
 * Loads a pinned remote's console sections (its `./console`, docs/console.md "Squad sections") from the same
 * container as its pages: the version the registry has live.
 */
export async function loadServerConsoleModule(remote: PinnedServerRemote, timeoutMs: number): Promise<ConsoleModule> {
  const exported = await loadExposed(remote, 'console', timeoutMs);
  const problem = findConsoleModuleProblem(exported, (version) => isContractCompatible(version));
  if (problem) throw new RemoteUnavailableError(remote.name, problem);
  return ((exported as { default?: ConsoleModule }).default ?? exported) as ConsoleModule;
}
