import path from 'node:path';
import type { ServerPlugin } from '@reelkeep/platform/server-plugin';
import { createAccountRoutes } from './account-api.ts';

/** The account squad's server part: its schema, migrations and API routes. */
export const plugin: ServerPlugin = {
  squad: 'account',
  schema: 'account',
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  routes: createAccountRoutes(),
};
