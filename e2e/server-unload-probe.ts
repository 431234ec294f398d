/**
 * Proves that a remote version which left the registry is gone from the host's memory, not only from its maps
 * (docs/operations.md "Memory"). Run with `--expose-gc`; prints one JSON report (`UnloadReport`) and exits 0
 * whatever it found: the journey in tests/server-unload.spec.ts judges the report.
 *
 * It loads a shell release's render bundle the way the host does, loads three versions of one remote through
 * it (old, pinned, live), builds a registry in which the old version is listed nowhere any more while the
 * pinned one stays in the history, runs the unload with the host's own keep rule, collects garbage, and
 * reports whether the old container is still reachable.
 * With a site URL and a path, it also renders that page with the live version after the unload, the squads'
 * APIs answered by that site (a real host serving the same releases).
 *   node --expose-gc e2e/server-unload-probe.ts <releasesDir> <shellVersion> <remote> <old> <pinned> <live> [<siteUrl> <path>]
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RemoteName } from '@reelkeep/shared-contracts';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { createLocaleStore } from '../platform/src/locale-store.ts';
import { applyPromotion, HISTORY_PER_APP } from '../platform/src/release/registry.ts';
import { ANONYMOUS } from '../shell/server/http/session.ts';
import { detectOs } from '../shell/server/http/visitor.ts';
import { createRemoteReleaseReader, isPinnable } from '../shell/server/releases/release-snapshot.ts';
import type { RenderBundle } from '../shell/src/render-contract.ts';

/** What the probe found; every field is judged by the journey. */
export interface UnloadReport {
  loadedBefore: { old: boolean; pinned: boolean; live: boolean };
  pinnableBefore: { old: boolean; pinned: boolean; live: boolean };
  unloaded: string[];
  /** Whether the old version's container module and its exports were collected. */
  oldContainerCollected: boolean;
  oldExportsCollected: boolean;
  oldFinalized: boolean;
  /** Whether the pinned version's container is still loaded (held by Node's module cache). */
  pinnedContainerAlive: boolean;
  /** Node module cache files of each version's server folder after the unload. */
  cachedFilesAfter: { old: number; pinned: number };
  /** Federation runtime state naming the old version after the unload: registered remotes, instances, module cache, globals. */
  federationMentionsOfOld: string[];
  /** The live version loads and passes the contract after the unload; so does the old one, asked for again. */
  liveHealthyAfter: boolean;
  oldReloadsAfter: boolean;
  /** The old version, loaded again (now the last version loaded), is unloaded and collected by the next unload. */
  reloadedUnloaded: string[];
  reloadedCollected: boolean;
  /** The page rendered with the live version after the unload, when a site was named. */
  liveRender?: { status: number; unavailable: string[]; html: string; errors: string[] };
}

const require = createRequire(import.meta.url);

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const [releasesDir, shellVersion, remoteArg, oldVersion, pinnedVersion, liveVersion, siteUrl, pagePath] = process.argv.slice(2);
if (!releasesDir || !shellVersion || !remoteArg || !oldVersion || !pinnedVersion || !liveVersion) {
  throw new Error('usage: server-unload-probe.ts <releasesDir> <shellVersion> <remote> <old> <pinned> <live>');
}
const remote = remoteArg as RemoteName;
const TIMEOUT_MS = 10_000;

const bundle = (require(path.join(releasesDir, 'shell', shellVersion, 'server', 'ssr.cjs')) as { default: RenderBundle }).default;
const readRelease = createRemoteReleaseReader(releasesDir, 'http://127.0.0.1');
const [oldRelease, pinnedRelease, liveRelease] = await Promise.all([oldVersion, pinnedVersion, liveVersion].map((v) => readRelease(remote, v)));

const healthy = async (release: typeof oldRelease): Promise<boolean> => (await bundle.probeRemote(release!, TIMEOUT_MS)).healthy;
const loadedBefore = { old: await healthy(oldRelease), pinned: await healthy(pinnedRelease), live: await healthy(liveRelease) };

// Node's module cache keys files by their real path (a releases folder may be reached through a link).
const serverDirOf = (release: typeof oldRelease): string => path.dirname(realpathSync(release!.serverEntry)) + path.sep;
const countCachedFiles = (release: typeof oldRelease): number =>
  Object.keys(require.cache).filter((file) => file.startsWith(serverDirOf(release))).length;

let oldFinalized = false;
const finalization = new FinalizationRegistry<string>(() => (oldFinalized = true));

/** Weak references to a loaded version's container module and exports: the probe must not keep them alive. */
function watchContainer(release: typeof oldRelease): { module: WeakRef<NodeJS.Module>; exports: WeakRef<object> } {
  const module = require.cache[realpathSync(release!.serverEntry)];
  if (!module) throw new Error(`${release!.version}: the server container was not loaded through Node’s module cache`);
  return { module: new WeakRef(module), exports: new WeakRef(module.exports as object) };
}

