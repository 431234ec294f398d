import type { AppBuildOptions } from '../rspack.base.ts';

/** The landing squad's build: one page module, its API, its migrations and its `public/` images (served at `/assets/landing/`). */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx' },
  // docs/console.md "Newsletter": its console section, on the server only.
  serverExposes: { './console': './server/console/console.ts' },
  apiEntry: './server/api.ts',
  copy: { 'server/migrations': 'migrations', public: 'public' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
