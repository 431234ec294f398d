import path from 'node:path';
import type { AppBuildOptions } from '../rspack.base.ts';

/**
 * The shell's release: browser bootstrap, server render bundle (with the URL rules, guards, sitemaps and
 * page gate), the server-side remote loader, and its own API with its migrations.
 */
export const BUILD = {
  kind: 'host',
  browserEntry: './src/entry.client.ts',
  serverEntry: './src/entry.server.tsx',
  serverRuntimePlugin: path.join(import.meta.dirname, 'src/federation/server-runtime-plugin.server.ts'),
  apiEntry: './api/api.ts',
  // docs/push.md "The service worker": served by the host at /webpush/sw.js from the live shell release.
  workerEntries: { 'webpush-sw': './src/webpush/service-worker.ts' },
  copy: { 'api/migrations': 'migrations' },
} satisfies Omit<AppBuildOptions, 'appDir' | 'outDir'>;
