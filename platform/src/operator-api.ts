import { createHmac, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_OF_SQUAD, CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { createCaptcha } from './captcha.ts';
import { parseSquadSettings, toSiteConfig, type Config } from './config.ts';
import type { HostContext, SquadApiModule } from './host-context.ts';
import { createLocaleStore } from './locale-store.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail.ts';
import { createRateLimiter } from './rate-limit.ts';
import { isStateChanging } from './request-guards.ts';
import { recordConsoleAction } from './console-audit.ts';
import type { ConsoleAuthorise } from './console-guard.ts';
import type { Database } from './db/database.ts';
import type { EmbeddedDatabaseInUseError } from './db/embedded-lock.ts';
import type { ConsoleActor } from '@reelkeep/shared-contracts/console';

/**
 * docs/operations.md "Operators' tools": the operator's commands (`release:*`, `campaign`, `demo:campaign`,
 * `push:send`) are one surface with the console. With `CONSOLE_API_KEY` (and `CONSOLE_URL` when the site is not
 * at `SITE_URL`) they call the running site's console API, so the site sees the change at once, checks the key's
 * role and writes the audit entry; without a key they work on the database themselves, which the embedded one
 * allows only while no site holds it.
 */

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

/** The running site's console API, as one command reaches it. */
export interface ConsoleApi {
  /** The site's origin the calls go to. */
  url: string;
  /** Calls a path of the site with the key (JSON in, the answer as is). */
  call: (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Response>;
}

/** The console API a command uses, or null when it has no key (it then works on the database itself). */
export function readConsoleApi(config: { SITE_URL: string; CONSOLE_URL?: string; CONSOLE_API_KEY?: string }): ConsoleApi | null {
  if (!config.CONSOLE_API_KEY) return null;
  const url = new URL(config.CONSOLE_URL ?? config.SITE_URL).origin;
  const key = config.CONSOLE_API_KEY;
  return {
    url,
    call: (path, init = {}) =>
      fetch(new URL(path, url), {
        method: init.method ?? 'GET',
        headers: { ...init.headers, authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      }),
  };
}

/** What a command says when the running site holds the embedded database and it was given no key. */
export function explainHeldDatabase(command: string, error: EmbeddedDatabaseInUseError, siteUrl: string): string {
  return (
    `${command}: the running site (process ${error.ownerPid}) holds the embedded database ${error.dataDir}, ` +
    'and a second process must not open it.\n' +
    `Send the command through the site instead: CONSOLE_API_KEY=<key> npm run ${command} -- …\n` +
    `An owner makes the key in the console (${new URL('/console/api-keys', siteUrl).href}); ` +
    `or stop the site, run "npm run console:api-key -- --role owner --name operator", and start it again.`
  );
}

/** The person at the server's shell, as the audit log names a command run on the database itself. */
export function localOperator(): ConsoleActor {
  const who = `${os.userInfo().username}@${os.hostname()}`;
  return { id: `cli:${who}`, email: `${who} (command line)`, role: 'owner' };
}

/**
 * The check of a command run on the database itself (no site running): whoever may open the database may act, so
 * every permission is held; a state change is written to the audit log like one made through the site.
 */
export function createLocalAuthorise(db: Pick<Database, 'query'>, actor: ConsoleActor = localOperator()): ConsoleAuthorise {
  return async (request, permission) => {
    if (isStateChanging(request.method)) {
      const url = new URL(request.url);
      const body = (request.headers.get('content-type') ?? '').includes('json')
        ? await request
            .clone()
            .json()
            .catch(() => null)
        : null;
      await recordConsoleAction(db, {
        actor,
        action: `${permission.resource}.${permission.action}`,
        target: `${request.method} ${url.pathname}${url.search}`,
        after: body,
        clientIp: 'local',
      });
    }
    return null;
  };
}

/**
 * Runs one request against a squad's API routes in this process, on a database the command opened itself (no site
 * running): the same routes, schemas and audit entries as through the site, with the local operator as the actor.
 */
export async function runSquadRouteLocally<Settings>(
  db: Database,
  module: SquadApiModule<Settings>,
  config: Config,
  request: Request,
): Promise<Response> {
  const locales = createLocaleStore(config.LOCALES_DIR);
  const stateDir = path.join(path.dirname(config.PGLITE_DIR), 'squads', module.squad);
  await mkdir(stateDir, { recursive: true });
  const keyFor = config.CAPTCHA_HMAC_KEY ?? randomUUID();
  const context: HostContext<Settings> = {
    squad: module.squad,
    contractVersion: CONTRACT_VERSION,
    settings: parseSquadSettings(module.squad, module.settings, process.env),
    site: toSiteConfig(config),
    db,
    logger: createLogger(config.LOG_LEVEL),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db }),
    captcha: createCaptcha({ hmacKey: config.CAPTCHA_HMAC_KEY, maxNumber: config.CAPTCHA_MAX_NUMBER }),
    createRateLimiter: (name, limit, windowMs) => createRateLimiter({ name, limit, windowMs }),
    fetchApi: async () => new Response(null, { status: 503 }),
    authorise: createLocalAuthorise(db),
    loadTranslations: (locale, namespaces) => locales.loadResources(locale, namespaces),
    keyedHash: (value) => createHmac('sha256', keyFor).update(`${module.squad}:${value}`).digest('base64url'),
    stateDir,
    releaseDir: path.join(ROOT_DIR, APP_OF_SQUAD[module.squad]),
  };
  const url = new URL(request.url);
  const route = module.routes.find(
    (candidate) =>
      candidate.method === request.method &&
      (candidate.path.endsWith('/') ? url.pathname.startsWith(candidate.path) : url.pathname === candidate.path),
  );
  if (!route) return new Response(JSON.stringify({ error: 'not found' }), { status: 404 });
  return route.handle(request, context);
}
