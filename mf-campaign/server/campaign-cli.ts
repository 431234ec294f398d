import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reelkeep/platform/config';
import { EmbeddedDatabaseInUseError, openDatabase } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { describeUnreachableSite } from '@reelkeep/platform/network-problems';
import { explainHeldDatabase, readConsoleApi, runSquadRouteLocally } from '@reelkeep/platform/operator-api';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { CAMPAIGN_ROUTES } from './campaign-routes.ts';
import { campaignSettings, type CampaignSettings } from './settings.ts';

/**
 * `npm run campaign -- <command>`: the operator's campaign commands (docs/campaigns.md "CLI"). With
 * `CONSOLE_API_KEY` they go through the running site's console API (`CONSOLE_URL`, else `SITE_URL`), which sees the
 * change at once; without one, the same admin routes run in this process on the database, which an embedded
 * database allows only while no site holds it (docs/operations.md "Operators' tools"). Either way the change is
 * validated and written to the audit log.
 *
 *   list | show <id> | audit <id> | create <file.json> | update <id> <file.json> | schedule <id> <start> <end> | end <id>
 *
 * `<start>` and `<end>` are ISO 8601 date-times with an offset (`2026-12-01T00:00:00Z`). Prints the answer as
 * JSON; exits 1 on a refusal, 2 on a usage error.
 */
const USAGE =
  'usage: npm run campaign -- list | show <id> | audit <id> | create <file.json> | update <id> <file.json> | schedule <id> <start> <end> | end <id>';

/**
 * The admin routes alone: the squad's API module also carries the console section's routes, which render React
 * components (`.tsx`) that Node cannot load in a command (it crashed every command before it did anything), and a
 * command never needs them.
 */
const campaignApi = {
  squad: 'campaign',
  contractVersion: CONTRACT_VERSION,
  settings: campaignSettings,
  routes: CAMPAIGN_ROUTES,
} satisfies SquadApiModule<CampaignSettings>;

const config = loadConfig();
const ADMIN_PATH = '/api/campaign/admin/campaigns';
const [command, ...args] = process.argv.slice(2);

function toRequest(): { method: string; path: string; body?: Promise<string> } | null {
  const [first, second, third] = args;
  switch (command) {
    case 'list':
      return { method: 'GET', path: '' };
    case 'show':
      return first ? { method: 'GET', path: `/${first}` } : null;
    case 'audit':
      return first ? { method: 'GET', path: `/${first}/audit` } : null;
    case 'create':
      return first ? { method: 'POST', path: '', body: readFile(first, 'utf8') } : null;
    case 'update':
      return first && second ? { method: 'PUT', path: `/${first}`, body: readFile(second, 'utf8') } : null;
    case 'schedule':
      return first && second && third
        ? { method: 'POST', path: `/${first}/schedule`, body: Promise.resolve(JSON.stringify({ startsAt: second, endsAt: third })) }
        : null;
    case 'end':
      return first ? { method: 'POST', path: `/${first}/end`, body: Promise.resolve('{}') } : null;
    default:
      return null;
  }
}

const request = toRequest();
if (!request) {
  console.error(USAGE);
  process.exit(2);
}
const body = request.body
  ? await request.body.catch((error: unknown) => {
      console.error(`cannot read ${args.at(-1)}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    })
  : undefined;
// The campaign's own history names who made the change (the console's audit log names the key or the account too).
const operator =
  userInfo()
    .username.replace(/[^\w.@-]/g, '')
    .slice(0, 64) || 'operator';
const api = readConsoleApi(config);
let response: Response;
if (api) {
  // The running site: it checks the key's role (campaign:read, campaign:manage) and writes the audit entry.
  response = await api
    .call(`${ADMIN_PATH}${request.path}`, { method: request.method, body, headers: { 'x-operator': operator } })
    .catch((error: unknown) => {
      console.error(describeUnreachableSite(error, api.url, config.CONSOLE_URL ? 'CONSOLE_URL' : 'SITE_URL'));
      process.exit(1);
    });
} else {
  // No key: the same route in this process, on the database (which a running site must not hold).
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }).catch((error: unknown) => {
    if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
    console.error(explainHeldDatabase('campaign', error, config.SITE_URL));
    process.exit(1);
  });
  try {
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await applyMigrations(db, 'campaign', path.join(import.meta.dirname, 'migrations'));
    response = await runSquadRouteLocally(
      db,
      campaignApi,
      config,
      new Request(new URL(`${ADMIN_PATH}${request.path}`, config.SITE_URL), {
        method: request.method,
        headers: { 'x-operator': operator, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      }),
    );
  } finally {
    await db.close();
  }
}
const text = await response.text();
try {
  process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
} catch {
  process.stdout.write(`${text}\n`);
}
process.exit(response.ok ? 0 : 1);
