import path from 'node:path';
import type { ServerPlugin } from '@reelkeep/platform/server-plugin';
import { catalogueRoute } from './catalogue-api.ts';
import { downloadLinkRoute, productInfoRoute } from './download-api.ts';
import { createFormRoutes } from './forms-api.ts';

/** The landing squad's server part: its schema, migrations and API routes. */
export const plugin: ServerPlugin = {
  squad: 'landing',
  schema: 'landing',
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  publicDir: path.join(import.meta.dirname, '..', 'public'),
  routes: [catalogueRoute, productInfoRoute, downloadLinkRoute, ...createFormRoutes()],
};
