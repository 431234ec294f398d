/**
 * The one build factory: every app (the shell and each remote) gets a browser container and a server
 * container from here, with the same shared singletons. See docs/adr/0002-builds-and-sharing.md.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Compiler, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const ROOT_DIR = import.meta.dirname;
const require = createRequire(import.meta.url);

/**
 * The federation runtime's ES module builds for the browser. Rspack's federation plugin imports the CommonJS
 * builds of the bundler runtime and its wrapper, which drag in the whole SDK untouched by tree shaking; the
 * ES module builds let the minifier keep only what a container calls.
 */
const federationRuntimeRule: RuleSetRule = {
  test: /node_modules[\\/]@module-federation[\\/]/,
  resolve: { conditionNames: ['import', 'module', 'browser', 'default'] },
};

function federationRuntimeAsModules(): Record<string, string> {
  const esm = (name: string) => path.join(path.dirname(require.resolve(`${name}/package.json`)), 'dist', 'index.js');
  return {
    [require.resolve('@module-federation/webpack-bundler-runtime')]: esm('@module-federation/webpack-bundler-runtime'),
    '@module-federation/runtime$': esm('@module-federation/runtime'),
  };
}

/**
 * Rspack's federation plugin aliases `@module-federation/runtime` (any request under it) to the CommonJS build it
 * resolves for its runtime tools, after this config's own aliases are read; the bundler runtime's ES module build then
 * imports that CommonJS copy beside the ES module helpers: both in every container. This plugin, applied after the
 * federation plugin, puts the ES module build back once all plugins have set their aliases.
 */
const federationRuntimeAliasPlugin = {
  apply(compiler: Compiler) {
    compiler.hooks.afterPlugins.tap('FederationRuntimeAsModules', () => {
      const { '@module-federation/runtime': _commonJs, ...alias } = (compiler.options.resolve.alias ?? {}) as Record<
        string,
        string | false | string[]
      >;
      compiler.options.resolve.alias = { ...alias, ...federationRuntimeAsModules() };
    });
  },
};

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
 * react-redux, html-parse-stringify for react-i18next): grouped into one `singletons` chunk in
 * every browser container. A page downloads them all at once anyway; as one file they are 2.3 kB gzip smaller than
 * as seven (docs/budgets.md). A test keeps the dependencies here in step with the packages' own.
 */
export const SINGLETON_DEPENDENCIES = ['scheduler', 'use-sync-external-store', 'html-parse-stringify'] as const;
/**
 * The host's store libraries (Redux Toolkit and what it imports): bundled, not shared (ADR 0002), but every page's
 * start needs them, so the host puts them in the singletons' file (one file compresses better than two: 0.5 kB gzip).
 */
const HOST_STORE_LIBRARIES = /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect)[\\/]/;
const SINGLETON_MODULES = new RegExp(`[\\\\/]node_modules[\\\\/](${[...SHARED_SINGLETONS, ...SINGLETON_DEPENDENCIES].join('|')})[\\\\/]`);

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Fails the build (not the visitor) when an app asks for another version of a shared singleton. */
function resolveSharedVersions(appPackage: PackageJson): Record<string, string> {
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
  'react-i18next': ['I18nextProvider', 'Trans', 'useTranslation'],
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

interface SharedEntry {
  singleton: true;
  strictVersion: true;
  requiredVersion: string;
  version: string;
  eager: boolean;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

function buildSharedConfig(versions: Record<string, string>, eager: boolean, treeShaking: boolean) {
  const shared: Record<string, SharedEntry> = {};
  for (const [name, version] of Object.entries(versions)) {
    const entry: SharedEntry = { singleton: true as const, strictVersion: true as const, requiredVersion: version, version, eager };
    // Browser containers only: a server container is one file that loads no chunk, and the host's is eager.
    shared[name] =
      treeShaking && isTreeShaken(name) ? { ...entry, treeShaking: { mode: 'runtime-infer', usedExports: [...SHARED_USED_EXPORTS[name]] } } : entry;
    // Deep imports (react/jsx-runtime, react-dom/client) are shared with the same guarantees.
    shared[`${name}/`] = entry;
  }
  return shared;
}

function scriptRule(target: 'browser' | 'server'): RuleSetRule {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: target === 'browser' ? 'es2022' : 'es2023',
      },
    },
    type: 'javascript/auto',
  };
}

