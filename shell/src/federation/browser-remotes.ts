import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { toContainerName, type PinnedRemote, type RemoteName, type RemotePageModule } from '@reelkeep/shared-contracts';
import { acceptPageModule, RemoteUnavailableError, withTimeout } from './page-modules.ts';
import { listPageFiles } from './page-files.ts';

/** docs/routing.md "Chunk-load errors": a page chunk not loaded within 120 s raises the chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The error of a remote page that could not be fetched in the browser (it triggers one reload: docs/routing.md "Chunk-load errors"). */
export class ChunkLoadError extends Error {
  constructor(remote: RemoteName, cause: unknown) {
    super(`chunk load failed for ${remote}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChunkLoadError';
  }
}

const loaded = new Map<RemoteName, RemotePageModule>();
const pending = new Map<RemoteName, Promise<RemotePageModule>>();
const entries = new Map<RemoteName, string>();
const prefetched = new Set<RemoteName>();

/** Registers the remote versions the server rendered with; the page keeps them for its whole life. */
export function registerPinnedRemotes(remotes: readonly PinnedRemote[]): void {
  for (const remote of remotes) entries.set(remote.name, remote.entry);
  registerRemotes(remotes.map((remote) => ({ name: toContainerName(remote.name), entry: remote.entry })));
}

/**
 * docs/routing.md "Link prefetch": fetches a remote's entry and the files of its page module into the
 * browser's cache, at low priority and without running any of them; the click that needs them loads them
 * from there. Once per remote, and never for one already loaded.
 */
export function prefetchRemotePage(remote: RemoteName): void {
  const entry = entries.get(remote);
  if (!entry || loaded.has(remote) || pending.has(remote) || prefetched.has(remote)) return;
  prefetched.add(remote);
  const entryUrl = new URL(entry, window.location.href);
  const fetchLow = (url: URL) => fetch(url, { priority: 'low' });
  void fetchLow(entryUrl).catch(() => undefined);
  void fetchLow(new URL('mf-manifest.json', entryUrl))
    .then((response) => (response.ok ? response.json() : undefined))
    .then((manifest: unknown) => Promise.all(listPageFiles(manifest).map((file) => fetchLow(new URL(file, entryUrl)))))
    .catch(() => undefined);
}

/** The page modules loaded so far (read synchronously while rendering). */
export function getLoadedPageModules(): ReadonlyMap<RemoteName, RemotePageModule> {
  return loaded;
}

/** Loads a remote's page module once; a failure or a 120 s wait becomes a ChunkLoadError. */
export function loadBrowserPageModule(remote: RemoteName): Promise<RemotePageModule> {
  const existing = loaded.get(remote);
  if (existing) return Promise.resolve(existing);
  let promise = pending.get(remote);
  if (!promise) {
    promise = withTimeout(loadRemote(`${toContainerName(remote)}/page`), CHUNK_LOAD_TIMEOUT_MS, () => new Error('timed out'))
      .then((exported) => {
        const module = acceptPageModule(remote, exported);
        loaded.set(remote, module);
        return module;
      })
      .catch((error: unknown) => {
        pending.delete(remote);
        throw error instanceof RemoteUnavailableError ? error : new ChunkLoadError(remote, error);
      });
    pending.set(remote, promise);
  }
  return promise;
}

const RELOAD_FLAG_KEY = 'rk_chunk_reload';

/** docs/routing.md "Chunk-load errors": a chunk-load error triggers one full page reload (not a loop). Returns whether it reloads. */
export function reloadOnceAfterChunkError(): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_FLAG_KEY) === location.pathname) return false;
    sessionStorage.setItem(RELOAD_FLAG_KEY, location.pathname);
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/** Clears the reload flag once a page rendered fine. */
export function clearChunkReloadFlag(): void {
  try {
    sessionStorage.removeItem(RELOAD_FLAG_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}
