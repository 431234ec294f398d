import type { AppBuildOptions } from '../rspack.base.ts';

/** The blog squad's build: one page module, its API, its migrations and its `content/` (read by the API). */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx' },
  apiEntry: './server/api.ts',
  copy: { 'server/migrations': 'migrations', content: 'content' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
