import type { AppBuildOptions } from '../rspack.base.ts';

/** The campaign squad's build: its page module, its frame dialogs (loaded by the shell after hydration), its console section, its API, its migrations and its `public/` images (served at `/assets/campaign/`). */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx', './dialogs': './src/dialogs.ts' },
  // docs/console.md "Campaigns and coupons": the console's section, from the server container only.
  serverExposes: { './console': './src/console/console-module.tsx' },
  apiEntry: './server/api.ts',
  copy: { 'server/migrations': 'migrations', public: 'public' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
