import { createServer, request as httpRequest, type Server } from 'node:http';
import { createLogger } from '@reelkeep/platform/logger';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import type { Database } from '@reelkeep/platform/db';
import type { Mailer } from '@reelkeep/platform/mail';
import type { RegistryStore } from '@reelkeep/platform/registry';
import { consoleAuthoriseInput, type ConsoleAuthorisation } from '@reelkeep/shared-contracts/console';
import { createConsoleHandler, linkSiteAddresses, pickConsoleLocale } from './console-handler.ts';

/** Every console page and action; each must be refused to an account without the permission, whatever it sends. */
const ROUTES: [method: 'GET' | 'POST', path: string, body: string][] = [
  ['GET', '/console', ''],
  ['GET', '/console/releases', ''],
  ['GET', '/console/releases/confirm?action=rollback&app=mf-checkout', ''],
  ['POST', '/console/releases/confirm', 'action=rollback&app=mf-checkout&confirm=yes'],
  ['POST', '/console/releases/confirm', 'action=promote&app=mf-checkout&version=1.0.0&confirm=yes'],
  ['GET', '/console/mailbox', ''],
  ['GET', '/console/mailbox?id=1', ''],
  ['GET', '/console/audit', ''],
  ['GET', '/console/people', ''],
  ['POST', '/console/people/role', 'email=me%40example.com&role=owner'],
  ['GET', '/console/api-keys', ''],
  ['POST', '/console/api-keys', 'name=deploy%20bot&role=release-manager'],
  ['POST', '/console/api-keys/revoke', 'id=7'],
];

