import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { loadConfig } from '@reelkeep/platform/config';
import { describeUnreachableSite } from '@reelkeep/platform/network-problems';

/**
 * `npm run campaign -- <command>`: the operator's campaign commands, through the admin API of the running site
 * (`SITE_URL`, or `CAMPAIGN_API_URL` when the site is reached at another address) with `ADMIN_TOKEN`, so a change
 * from the command line is validated and audited exactly like one from any other client (docs/campaigns.md "CLI").
 *
 *   list | show <id> | audit <id> | create <file.json> | update <id> <file.json> | schedule <id> <start> <end> | end <id>
 *
 * `<start>` and `<end>` are ISO 8601 date-times with an offset (`2026-12-01T00:00:00Z`). Prints the answer as
 * JSON; exits 1 on a refusal, 2 on a usage error.
 */
const USAGE =
  'usage: npm run campaign -- list | show <id> | audit <id> | create <file.json> | update <id> <file.json> | schedule <id> <start> <end> | end <id>';

const config = loadConfig();
const base = `${(process.env.CAMPAIGN_API_URL ?? config.SITE_URL).replace(/\/$/, '')}/api/campaign/admin/campaigns`;
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
if (!request || !config.ADMIN_TOKEN) {
  console.error(request ? 'ADMIN_TOKEN is not set' : USAGE);
  process.exit(2);
}
const body = request.body
  ? await request.body.catch((error: unknown) => {
      console.error(`cannot read ${args.at(-1)}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    })
  : undefined;
const response = await fetch(`${base}${request.path}`, {
  method: request.method,
  headers: {
    authorization: `Bearer ${config.ADMIN_TOKEN}`,
    'x-operator':
      userInfo()
        .username.replace(/[^\w.@-]/g, '')
        .slice(0, 64) || 'operator',
    ...(request.body ? { 'content-type': 'application/json' } : {}),
  },
  body,
}).catch((error: unknown) => {
  console.error(describeUnreachableSite(error, base, process.env.CAMPAIGN_API_URL ? 'CAMPAIGN_API_URL' : 'SITE_URL'));
  process.exit(1);
});
const text = await response.text();
try {
  process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
} catch {
  process.stdout.write(`${text}\n`);
}
process.exit(response.ok ? 0 : 1);
