import { afterAll, beforeAll, expect } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Database } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { holdSharedSchema } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { startTestGateway } from '@reelkeep/platform/testing/gateway-server';
import api from '../api.ts';
import type { AccountContext } from '../settings.ts';

export { listTestDatabases } from '@reelkeep/platform/testing/databases';

/** The account limit of the suites: ACCOUNT_RATE_LIMIT sign-ins per address and account, five times that per address. */
export const LIMIT = 5;
/** Failures on one account, from any address, after which every attempt on it needs a captcha (ACCOUNT_CAPTCHA_AFTER). */
export const CAPTCHA_AFTER = 5;
/** How long an attempt on an account under guard waits in the suites (ACCOUNT_GUARD_DELAY_MS). */
export const GUARD_DELAY_MS = 150;
/** A password that passes password_v2. */
export const PASSWORD = 'Reel2026keep';

/** Suites wait for each other on a shared PostgreSQL; a hook may wait this long for its turn. */
const HOOK_TIMEOUT_MS = 180_000;
/** The advisory lock an account suite takes on a shared PostgreSQL while it owns its account schema. */
const SCHEMA_LOCK_ID = 170_004;

/** An answer as a browser sees it: status, redirect, cookies, and the JSON body when there is one. */
export interface Answer {
  status: number;
  location: string | undefined;
  cookies: string[];
  body: Record<string, unknown>;
}

/** How a test sends a request: a JSON text or a form, a cookie, the page's origin (null: none), the loopback address it comes from. */
export interface SendOptions {
  method?: string;
  body?: string | Record<string, string>;
  cookie?: string;
  origin?: string | null;
  from?: string;
}

/** The account API of one suite, on one database, behind the host's gateway. */
export interface AccountApi {
  readonly db: Database;
  readonly context: AccountContext;
  readonly origin: string;
  send(pathname: string, options?: SendOptions): Promise<Answer>;
  /** Registers through the site's own route, answering the picture captcha as a visitor without JavaScript who read it would; resolves to the session cookie. */
  register(email: string, from?: string): Promise<string>;
  /** A loopback address of its own, so each test has its own rate-limit counters. */
  newAddress(): string;
}

/** The session cookie pair an answer sets, or '' when it sets none. */
export function sessionOf(answer: Answer): string {
  return answer.cookies
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair?.startsWith('rk.session_token=') && pair.length > 'rk.session_token='.length)
    .join('; ');
}

/**
 * Starts the account API for the suite's tests on a database made anew by the squad's migrations (a PostgreSQL test
 * database outlives the run), and stops it after them.
 */
export function useAccountApi(open: () => Promise<Database>): AccountApi {
  let db: Database;
  let context: AccountContext;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let releaseSchema: () => Promise<void> = async () => undefined;
  let lastAddress = 10;

  beforeAll(async () => {
    db = await open();
    releaseSchema = await holdSharedSchema(db, SCHEMA_LOCK_ID);
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await db.query('DROP SCHEMA IF EXISTS account CASCADE');
    await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'account'`);
    await applyMigrations(db, api.squad, path.join(import.meta.dirname, '..', 'migrations'));
    context = createTestHostContext(db, {
      module: api,
      env: {
        ACCOUNT_RATE_LIMIT: String(LIMIT),
        ACCOUNT_CAPTCHA_AFTER: String(CAPTCHA_AFTER),
        ACCOUNT_GUARD_DELAY_MS: String(GUARD_DELAY_MS),
      },
    });
    gateway = await startTestGateway([{ module: api, context }]);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.close();
    await releaseSchema();
    await db?.close();
  });

  const send = (pathname: string, options: SendOptions = {}): Promise<Answer> => {
    const form = typeof options.body === 'object';
    const body = typeof options.body === 'object' ? new URLSearchParams(options.body).toString() : options.body;
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const origin = options.origin === undefined ? gateway.origin : options.origin;
    if (origin) headers.origin = origin;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        gateway.origin + pathname,
        { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, localAddress: options.from ?? '127.0.0.1' },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              // a redirect or an empty answer
            }
            const json = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
            resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookies: res.headers['set-cookie'] ?? [], body: json });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };

  const newAddress = () => `127.0.0.${(lastAddress += 1)}`;

  return {
    get db() {
      return db;
    },
    get context() {
      return context;
    },
    get origin() {
      return gateway.origin;
    },
    send,
    newAddress,
    async register(email, from = newAddress()) {
      const captcha = context.captcha.createArithmetic();
      const answer = await send('/api/account/register', {
        body: JSON.stringify({ email, password: PASSWORD, locale: 'en', captcha_token: captcha.question.token, captcha_answer: captcha.answer }),
        from,
      });
      expect(answer.status).toBe(200);
      return sessionOf(answer);
    },
  };
}
