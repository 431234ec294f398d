import type { AppBuildOptions } from '../rspack.base.ts';

/** The checkout squad's build: one page module, and its console section on the server only (docs/console.md "Squad sections"). */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx' },
  serverExposes: { './console': './server/console/console.ts' },
  apiEntry: './server/api.ts',
  copy: { 'server/migrations': 'migrations' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
