import path from 'node:path';
import type { AppBuildOptions } from '../rspack.base.ts';

/** The shell's build: browser bootstrap, server render bundle, and the server-side remote loader. */
export const BUILD = {
  kind: 'host',
  browserEntry: './src/entry.client.ts',
  serverEntry: './src/entry.server.tsx',
  serverRuntimePlugin: path.join(import.meta.dirname, 'src/federation/server-runtime-plugin.ts'),
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
