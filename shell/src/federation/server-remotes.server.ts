import { realpathSync } from 'node:fs';
import path from 'node:path';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
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

declare const __non_webpack_require__: NodeJS.Require;

/** A version registered with the federation runtime. */
interface RegisteredRemote {
  remote: PinnedServerRemote;
  registration: { name: string; entry: string };
  /** Its container's first load, settled (never failing, holding no module) once the container has started. */
  started: Promise<unknown>;
  /** The real path of the version's server folder, with a trailing separator: how Node's module cache names its files. */
  serverDir: string;
}

/** The remotes registered with the federation runtime, by alias. */
const registered = new Map<string, RegisteredRemote>();

/** The first load of the latest version of each container, by container name: the next version's waits for it. */
const lastFirstLoads = new Map<string, Promise<unknown>>();

/** The part of the federation runtime's global state the unload reaches into (not in its public types). */
interface FederationGlobal {
  __FEDERATION__?: { __INSTANCES__?: { name: string }[] };
}

/** The real path of a server entry's folder (Node keys its module cache by real paths; releases may sit behind a link). */
function toRealServerDir(serverEntry: string): string {
  const dir = path.dirname(serverEntry);
  try {
    return realpathSync(dir) + path.sep;
  } catch {
    return dir + path.sep;
  }
}

/** Settles when `work` does or after `ms`, whichever comes first, without keeping the process alive. */
function waitAtMost(work: Promise<unknown>, ms: number): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    work.then(resolve, resolve).finally(() => clearTimeout(timer));
  });
}

/**
 * Takes the federation instances a remote's containers created out of the runtime's global list. A container
 * reuses the listed instance of its name when it starts, so without this every later version of a remote
 * would run on the instance (and the code) of the first version loaded, which could then never be collected
 * (docs/operations.md "Memory"). Each version's container keeps its own instance.
 */
function detachContainerInstances(containerName: string): void {
  const instances = (globalThis as FederationGlobal).__FEDERATION__?.__INSTANCES__;
  if (!instances) return;
  for (let index = instances.length - 1; index >= 0; index--) {
    if (instances[index]!.name === containerName) instances.splice(index, 1);
  }
}

// One federation remote per version: a render pinned to an old version keeps using it while a newer one
// is promoted (the runtime keys remotes by name: docs/toolchain.md "One federation instance per remote version").
function toVersionAlias(remote: PinnedServerRemote): string {
  return `${toContainerName(remote.name)}__${remote.version.replace(/[^0-9A-Za-z]/g, '_')}`;
}

/** Registers a pinned version with the federation runtime once (its container starts on its first load). */
function registerVersion(remote: PinnedServerRemote, timeoutMs: number): { alias: string; started: Promise<unknown> } {
  const alias = toVersionAlias(remote);
  let entry = registered.get(alias);
  if (!entry) {
    const registration = { name: alias, entry: remote.serverEntry };
    registerRemotes([registration]);
    // Versions of one container start one after another, so each creates its own instance and detaches it.
    const containerName = toContainerName(remote.name);
    // The first load only orders the versions (it keeps no module, which would outlive an unload, and a hung
    // one holds the next version back for one time-out at most); the load below reports a failure.
    const previous = lastFirstLoads.get(containerName) ?? Promise.resolve();
    const started = previous
      .then(() => waitAtMost(loadRemote(`${alias}/page`), timeoutMs))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => detachContainerInstances(containerName));
    lastFirstLoads.set(containerName, started);
    entry = { remote, registration, started, serverDir: toRealServerDir(remote.serverEntry) };
    registered.set(alias, entry);
  }
  return { alias, started: entry.started };
}

/** Loads one exposed module of a pinned version, bounded by a time-out; any failure is a RemoteUnavailableError. */
function loadExposed(remote: PinnedServerRemote, expose: 'page' | 'console', timeoutMs: number): Promise<unknown> {
  const { alias, started } = registerVersion(remote, timeoutMs);
  return withTimeout(
    started
      .then(() => loadRemote(`${alias}/${expose}`))
      .catch((error: unknown) => {
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
 * container as its pages: the version the registry has live, unloaded with it.
 */
export async function loadServerConsoleModule(remote: PinnedServerRemote, timeoutMs: number): Promise<ConsoleModule> {
  const exported = await loadExposed(remote, 'console', timeoutMs);
  const problem = findConsoleModuleProblem(exported, (version) => isContractCompatible(version));
  if (problem) throw new RemoteUnavailableError(remote.name, problem);
  return ((exported as { default?: ConsoleModule }).default ?? exported) as ConsoleModule;
}

/** The versions whose server containers are loaded, as `name@version`. */
export function listLoadedServerRemotes(): string[] {
  return [...registered.values()].map(({ remote }) => `${remote.name}@${remote.version}`);
}

/** The federation runtime's remote handler as the unload uses it (not in its public types). */
interface RemoteHandlerInternals {
  removeRemote(remote: { name: string; entry: string }): void;
  idToRemoteMap: Record<string, { name: string }>;
}

/**
 * Unloads the server containers of the versions `keep` refuses (docs/operations.md "Memory"): the federation
 * runtime forgets the remote and its module cache, and Node's module cache lets go of the version's server
 * files, so the container's code and data can be collected once no render uses them (each version runs on a
 * federation instance of its own: `detachContainerInstances`). A version asked for again later loads afresh.
 * Answers the versions unloaded.
 */
export function unloadServerRemotes(keep: (name: RemoteName, version: string) => boolean): string[] {
  const instance = getInstance();
  const unloaded: string[] = [];
  for (const [alias, { remote, registration, serverDir }] of registered) {
    if (keep(remote.name, remote.version)) continue;
    registered.delete(alias);
    // The runtime's own removal (used by `registerRemotes(…, { force: true })`), not in its public types; it
    // leaves the request ids it mapped to the remote.
    const remoteHandler = instance?.remoteHandler as unknown as RemoteHandlerInternals | undefined;
    remoteHandler?.removeRemote(registration);
    for (const [id, target] of Object.entries(remoteHandler?.idToRemoteMap ?? {})) {
      if (target.name === alias) delete remoteHandler!.idToRemoteMap[id];
    }
    // Node's module cache and the requiring module's children would each keep the container alive.
    const cache = __non_webpack_require__.cache;
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
