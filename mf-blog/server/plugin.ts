import path from 'node:path';
import type { ServerPlugin } from '@reelkeep/platform/server-plugin';
import { articleDetailRoute, articleListRoute, policyDetailRoute, sitemapRoute } from './articles-api.ts';

/** The blog squad's server part: its schema, migrations and API routes. */
export const plugin: ServerPlugin = {
  squad: 'blog',
  schema: 'blog',
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  routes: [articleListRoute, articleDetailRoute, policyDetailRoute, sitemapRoute],
};