function cssRule(target: 'browser' | 'server'): RuleSetRule {
  return {
    test: /\.css$/,
    type: 'css/auto',
    // The server build needs class names only; the browser build emits the stylesheets.
    ...(target === 'server' ? { generator: { exportsOnly: true } } : {}),
  };
}

/** What an app declares to get its two builds. */
export interface AppBuildOptions {
  /** The app's folder (holds package.json and src/). */
  appDir: string;
  /** `host` for the shell, `remote` for an mf-* app. */
  kind: 'host' | 'remote';
  /** Folder the version's `browser/` and `server/` land in. */
  outDir: string;
  /** Build mode. */
  mode?: 'production' | 'development';
  /** Modules a remote exposes (path relative to appDir). */
  exposes?: Record<string, string>;
  /**
   * Modules a remote exposes from its server container only (`./console`: docs/console.md "Squad sections"):
   * server code that no browser ever loads.
   */
  serverExposes?: Record<string, string>;
  /** Host only: browser entry and server render entry. */
  browserEntry?: string;
  serverEntry?: string;
  /** Host only: runtime plugin for server-side remote loading. */
  serverRuntimePlugin?: string;
  /** The squad's API module (`server/api.ts`), built into `api/api.cjs` with everything it imports. */
  apiEntry?: string;
  /**
   * Scripts the browser runs outside any page (the web push service worker), each built alone into
   * `worker/<name>.js` under a name that never changes, so the host can serve it at a fixed path.
   */
  workerEntries?: Record<string, string>;
  /** Folders copied into the release as they are, source → release (`server/migrations` → `migrations`). */
  copy?: Record<string, string>;
  /** Values known at build time (app version, contract version). */
  define?: Record<string, string>;
}

