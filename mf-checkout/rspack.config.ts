import type { AppBuildOptions } from '../rspack.base.ts';

/** The checkout squad's build: one page module. */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx' },
  apiEntry: './server/api.ts',
  copy: { 'server/migrations': 'migrations' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
