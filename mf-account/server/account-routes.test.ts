import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Database } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { startTestGateway } from '@reelkeep/platform/testing/gateway-server';
import { listTestDatabases } from '@reelkeep/platform/testing/databases';
import api from './api.ts';
import type { AccountContext } from './settings.ts';

/** The account limit of this suite: ACCOUNT_RATE_LIMIT sign-ins per address and account, five times that per address. */
const LIMIT = 5;
const PASSWORD = 'Reel2026keep';

interface Answer {
  status: number;
  location: string | undefined;
  cookies: string[];
  body: Record<string, unknown>;
}

let db: Database;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let context: AccountContext;
let nextAddress = 10;

/** A request from its own loopback address (so each test has its own rate-limit counters), as a browser of `origin` would send it. */
function send(
  pathname: string,
  options: { method?: string; body?: string | Record<string, string>; cookie?: string; origin?: string | null; from?: string } = {},
): Promise<Answer> {
  const form = typeof options.body === 'object';
  const body = form ? new URLSearchParams(options.body as Record<string, string>).toString() : options.body;
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
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // a redirect or an empty answer
          }
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookies: res.headers['set-cookie'] ?? [], body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const newAddress = () => `127.0.0.${(nextAddress += 1)}`;
const sessionOf = (answer: Answer) =>
  answer.cookies
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair?.startsWith('rk.session_token=') && pair.length > 'rk.session_token='.length)
    .join('; ');

/** Registers through the site's own route, answering the arithmetic captcha as a visitor without JavaScript would. */
async function register(email: string, from = newAddress()): Promise<string> {
  const { a, b, token } = context.captcha.createArithmetic();
  const answer = await send('/api/account/register', {
    body: JSON.stringify({ email, password: PASSWORD, locale: 'en', captcha_token: token, captcha_answer: String(a + b) }),
    from,
  });
  expect(answer.status).toBe(200);
  return sessionOf(answer);
}

const databases = listTestDatabases();

