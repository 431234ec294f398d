import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { checkoutAccountAnswerSchema } from '@reelkeep/shared-contracts';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { acceptApiModule } from '@reelkeep/platform/squad-api-contract';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { startTestGateway } from '@reelkeep/platform/testing/gateway-server';
import api from './api.ts';
import { getAuth } from './auth.ts';
import { answerForm } from './form-answer.ts';
import { accountSettings } from './settings.ts';

let db: Database;
const SECRET = 'a-secret-of-at-least-32-characters-0123';

beforeAll(async () => {
  db = await openTestPglite();
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await applyMigrations(db, api.squad, path.join(import.meta.dirname, 'migrations'));
});
afterAll(() => db.close());

const contextOf = (env: Record<string, string> = {}) => createTestHostContext(db, { module: api, env });

describe('the API module (docs/security.md "Ways into an account")', () => {
  it('passes the contract check with its routes inside the account paths', () => {
    expect(acceptApiModule('account', api)).toBe(api);
    expect(api.routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /logout',
        'POST /api/account/login',
        'GET /api/account/auth/one-time-token/generate',
        'POST /api/account/internal/checkout-account',
      ]),
    );
  });

  it('reads its own settings with the old defaults and checks', () => {
    expect(accountSettings.parse({})).toEqual({
      ACCOUNT_RATE_LIMIT: 10,
      ACCOUNT_CAPTCHA_AFTER: 5,
      ACCOUNT_GUARD_DELAY_MS: 2000,
      GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
      GOOGLE_GSI_URL: 'https://accounts.google.com/gsi/client',
    });
    expect(accountSettings.parse({ ACCOUNT_RATE_LIMIT: '3' }).ACCOUNT_RATE_LIMIT).toBe(3);
    expect(accountSettings.safeParse({ AUTH_SECRET: 'too-short' }).success).toBe(false);
    expect(accountSettings.safeParse({ GOOGLE_CLIENT_ID: 'has spaces in it' }).success).toBe(false);
    expect(accountSettings.safeParse({ ACCOUNT_RATE_LIMIT: '0' }).success).toBe(false);
    expect(accountSettings.safeParse({ GOOGLE_GSI_URL: 'not a url' }).success).toBe(false);
  });

  it("asks the CSP for Google's origin only while Google sign-in is configured", () => {
    expect(api.browserOrigins(accountSettings.parse({}))).toEqual({});
    const google = 'https://gsi.example.com';
    expect(api.browserOrigins(accountSettings.parse({ GOOGLE_CLIENT_ID: 'client.apps.example', GOOGLE_GSI_URL: `${google}/gsi/client` }))).toEqual({
      script: [google],
      frame: [google],
      style: [google],
      connect: [google],
    });
  });
});

describe('the auth secret and instance', () => {
  it('generates the secret once in the state folder (0600) and signs with it in every context that shares the folder', async () => {
    const first = contextOf();
    await api.start(first);
    const file = path.join(first.stateDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const auth = await getAuth(first);
    const secret = (await auth.$context).secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(secret);
    // Another version of the API, same state folder: the same secret, so its sessions stay valid.
    const other = await getAuth({ ...contextOf(), stateDir: first.stateDir });
    expect(other).not.toBe(auth);
    expect((await other.$context).secret).toBe(secret);
  });

  it('uses AUTH_SECRET when set and writes nothing', async () => {
    const context = contextOf({ AUTH_SECRET: SECRET });
    expect((await (await getAuth(context)).$context).secret).toBe(SECRET);
    expect(await readdir(context.stateDir)).toEqual([]);
  });

  it('makes one instance per context (per loaded version), never shared', async () => {
    const one = contextOf({ AUTH_SECRET: SECRET });
    const two = contextOf({ AUTH_SECRET: SECRET });
    expect(await getAuth(one)).toBe(await getAuth(one));
    expect(await getAuth(one)).not.toBe(await getAuth(two));
  });

  it('fails start when the secret cannot be kept, and tries again on the next use', async () => {
    const context = contextOf();
    const blocked = path.join(context.stateDir, 'not-a-folder');
    writeFileSync(blocked, '');
    const broken = { ...context, stateDir: blocked };
    await expect(api.start(broken)).rejects.toThrow();
    broken.stateDir = context.stateDir;
    await expect(getAuth(broken)).resolves.toBeDefined();
  });
});

describe('the internal routes (docs/security.md "Ways into an account")', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startTestGateway([{ module: api, context: contextOf() }]);
  });
  afterAll(() => gateway.close());

  const checkoutAccount = (email: string) =>
    gateway.fetchApi('/api/account/internal/checkout-account', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, locale: 'de' }),
    });

  it('do not exist for visitors', async () => {
    const outside = await fetch(`${gateway.origin}/api/account/internal/checkout-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gateway.origin },
      body: '{"email":"x@example.com"}',
    });
    expect(outside.status).toBe(404);
    expect((await fetch(`${gateway.origin}/api/account/internal/reset-token?token=abc`)).status).toBe(404);
  });

  it('make a buyer an account once, mail a link to choose a password, and tell whether its token is still good', async () => {
    const created = checkoutAccountAnswerSchema.parse(await (await checkoutAccount('Buyer@Example.com')).json());
    expect(created.created).toBe(true);
    expect(await (await checkoutAccount('buyer@example.com')).json()).toEqual({ userId: created.userId, created: false });
    const [mail] = await db.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM platform.mail_outbox WHERE recipient = $1`,
      ['buyer@example.com'],
    );
    // The invitation is written in the language of the page its link opens (docs/i18n.md "Mails").
    expect(mail!.subject).toBe('Wählen Sie ein Passwort für Ihr ReelKeep-Konto');
    const link = new URL(/(http:\S+)/.exec(mail!.body_text)![1]!);
    expect(link.pathname).toBe('/de/reset-password');
    const token = link.searchParams.get('token')!;
    expect(await (await gateway.fetchApi(`/api/account/internal/reset-token?token=${token}`)).json()).toEqual({ valid: true });
    expect(await (await gateway.fetchApi('/api/account/internal/reset-token?token=unknown-token-0123')).json()).toEqual({ valid: false });
    expect((await checkoutAccount('not an address')).status).toBe(400);
  });
});

describe('the form responder (docs/forms.md "Without JavaScript")', () => {
  const library = new Response(null, {
    headers: [
      ['set-cookie', 'rk.session_token=abc; HttpOnly'],
      ['set-cookie', 'rk.other=1'],
    ],
  });

  it('answers a script with JSON and a plain form post with a 303, keeping the cookies either way', async () => {
    const json = answerForm(false, { status: 400, problems: { form: 'invalid' }, json: { return: '/x' }, location: '/login', cookiesFrom: library });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ cscode: 400, problems: { form: 'invalid' }, return: '/x' });
    expect(json.headers.getSetCookie()).toHaveLength(2);
    const form = answerForm(true, { status: 200, location: '/my-account', cookiesFrom: library });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/my-account');
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.headers.getSetCookie()).toEqual(['rk.session_token=abc; HttpOnly', 'rk.other=1']);
  });
});
