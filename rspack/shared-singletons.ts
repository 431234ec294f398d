/**
 * The shared singletons of every app's containers (docs/adr/0002-builds-and-sharing.md): what is shared, at which
 * version, which of them are tree-shaken to which exports, and the federation plugin's `shared` setting made of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Shared singletons, each at the exact version of the root package.json. react-router is deliberately
 * not here: the shell owns the router, remotes navigate with plain links (lint enforces it), so the
 * router is tree-shaken into the shell instead of shipped whole as a shared module. @reduxjs/toolkit is
 * not here either, for the same reason: the one store is the shell's (react-redux shares it), remotes hand
 * it plain slices through the page contract, and RTK keeps no state of its own; shared, it costs 13.8 kB
 * gzip whole, tree-shaken into the shell far less (ADR 0002). i18next and react-i18next are: every app
 * translates through them and the page's one i18next instance must be read by one react-i18next (ADR 0002,
 * issue 23 amendment).
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-redux', 'i18next', 'react-i18next'] as const;

/**
 * The shared singletons and the packages they import (scheduler for react-dom, use-sync-external-store for
 * react-redux, html-parse-stringify for react-i18next's `<Trans>`): grouped into one `singletons` chunk in
 * every browser container (but for `<Trans>` and its parser, below). A page downloads them all at once anyway; as one file they are 2.3 kB gzip smaller than
 * as seven (docs/budgets.md). A test keeps the dependencies here in step with the packages' own.
 */
export const SINGLETON_DEPENDENCIES = ['scheduler', 'use-sync-external-store', 'html-parse-stringify'] as const;
/**
 * The host's store libraries (Redux Toolkit and what it imports): bundled, not shared (ADR 0002), but every page's
 * start needs them, so the host puts them in the singletons' file (one file compresses better than two: 0.5 kB gzip).
 */
export const HOST_STORE_LIBRARIES = /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect)[\\/]/;
/**
 * Modules of those packages that no page needs to start: react-i18next's `<Trans>` for a given instance
 * (`react-i18next/TransWithoutContext`, which only the frame's dialog renders, in its own chunk) and the HTML parser it
 * uses. They stay out of the `singletons` chunk and load with the dialog (docs/adr/0002-builds-and-sharing.md).
 */
const DEFERRED_SINGLETON_MODULES = String.raw`react-i18next[\\/]dist[\\/]es[\\/]TransWithoutContext\.js|html-parse-stringify[\\/]`;
/** The modules of the `singletons` chunk: the shared singletons and their dependencies, under `node_modules`. */
export const SINGLETON_MODULES = new RegExp(
  `[\\\\/]node_modules[\\\\/](?!${DEFERRED_SINGLETON_MODULES})(${[...SHARED_SINGLETONS, ...SINGLETON_DEPENDENCIES].join('|')})[\\\\/]`,
);

/** What the build reads of a package.json. */
export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The package.json of the folder `dir` (an app's, or the root's). */
export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Fails the build (not the visitor) when an app asks for another version of a shared singleton. */
export function resolveSharedVersions(appPackage: PackageJson): Record<string, string> {
  const root = readPackageJson(ROOT_DIR);
  const versions: Record<string, string> = {};
  for (const name of SHARED_SINGLETONS) {
    const rootVersion = root.dependencies?.[name];
    if (!rootVersion) throw new Error(`shared singleton ${name} is missing from the root package.json`);
    const appVersion = appPackage.dependencies?.[name];
    if (appVersion && appVersion !== rootVersion) {
      throw new Error(
        `${appPackage.name} asks for ${name}@${appVersion} but the shared singleton is ${name}@${rootVersion}; align it with the root package.json`,
      );
    }
    versions[name] = rootVersion;
  }
  return versions;
}

