import path from 'node:path';
import type { ServerPlugin } from '@reelkeep/platform/server-plugin';
import { catalogueRoute, categoryListRoute } from './catalogue-api.ts';
import { downloadLinkRoute, productInfoRoute } from './download-api.ts';
import { createFormRoutes } from './forms-api.ts';
import { siteCookieRoute } from './site-cookies-api.ts';

/** The landing squad's server part: its schema, migrations and API routes. */
export const plugin: ServerPlugin = {
  squad: 'landing',
  schema: 'landing',
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  publicDir: path.join(import.meta.dirname, '..', 'public'),
  routes: [catalogueRoute, categoryListRoute, siteCookieRoute, productInfoRoute, downloadLinkRoute, ...createFormRoutes()],
};