describe.each(databases)('the account API on %s', (_kind, open) => {
  beforeAll(async () => {
    db = await open();
    // A PostgreSQL test database outlives the run: the squad's schema starts empty each time.
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await db.query('DROP SCHEMA IF EXISTS account CASCADE');
    await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'account'`);
    await applyMigrations(db, api.squad, path.join(import.meta.dirname, 'migrations'));
    context = createTestHostContext(db, { module: api, env: { ACCOUNT_RATE_LIMIT: String(LIMIT) } });
    gateway = await startTestGateway([{ module: api, context }]);
  });
  afterAll(async () => {
    await gateway.close();
    await db.close();
  });

  describe('the auth library behind the site (audit: its routes skipped the limits)', () => {
    it.each([
      ['POST', '/api/account/auth/sign-in/email'],
      ['POST', '/api/account/auth/sign-up/email'],
      ['POST', '/api/account/auth/request-password-reset'],
      ['POST', '/api/account/auth/reset-password'],
      ['GET', '/api/account/auth/get-session'],
      ['GET', '/api/account/auth/reset-password/some-token'],
    ])('does not expose %s %s', async (method, pathname) => {
      const answer = await send(pathname, {
        method,
        ...(method === 'POST' ? { body: JSON.stringify({ email: 'x@example.com', password: 'aaaaaaaa', name: 'x' }) } : {}),
      });
      expect(answer.status).toBe(404);
    });

    it('answers the desktop hand-off token only to a signed-in visitor', async () => {
      expect((await send('/api/account/auth/one-time-token/generate')).status).toBe(401);
      const session = await register('handoff@example.com');
      const answer = await send('/api/account/auth/one-time-token/generate', { cookie: session });
      expect(answer.status).toBe(200);
      expect(typeof answer.body.token).toBe('string');
    });
  });

  describe('registration', () => {
    it('refuses a password that breaks password_v2 and a missing captcha, whatever the content type', async () => {
      const json = await send('/api/account/register', {
        body: JSON.stringify({ email: 'weak@example.com', password: 'aaaaaaaa', locale: 'en' }),
        from: newAddress(),
      });
      expect(json.status).toBe(400);
      expect(json.body.problems).toEqual({ password: 'invalid', captcha: 'invalid' });
      const form = await send('/api/account/register', {
        body: { email: 'weak@example.com', password: 'aaaaaaaa', locale: 'fr', name: 'Weak' },
        from: newAddress(),
      });
      expect(form.status).toBe(303);
      expect(form.location).toMatch(/^\/fr\/register\?/);
      expect(new URLSearchParams(form.location!.split('?')[1]).get('password')).toBe('invalid');
    });
  });

  describe('password guessing', () => {
    it('is limited per account and address, and the right password is refused too once the limit is reached', async () => {
      await register('guessed@example.com');
      const from = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i += 1)
        statuses.push(
          (
            await send('/api/account/login', {
              body: JSON.stringify({ email: 'guessed@example.com', password: `Wrong${i}pass1`, locale: 'en' }),
              from,
            })
          ).status,
        );
      expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
      expect(statuses.slice(LIMIT)).toEqual([429, 429]);
      const right = await send('/api/account/login', {
        body: JSON.stringify({ email: 'guessed@example.com', password: PASSWORD, locale: 'en' }),
        from,
      });
      expect(right.status).toBe(429);
      expect(sessionOf(right)).toBe('');
    });

    it('limits guessing of issued tokens (reset links, desktop hand-off) together, per address', async () => {
      const from = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i += 1) {
        const answer =
          i % 2 === 0
            ? await send('/api/account/reset-password', {
                body: JSON.stringify({ token: `guessed-token-${i}-0123456789`, password: PASSWORD, locale: 'en' }),
                from,
              })
            : await send(`/api/account/handoff?token=guessed-token-${i}-0123456789`, { from });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([400, 303, 400, 303, 400]);
      expect(
        (
          await send('/api/account/reset-password', {
            body: JSON.stringify({ token: 'guessed-token-x-0123456789', password: PASSWORD, locale: 'en' }),
            from,
          })
        ).status,
      ).toBe(429);
    });

    it('closes every way in for an address that tried too many accounts, the right password included', async () => {
      await register('many@example.com');
      const from = newAddress();
      for (let i = 0; i < LIMIT * 5; i += 1)
        expect(
          (
            await send('/api/account/login', {
              body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'Wrong1pass', locale: 'en' }),
              from,
            })
          ).status,
        ).toBe(401);
      expect(
        (await send('/api/account/login', { body: JSON.stringify({ email: 'many@example.com', password: PASSWORD, locale: 'en' }), from })).status,
      ).toBe(429);
      expect(
        (await send('/api/account/register', { body: JSON.stringify({ email: 'new@example.com', password: PASSWORD, locale: 'en' }), from })).status,
      ).toBe(429);
    });
  });

  describe('return paths after sign-in (audit: /login?return=/.//evil.com ended in Location: //evil.com)', () => {
    it.each([
      '/.//evil.com',
      '/..//evil.com',
      '/./\\evil.com',
      '//evil.com',
      '/\\evil.com',
      'https://evil.com/x',
      '/%2F%2Fevil.com',
      '\\\\evil.com',
      'javascript:alert(1)',
    ])('%s never leaves the site, as JSON or as a form redirect', async (value) => {
      await register(`return-${Buffer.from(value).toString('hex')}@example.com`);
      const email = `return-${Buffer.from(value).toString('hex')}@example.com`;
      const json = await send('/api/account/login', {
        body: JSON.stringify({ email, password: PASSWORD, locale: 'en', return: value }),
        from: newAddress(),
      });
      const form = await send('/api/account/login', { body: { email, password: PASSWORD, locale: 'en', return: value }, from: newAddress() });
      for (const target of [json.body.return as string, form.location!]) {
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//') || target.startsWith('/\\')).toBe(false);
        expect(new URL(target, gateway.origin).origin).toBe(gateway.origin);
      }
    });

    it('keeps a same-site return path', async () => {
      await register('return-ok@example.com');
      const json = await send('/api/account/login', {
        body: JSON.stringify({ email: 'return-ok@example.com', password: PASSWORD, locale: 'de', return: '/de/checkout?plan=1Y' }),
        from: newAddress(),
      });
      expect(json.body.return).toBe('/de/checkout?plan=1Y');
    });
  });

  describe('cross-site form posts (audit: CSRF deleted an account)', () => {
    it('refuses them with 403 and changes nothing, while the same form from the site works', async () => {
      const session = await register('csrf@example.com');
      const foreign = 'http://127.0.0.1:9';
      const deleteForm = { confirm_email: 'csrf@example.com', locale: 'en' };
      expect((await send('/api/account/delete', { body: deleteForm, cookie: session, origin: foreign })).status).toBe(403);
      expect(
        (
          await send('/api/account/password', {
            body: { current_password: PASSWORD, new_password: 'Evil2026pass', locale: 'en' },
            cookie: session,
            origin: foreign,
          })
        ).status,
      ).toBe(403);
      expect((await send('/api/account/share-visit', { body: { invite_code: 'csrf-code' }, cookie: session, origin: foreign })).status).toBe(403);
      expect(
        (await send('/api/account/login', { body: { email: 'csrf@example.com', password: PASSWORD, locale: 'en' }, origin: foreign })).status,
      ).toBe(403);
      expect((await send('/api/account/delete', { body: deleteForm, cookie: session, origin: null })).status).toBe(403);
      expect((await db.query('SELECT 1 FROM account.users WHERE email = $1', ['csrf@example.com'])).length).toBe(1);
      const own = await send('/api/account/delete', { body: deleteForm, cookie: session });
      expect(own.status).toBe(303);
      expect((await db.query('SELECT 1 FROM account.users WHERE email = $1', ['csrf@example.com'])).length).toBe(0);
    });
  });

  describe('the reset link', () => {
    it('opens the reset page of the locale with the token, not a library route', async () => {
      await register('reset@example.com');
      const { a, b, token } = context.captcha.createArithmetic();
      expect(
        (
          await send('/api/account/forgot-password', {
            body: JSON.stringify({ email: 'reset@example.com', locale: 'ja', captcha_token: token, captcha_answer: String(a + b) }),
            from: newAddress(),
          })
        ).status,
      ).toBe(200);
      const [mail] = await db.query<{ body_text: string }>(
        `SELECT body_text FROM platform.mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
        ['reset@example.com'],
      );
      const link = /(http:\S+)/.exec(mail!.body_text)![1]!;
      expect(link).toMatch(new RegExp(`^${gateway.origin}/ja/reset-password\\?token=[\\w-]+$`));
      const resetToken = new URL(link).searchParams.get('token')!;
      const reset = await send('/api/account/reset-password', {
        body: { token: resetToken, password: 'Renewed2026x', locale: 'ja' },
        from: newAddress(),
      });
      expect(reset.location).toBe('/ja/login?reset=1');
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/account/login', '{"email":"a@b.co","password":"x\\u0000y"}'],
      ['/api/account/login', '{"email":{"$ne":1},"password":"x"}'],
      ['/api/account/register', '{"email":"a\\u0000@b.co","password":"Reel2026keep"}'],
      ['/api/account/reset-password', '{"token":"\\u0000","password":"Reel2026keep"}'],
      ['/api/account/share-visit', '{"invite_code":"a\\u0000b"}'],
      ['/api/account/login', '{"email":'],
      ['/api/account/google', '{"credential":"a.b.c\\u0000"}'],
    ])('%s with %s answers 4xx, never 5xx', async (pathname, body) => {
      const answer = await send(pathname, { body, from: newAddress() });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    });
  });
});