/** Collects garbage until `ref` is gone (or ten rounds passed); answers whether it is gone. */
async function collect(ref: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 10 && ref.deref(); round++) {
    await nextTurn();
    globalThis.gc!();
  }
  await nextTurn();
  return ref.deref() === undefined;
}

const oldContainer = watchContainer(oldRelease);
const pinnedContainer = watchContainer(pinnedRelease);
finalization.register(oldContainer.exports.deref()!, 'old');

// The old version went live first, then the pinned and live ones took turns until the registry's history and
// rollback stack no longer name it; the pinned one stays in both.
let state: RegistryState = { revision: 0, apps: {}, history: [] };
state = applyPromotion(state, remote, oldVersion, 'probe');
for (let turn = 0; turn <= HISTORY_PER_APP + 1; turn++) state = applyPromotion(state, remote, turn % 2 === 0 ? pinnedVersion : liveVersion, 'probe');
if (state.apps[remote]?.live !== liveVersion) state = applyPromotion(state, remote, liveVersion, 'probe');
const pinnableBefore = {
  old: isPinnable(state, remote, oldVersion),
  pinned: isPinnable(state, remote, pinnedVersion),
  live: isPinnable(state, remote, liveVersion),
};

const keep = (app: string, version: string): boolean => isPinnable(state, app, version);
const unloaded = bundle.unloadRemotes?.(keep) ?? [];
const oldContainerCollected = await collect(oldContainer.module);

/** Paths into `globalThis.__FEDERATION__` and the globals whose key or string value names the old version. */
function findFederationMentions(needles: string[]): string[] {
  const found: string[] = [];
  const seen = new WeakSet<object>();
  const visit = (value: unknown, where: string, depth: number): void => {
    if (typeof value === 'string') {
      if (needles.some((needle) => value.includes(needle))) found.push(where);
      return;
    }
    if (!value || (typeof value !== 'object' && typeof value !== 'function') || depth > 8 || seen.has(value)) return;
    seen.add(value);
    const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
    for (const [key, child] of entries) {
      const name = String(key);
      if (needles.some((needle) => name.includes(needle))) found.push(`${where}.${name}`);
      visit(child, `${where}.${name}`, depth + 1);
    }
  };
  const federation = (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;
  visit(federation, '__FEDERATION__', 0);
  for (const key of Object.keys(globalThis)) if (needles.some((needle) => key.includes(needle))) found.push(`globalThis.${key}`);
  return found;
}
/** Renders `pagePath` with the shell bundle and the live version, as the host would for an anonymous visitor. */
async function renderWithLive(site: string, pagePath: string): Promise<NonNullable<UnloadReport['liveRender']>> {
  const errors: string[] = [];
  const outcome = await bundle.renderDocument({
    url: new URL(pagePath, site),
    siteUrl: site,
    remotes: [liveRelease!],
    shellAssets: { scripts: [], styles: [], startScripts: [] },
    loadResources: createLocaleStore(path.resolve(import.meta.dirname, '..', 'locales')).loadResources,
    fetchApi: (apiPath, init) => fetch(new URL(apiPath, site), init),
    visitorHeaders: {},
    os: detectOs(undefined),
    session: ANONYMOUS,
    abValues: {},
    nonce: 'unload-probe',
    remoteTimeoutMs: TIMEOUT_MS,
    renderTimeoutMs: TIMEOUT_MS,
    reportError: (message, error) => errors.push(`${message}: ${error instanceof Error ? error.message : String(error)}`),
    warn: (message) => errors.push(message),
  });
  if (outcome.kind !== 'page') return { status: outcome.status, unavailable: [], html: '', errors };
  const chunks: Buffer[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(Buffer.from(chunk)), done()) });
  await outcome.pipe(sink);
  return { status: outcome.status, unavailable: outcome.unavailable, html: Buffer.concat(chunks).toString('utf8'), errors };
}
const versionAlias = (version: string): string => version.replace(/[^0-9A-Za-z]/g, '_');

const report: UnloadReport = {
  loadedBefore,
  pinnableBefore,
  unloaded,
  oldContainerCollected,
  oldExportsCollected: oldContainer.exports.deref() === undefined,
  oldFinalized,
  pinnedContainerAlive: pinnedContainer.module.deref() !== undefined,
  cachedFilesAfter: { old: countCachedFiles(oldRelease), pinned: countCachedFiles(pinnedRelease) },
  federationMentionsOfOld: findFederationMentions([versionAlias(oldVersion), serverDirOf(oldRelease)]),
  liveHealthyAfter: await healthy(liveRelease),
  oldReloadsAfter: await healthy(oldRelease),
  reloadedUnloaded: [],
  reloadedCollected: false,
};
if (siteUrl && pagePath) report.liveRender = await renderWithLive(siteUrl, pagePath);
const reloadedContainer = watchContainer(oldRelease);
report.reloadedUnloaded = bundle.unloadRemotes?.(keep) ?? [];
report.reloadedCollected = await collect(reloadedContainer.module);
console.log(JSON.stringify(report));
