import type { AppBuildOptions } from '../rspack.base.ts';

/** The landing squad's build: one page module. */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