/** Federation container name of an app folder (`mf-landing` → `mf_landing`). */
export function toFederationName(packageName: string): string {
  return packageName.replace(/^@reelkeep\//, '').replace(/-/g, '_');
}

/** Gives an app its browser container and its server container. */
export function createAppConfigs(options: AppBuildOptions): Configuration[] {
  const appPackage = readPackageJson(options.appDir);
  const versions = resolveSharedVersions(appPackage);
  const name = toFederationName(appPackage.name);
  const mode = options.mode ?? 'production';
  const define = Object.fromEntries(Object.entries(options.define ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
  const resolve = {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    // shared-contracts ships TypeScript sources; Node conditions keep server-only deps out of the browser.
  };

  const browser: Configuration = {
    name: `${name}:browser`,
    mode,
    context: options.appDir,
    target: ['web', 'es2022'],
    devtool: false,
    entry: options.kind === 'host' ? { main: options.browserEntry! } : {},
    output: {
      path: path.join(options.outDir, 'browser'),
      publicPath: 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      // The chunk id leads a CSS chunk's name: the document marks the stylesheets it links with their chunk, so the
      // CSS runtime does not add them twice (shell/src/rendering/stylesheet-links.server.ts).
      cssChunkFilename: '[id].[contenthash:10].css',
      uniqueName: name,
      // The full builds of the tree-shaken singletons are written there before the container is emitted: keep them.
      clean: { keep: new RegExp(TREE_SHAKING_FALLBACK_DIR) },
    },
    resolve: { ...resolve, alias: federationRuntimeAsModules() },
    module: { rules: [scriptRule('browser'), cssRule('browser'), federationRuntimeRule] },
    optimization: {
      splitChunks: {
        chunks: 'async',
        // Every page needs every shared singleton: one file compresses better than seven and is one request.
        cacheGroups: {
          singletons: { test: SINGLETON_MODULES, name: 'singletons', chunks: 'async', enforce: true, priority: 10 },
          ...(options.kind === 'host'
            ? {
                storeLibraries: { test: HOST_STORE_LIBRARIES, name: 'singletons', chunks: 'async' as const, enforce: true, priority: 9 },
              }
            : {}),
        },
      },
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    performance: false,
    plugins: [
      new rspack.DefinePlugin({ ...define, 'process.env.NODE_ENV': JSON.stringify(mode), __SERVER__: 'false' }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: buildSharedConfig(versions, false, true),
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        shareStrategy: 'loaded-first',
        experiments: {
          // One federation runtime per page: the shell provides it, remotes use it.
          ...(options.kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      federationRuntimeAliasPlugin,
    ],
  };

  const server: Configuration = {
    name: `${name}:server`,
    mode,
    context: options.appDir,
    target: 'async-node',
    devtool: false,
    entry: options.kind === 'host' ? { ssr: options.serverEntry! } : {},
    output: {
      path: path.join(options.outDir, 'server'),
      publicPath: 'auto',
      // The repository is "type": "module"; server containers are CommonJS (docs/toolchain.md "Server containers are CommonJS").
      filename: '[name].cjs',
      chunkFilename: '[name].[contenthash:10].cjs',
      library: { type: 'commonjs-module' },
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      // Same uniqueName as the browser build: CSS module class names must match for hydration.
      uniqueName: name,
      clean: true,
    },
    resolve: { ...resolve, conditionNames: ['node', 'import', 'require', 'default'] },
    module: { rules: [scriptRule('server'), cssRule('server')] },
    optimization: { minimize: false, splitChunks: false },
    performance: false,
    externalsPresets: { node: true },
    plugins: [
      new rspack.DefinePlugin({ ...define, 'process.env.NODE_ENV': JSON.stringify(mode), __SERVER__: 'true' }),
      // A server container is one file: no chunk fetching at render time.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.cjs',
        exposes: { ...options.exposes, ...options.serverExposes },
        library: { type: 'commonjs-module' },
        remoteType: 'commonjs-module',
        // Eager only in the host's server container: remotes must take React from the host (docs/toolchain.md "Eager shared modules only in the host").
        shared: buildSharedConfig(versions, options.kind === 'host', false),
        dts: false,
        manifest: false,
        runtimePlugins: options.serverRuntimePlugin ? [options.serverRuntimePlugin] : [],
        experiments: { optimization: { disableSnapshot: true, target: 'node' } },
      }),
    ],
  };

  const worker: Configuration[] = options.workerEntries
    ? [
        {
          name: `${name}:worker`,
          mode,
          context: options.appDir,
          target: ['webworker', 'es2022'],
          devtool: false,
          entry: options.workerEntries,
          output: { path: path.join(options.outDir, 'worker'), filename: '[name].js', clean: true },
          resolve,
          module: { rules: [scriptRule('browser')] },
          optimization: { splitChunks: false },
          performance: false,
          plugins: [
            new rspack.DefinePlugin({ ...define, 'process.env.NODE_ENV': JSON.stringify(mode), __SERVER__: 'false' }),
            new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
          ],
        },
      ]
    : [];
  if (!options.apiEntry) return [browser, server, ...worker];
  // The API module is one self-contained file: its dependencies (the auth library, the Stripe SDK) ship
  // inside the release, so a squad upgrades them by releasing (docs/adr/0005-whole-slice-releases.md).
  const api: Configuration = {
    name: `${name}:api`,
    mode,
    context: options.appDir,
    target: 'node22',
    devtool: false,
    entry: { api: options.apiEntry },
    output: {
      path: path.join(options.outDir, 'api'),
      filename: '[name].cjs',
      library: { type: 'commonjs2', export: 'default' },
      chunkFormat: 'commonjs',
      // Same uniqueName as the browser build: a squad API that renders its components (the console's previews) gets
      // the class names of the browser's stylesheets.
      uniqueName: name,
      clean: true,
    },
    resolve: { ...resolve, conditionNames: ['node', 'import', 'require', 'default'] },
    module: { rules: [scriptRule('server'), cssRule('server')], parser: { javascript: { dynamicImportMode: 'eager' } } },
    optimization: { minimize: false, splitChunks: false },
    performance: false,
    externalsPresets: { node: true },
    // Optional native bindings some libraries probe for; the pure-JavaScript code paths are used.
    externals: { 'pg-native': 'commonjs pg-native' },
    plugins: [
      new rspack.DefinePlugin({ ...define, 'process.env.NODE_ENV': JSON.stringify(mode), __SERVER__: 'true' }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
  return [browser, server, api, ...worker];
}
