/**
 * The one build factory: every app (the shell and each remote) gets a browser container and a server
 * container from here, with the same shared singletons (`rspack/shared-singletons.ts`). See
 * docs/adr/0002-builds-and-sharing.md.
 */
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationRuntimeAliasPlugin, federationRuntimeAsModules, federationRuntimeRule } from './rspack/federation-runtime.ts';
import { compileHintsPlugin } from './rspack/compile-hints.ts';
import { cssRule, scriptRule } from './rspack/module-rules.ts';
import {
  buildSharedConfig,
  readPackageJson,
  resolveSharedVersions,
  HOST_STORE_LIBRARIES,
  SINGLETON_MODULES,
  TREE_SHAKING_FALLBACK_DIR,
} from './rspack/shared-singletons.ts';

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
    devtool: process.env.RK_BROWSER_SOURCE_MAPS ? 'hidden-source-map' : false,
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
      compileHintsPlugin,
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
