import path from 'node:path';
import type { ServerPlugin } from '@reelkeep/platform/server-plugin';

/** The campaign squad's server part: its schema, migrations and API routes. */
export const plugin: ServerPlugin = {
  squad: 'campaign',
  schema: 'campaign',
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  routes: [],
};
