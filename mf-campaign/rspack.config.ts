import type { AppBuildOptions } from '../rspack.base.ts';

/** The campaign squad's build: its page module, its frame dialogs (loaded by the shell after hydration), its API, its migrations and its `public/` images (served at `/assets/campaign/`). */
export const BUILD = {
  kind: 'remote',
  exposes: { './page': './src/page.tsx', './dialogs': './src/dialogs.ts' },
  apiEntry: './server/api.ts',
  copy: { 'server/migrations': 'migrations', public: 'public' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
