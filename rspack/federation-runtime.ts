import { createRequire } from 'node:module';
import path from 'node:path';
import type { Compiler, RuleSetRule } from '@rspack/core';

const require = createRequire(import.meta.url);

/**
 * The federation runtime's ES module builds for the browser. Rspack's federation plugin imports the CommonJS
 * builds of the bundler runtime and its wrapper, which drag in the whole SDK untouched by tree shaking; the
 * ES module builds let the minifier keep only what a container calls.
 */
export const federationRuntimeRule: RuleSetRule = {
  test: /node_modules[\\/]@module-federation[\\/]/,
  resolve: { conditionNames: ['import', 'module', 'browser', 'default'] },
};

/** The aliases that put those ES module builds in place of the CommonJS ones. */
export function federationRuntimeAsModules(): Record<string, string> {
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
export const federationRuntimeAliasPlugin = {
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
