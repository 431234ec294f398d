import { parseArgs } from 'node:util';
import { CONSOLE_ROLES, consoleApiKeyCreateInput } from '@reelkeep/shared-contracts/console';
import { createApiKey } from './api-keys.ts';
import { loadConfig } from './config.ts';
import { recordConsoleAction } from './console-audit.ts';
import { EmbeddedDatabaseInUseError, openDatabase } from './db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from './db/migrations.ts';
import { localOperator } from './operator-api.ts';

/**
 * `npm run console:api-key -- --role <role> --name <name>` (docs/console.md "API keys"): makes an API key for
 * automation or for bootstrapping, on the database itself, and prints it once. With the embedded database, run it
 * while the site is stopped (it refuses to open the folder a running site holds); once the site runs, owners make
 * keys in the console. The key's creation is written to the audit log with the person at the shell as the actor.
 */
const USAGE = `usage: npm run console:api-key -- --role <${CONSOLE_ROLES.join('|')}> --name <what the key is for>`;
const config = loadConfig();
const { values } = parseArgs({ options: { role: { type: 'string' }, name: { type: 'string' } }, strict: false });
const input = consoleApiKeyCreateInput.safeParse(values);
if (!input.success) {
  console.error(USAGE);
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }).catch((error: unknown) => {
  // docs/operations.md "One process per embedded database": never open it beside the running site.
  if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
  console.error(
    `console:api-key: ${error.message}.\n` +
      `Make the key in the console instead (${new URL('/console/api-keys', config.SITE_URL).href}), ` +
      `or stop the site (Ctrl+C in its terminal), run this again, then start it with "npm start".`,
  );
  process.exit(1);
});
try {
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  const actor = localOperator();
  const made = await createApiKey(db, { ...input.data, createdBy: actor.email });
  await recordConsoleAction(db, {
    actor,
    action: 'api-key.create',
    target: `api-key:${made.record.id}`,
    before: null,
    after: { name: made.record.name, role: made.record.role, prefix: made.record.prefix },
    clientIp: 'local',
  });
  process.stdout.write(
    `${made.key}\n\n` +
      `The ${made.record.role} key "${made.record.name}" (shown only now; the database keeps its hash). Use it as\n` +
      `  CONSOLE_API_KEY=${made.key} npm run release:status\n` +
      `or send it as "Authorization: Bearer <key>". Revoke it in the console: ${new URL('/console/api-keys', config.SITE_URL).href}\n`,
  );
} finally {
  await db.close();
}
