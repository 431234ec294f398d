import path from 'node:path';
import type { ServerPlugin } from '@reelkeep/platform/server-plugin';
import { createCheckoutRoutes } from './checkout-api.ts';

/** The checkout squad's server part: its schema, migrations and API routes. */
export const plugin: ServerPlugin = {
  squad: 'checkout',
  schema: 'checkout',
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  routes: createCheckoutRoutes(),
};
