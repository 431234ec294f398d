import type { RuleSetRule } from '@rspack/core';

/** How an app's own TypeScript is compiled for a target (SWC, React's automatic runtime). */
export function scriptRule(target: 'browser' | 'server'): RuleSetRule {
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

/** How CSS modules are built for a target: stylesheets in the browser, class names only on the server. */
export function cssRule(target: 'browser' | 'server'): RuleSetRule {
  return {
    test: /\.css$/,
    type: 'css/auto',
    // The server build needs class names only; the browser build emits the stylesheets.
    ...(target === 'server' ? { generator: { exportsOnly: true } } : {}),
  };
}