/**
 * The exports of a shared singleton that the shell's copy keeps (Module Federation's shared tree shaking,
 * `treeShaking: { mode: 'runtime-infer', usedExports }`): what the shell and every remote import from it, one list
 * every app builds with. The shell provides the singleton and every remote takes the shell's copy, so the list is
 * the union of all apps' imports, not the shell's own: an export only a remote uses (the checkout's, say) must be
 * here or that remote would find it missing. `shared-usage.test.ts` checks the list against every import of the
 * workspaces and the release build checks each app's used exports as the bundler saw them (ADR 0002, issue 23
 * amendment). React and react-dom are CommonJS and cannot be shaken; i18next builds its default instance when it
 * loads, so it stays whole.
 */
export const SHARED_USED_EXPORTS = {
  'react-i18next': ['I18nextProvider', 'useTranslation'],
  'react-redux': ['Provider', 'useDispatch', 'useSelector', 'useStore'],
} as const satisfies Partial<Record<(typeof SHARED_SINGLETONS)[number], readonly string[]>>;

/**
 * The exports of tree-shaken singletons an app uses beyond `SHARED_USED_EXPORTS`, read from its browser build's
 * `mf-manifest-stats.json`, where the bundler records per shared module the list merged with what the app's code
 * references. It also records member paths (`useSelector.withTypes` gives `withTypes`), so only names the package
 * really exports (`packageExports`) count. Empty when the app stays within the list; the release build fails otherwise.
 */
export function findUnlistedSharedExports(
  manifestStats: { shared?: { name: string; usedExports?: string[] }[] },
  packageExports: Record<string, readonly string[]>,
): string[] {
  const unlisted: string[] = [];
  for (const shared of manifestStats.shared ?? []) {
    if (!isTreeShaken(shared.name)) continue;
    const listed: readonly string[] = SHARED_USED_EXPORTS[shared.name];
    const exported = packageExports[shared.name] ?? [];
    for (const name of shared.usedExports ?? []) if (exported.includes(name) && !listed.includes(name)) unlisted.push(`${shared.name}: ${name}`);
  }
  return unlisted;
}

/** The names each tree-shaken singleton exports, as Node loads it. */
export async function readTreeShakenExports(): Promise<Record<string, readonly string[]>> {
  const names = Object.keys(SHARED_USED_EXPORTS);
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, Object.keys((await import(name)) as object)] as const)));
}

/** Whether a shared singleton is tree-shaken to `SHARED_USED_EXPORTS`. */
export function isTreeShaken(name: string): name is keyof typeof SHARED_USED_EXPORTS {
  return Object.hasOwn(SHARED_USED_EXPORTS, name);
}

/** Where Rspack puts the full build of a tree-shaken singleton, inside the browser container (its fallback). */
export const TREE_SHAKING_FALLBACK_DIR = 'independent-packages';

/**
 * Shared singletons whose deep imports each app bundles instead of sharing. react-i18next's one deep import in use,
 * `react-i18next/TransWithoutContext` (`<Trans>` for the instance it is handed, which only the frame's dialog renders),
 * keeps no state of its own, so a copy in the chunk that uses it is safe; shared, the shell would provide it and
 * every page would preload its chunk (docs/adr/0002-builds-and-sharing.md).
 */
export const UNSHARED_DEEP_IMPORTS: ReadonlySet<string> = new Set(['react-i18next']);

interface SharedEntry {
  singleton: true;
  strictVersion: true;
  requiredVersion: string;
  version: string;
  eager: boolean;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

/** The federation plugin's `shared` setting for these versions: singletons at an exact version, deep imports included. */
export function buildSharedConfig(versions: Record<string, string>, eager: boolean, treeShaking: boolean) {
  const shared: Record<string, SharedEntry> = {};
  for (const [name, version] of Object.entries(versions)) {
    const entry: SharedEntry = { singleton: true as const, strictVersion: true as const, requiredVersion: version, version, eager };
    // Browser containers only: a server container is one file that loads no chunk, and the host's is eager.
    shared[name] =
      treeShaking && isTreeShaken(name) ? { ...entry, treeShaking: { mode: 'runtime-infer', usedExports: [...SHARED_USED_EXPORTS[name]] } } : entry;
    // Deep imports (react/jsx-runtime, react-dom/client) are shared with the same guarantees.
    if (!UNSHARED_DEEP_IMPORTS.has(name)) shared[`${name}/`] = entry;
  }
  return shared;
}