describe('the console handler', () => {
  let server: Server;
  let origin: string;
  /** What the account squad answers for the session in the test. */
  let decide: (permission: string) => ConsoleAuthorisation;
  const switched: string[] = [];
  const audited: unknown[] = [];

  beforeAll(async () => {
    const registry: RegistryStore = {
      read: async () => ({ revision: 1, apps: { 'mf-checkout': { live: '2.0.0', previous: ['1.0.0'] } }, history: [] }),
      update: async (change) => {
        switched.push('update');
        return change({ revision: 1, apps: {}, history: [] });
      },
      close: async () => undefined,
    };
    const keyRow = {
      id: '7',
      name: 'deploy bot',
      role: 'release-manager',
      prefix: 'rk_abcdefgh',
      created_by: 'owner@example.com',
      created_at: '2026-11-28 10:00:00+00',
    };
    const db = {
      query: async (sql: string, params: unknown[]) => {
        if (sql.includes('INSERT INTO platform.console_audit')) audited.push(params);
        if (sql.includes('INSERT INTO platform.api_keys')) return [{ ...keyRow, name: params[0], role: params[1], prefix: params[2] }];
        if (sql.includes('platform.api_keys')) return [keyRow];
        return [];
      },
    } as unknown as Database;
    const handle = createConsoleHandler({
      siteUrl: 'http://127.0.0.1:1',
      db,
      mailer: { listOutbox: async () => [], send: async () => ({ via: 'outbox', id: '1' }) } as Mailer,
      logger: createLogger('error'),
      registry,
      releasesDir: '/nonexistent',
      fetchApi: async (path, init) => {
        if (path !== '/api/account/internal/console-authorise') return new Response(JSON.stringify({ people: [] }), { status: 200 });
        const { permission } = consoleAuthoriseInput.parse(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(decide(`${permission.resource}:${permission.action}`)), { status: 200 });
      },
      loadTexts: async () => ({ console: {} }),
      readClientAddress: () => '127.0.0.1',
      limits: {
        signInByAddress: createRateLimiter({ name: 'a', limit: 2, windowMs: 60_000 }),
        signInByAccount: createRateLimiter({ name: 'b', limit: 2, windowMs: 60_000 }),
        codeByAddress: createRateLimiter({ name: 'c', limit: 2, windowMs: 60_000 }),
      },
    });
    server = createServer((req, res) => {
      void handle(req, res, new URL(req.url!, 'http://127.0.0.1:1'), 'nonce').then((handled) => {
        if (!handled) res.writeHead(599).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = 'http://127.0.0.1:1';
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (method: string, path: string, body?: string, headers: Record<string, string> = { origin }) =>
    new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const { port } = server.address() as { port: number };
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          headers: {
            ...headers,
            cookie: 'rk.session_token=x',
            ...(body !== '' && body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(body || undefined);
    });

  it.each(ROUTES)('refuses %s %s with 403 to an account without a role, and changes nothing', async (method, path, body) => {
    decide = () => ({ allowed: false, reason: 'forbidden' });
    const answer = await send(method, path, body);
    expect(answer.status).toBe(403);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(switched).toEqual([]);
    expect(audited).toEqual([]);
  });

  it.each(ROUTES.filter(([method]) => method === 'POST'))('refuses %s %s from another origin before asking who it is', async (method, path, body) => {
    decide = () => {
      throw new Error('asked');
    };
    for (const headers of [{ origin: 'http://evil.example' }, { referer: 'http://evil.example/x' }, {}] as Record<string, string>[])
      expect((await send(method, path, body, headers)).status).toBe(403);
    expect(switched).toEqual([]);
  });

  it('refuses a support agent the release switch but shows the mailbox', async () => {
    const actor = { id: 'u1', email: 'agent@example.com', role: 'support' as const };
    decide = (permission) => (permission === 'mail:read' ? { allowed: true, actor } : { allowed: false, reason: 'forbidden', actor });
    expect((await send('POST', '/console/releases/confirm', 'action=rollback&app=mf-checkout&confirm=yes')).status).toBe(403);
    expect((await send('GET', '/console/mailbox')).status).toBe(200);
    expect(switched).toEqual([]);
  });

  it('sends a role holder without two-factor sign-in to enrol first, and a visitor nobody signed in as to sign in', async () => {
    decide = () => ({ allowed: false, reason: 'two-factor-required', actor: { id: 'u2', email: 'new@example.com', role: 'analyst' } });
    expect(await send('GET', '/console/audit')).toMatchObject({ status: 303, headers: { location: '/console/enrol' } });
    expect((await send('POST', '/console/people/role', 'email=me%40example.com&role=owner')).status).toBe(403);
    decide = () => ({ allowed: false, reason: 'signed-out' });
    expect(await send('GET', '/console/releases')).toMatchObject({ status: 303, headers: { location: '/console/sign-in' } });
    expect((await send('POST', '/console/releases/confirm', 'action=rollback&app=mf-checkout&confirm=yes')).status).toBe(401);
  });

  it('lets an owner make a key, shows it once, and records it; revoking is recorded with before and after', async () => {
    const actor = { id: 'u4', email: 'owner@example.com', role: 'owner' as const };
    decide = () => ({ allowed: true, actor });
    audited.length = 0;
    const made = await send('POST', '/console/api-keys', 'name=deploy%20bot&role=release-manager');
    expect(made.status).toBe(201);
    const key = /rk_[A-Za-z0-9_-]{40}/.exec(made.text)?.[0];
    expect(key).toBeDefined();
    expect((await send('GET', '/console/api-keys')).text).not.toContain(key);
    expect(audited[0]).toEqual(expect.arrayContaining(['owner@example.com', 'api-key.create', 'api-key:7']));
    expect(JSON.stringify(audited[0])).not.toContain(key!.slice(11));
    expect(await send('POST', '/console/api-keys/revoke', 'id=7')).toMatchObject({
      status: 303,
      headers: { location: '/console/api-keys?done=revoked' },
    });
    expect(audited[1]).toEqual(expect.arrayContaining(['api-key.revoke', 'api-key:7']));
    expect((await send('POST', '/console/api-keys', 'name=%3Cscript%3E&role=owner')).status).toBe(400);
    audited.length = 0;
  });

  it('refuses the API keys section to every role but the owner', async () => {
    for (const role of ['release-manager', 'campaign-manager', 'support', 'analyst'] as const) {
      const actor = { id: 'u5', email: `${role}@example.com`, role };
      decide = (permission) => (permission.startsWith('api-key:') ? { allowed: false, reason: 'forbidden', actor } : { allowed: true, actor });
      expect((await send('GET', '/console/api-keys')).status).toBe(403);
      expect((await send('POST', '/console/api-keys', 'name=mine&role=owner')).status).toBe(403);
      expect((await send('POST', '/console/api-keys/revoke', 'id=7')).status).toBe(403);
    }
    expect(audited).toEqual([]);
  });

  it('rolls back only with the confirmation, and records who did it with before and after', async () => {
    const actor = { id: 'u3', email: 'rm@example.com', role: 'release-manager' as const };
    decide = () => ({ allowed: true, actor });
    expect((await send('POST', '/console/releases/confirm', 'action=rollback&app=mf-checkout')).status).toBe(400);
    expect(switched).toEqual([]);
    // The fixture releases folder does not exist: the release checks refuse, and nothing is recorded.
    expect((await send('POST', '/console/releases/confirm', 'action=rollback&app=mf-checkout&confirm=yes')).status).not.toBe(303);
    expect(audited).toEqual([]);
  });
});

describe('linkSiteAddresses', () => {
  it("makes only the site's own addresses links, and escapes the rest of the mail", () => {
    const text = 'Choose it here:\nhttp://127.0.0.1:1/reset-password?token=a&b=1\nNot <this>: https://evil.example/x';
    expect(linkSiteAddresses(text, 'http://127.0.0.1:1').toString()).toBe(
      'Choose it here:\n<a href="http://127.0.0.1:1/reset-password?token=a&amp;b=1">http://127.0.0.1:1/reset-password?token=a&amp;b=1</a>\nNot &lt;this&gt;: https://evil.example/x',
    );
  });
});

describe('pickConsoleLocale', () => {
  it.each([
    ['/console?lang=ja', { 'accept-language': 'fr-FR,fr', cookie: 'rk_lang=de' }, 'ja', true],
    ['/console?lang=xx', { 'accept-language': 'de-DE,de;q=0.9' }, 'de', false],
    ['/console', { 'accept-language': 'fr-FR,fr', cookie: 'rk_lang=ja' }, 'ja', false],
    ['/console', { 'accept-language': 'zh-TW,zh' }, 'zh', false],
    ['/console', { 'accept-language': 'zh-CN,zh' }, 'en', false],
    ['/console', { 'accept-language': 'nl-NL, pt-BR;q=0.8' }, 'en', false],
    ['/console', {}, 'en', false],
  ])('%s with %j is %s (chosen now: %s)', (path, headers, locale, chosen) => {
    expect(pickConsoleLocale(new URL(path, 'http://site.test'), headers)).toEqual({ locale, chosen });
  });
});
