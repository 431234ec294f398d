import type { Database } from '@reelkeep/platform/db';
import type { Mailer } from '@reelkeep/platform/mail';
import type { ConsoleAuthorisation } from '@reelkeep/shared-contracts/console';
import { pickConsoleLocale } from './console-locale.ts';
import { linkSiteAddresses } from './console-mailbox-section.ts';
import {
  createTestLimits,
  createTestRegistry,
  readAskedPermission,
  startConsoleHarness,
  TEST_SITE,
  type ConsoleHarness,
} from './testing/console-harness.ts';

/** A call the console forwarded to the campaign squad's console route. */
type ForwardedCall = { path: string; method: string; actor: string | null; body: string };

/** The campaign squad's console route as these suites see it: each call recorded, answered by `answer`. */
function recordSquadCall(calls: ForwardedCall[], path: string, init: RequestInit | undefined, answer: () => Response): Response {
  calls.push({
    path,
    method: init?.method ?? 'GET',
    actor: new Headers(init?.headers).get('x-console-actor'),
    body: typeof init?.body === 'string' ? init.body : '',
  });
  return answer();
}

/** Every console page and action; each must be refused to an account without the permission, whatever it sends. */
const ROUTES: [method: 'GET' | 'POST', path: string, body: string][] = [
  ['GET', '/console', ''],
  ['GET', '/console/releases', ''],
  ['GET', '/console/releases/confirm?action=rollback&app=mf-checkout', ''],
  ['POST', '/console/releases/confirm', 'action=rollback&app=mf-checkout&confirm=yes'],
  ['POST', '/console/releases/confirm', 'action=promote&app=mf-checkout&version=1.0.0&confirm=yes'],
  ['GET', '/console/mailbox', ''],
  ['GET', '/console/mailbox?id=1', ''],
  ['POST', '/console/mailbox/resend', 'id=1'],
  ['GET', '/console/audit', ''],
  ['GET', '/console/people', ''],
  ['POST', '/console/people/role', 'email=me%40example.com&role=owner'],
  ['GET', '/console/preview/campaigns/demo?locale=de&part=modal', ''],
  ['GET', '/console/releases/diff?app=mf-checkout&from=1.0.0&to=2.0.0', ''],
  ['GET', '/console/experiments', ''],
  ['POST', '/console/experiments/switch', 'experiment=sidebar&open=closed'],
  ['GET', '/console/push', ''],
  ['POST', '/console/push/send', 'title_en=Hi&body_en=There&target=%2Fstore&confirm=yes'],
  ['GET', '/console/cache', ''],
  ['POST', '/console/cache/purge', 'by=tag&tag=locales&confirm=yes'],
  ['GET', '/console/api-keys', ''],
  ['POST', '/console/api-keys', 'name=deploy%20bot&role=release-manager'],
  ['POST', '/console/api-keys/revoke', 'id=7'],
];

describe('the console handler', () => {
  let harness: ConsoleHarness;
  const origin = TEST_SITE;
  /** What the account squad answers for the session in the test. */
  let decide: (permission: string) => ConsoleAuthorisation;
  const switched: string[] = [];
  const audited: unknown[] = [];
  const resent: string[] = [];
  /** The requests the campaign squad's preview route received (none may reach it here). */
  const forwarded: ForwardedCall[] = [];
  const sectionAnswer = () => new Response('{}', { status: 200 });

  beforeAll(async () => {
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
    harness = await startConsoleHarness({
      db,
      mailer: {
        listOutbox: async () => [],
        readOutbox: async () => null,
        send: async () => ({ via: 'outbox', id: '1', state: 'held' }),
        resend: async (id: string) => (id === '7' ? (resent.push(id), { id: '8', state: 'sent' }) : null),
      } as unknown as Mailer,
      registry: createTestRegistry(switched),
      fetchApi: async (path, init) => {
        if (path.startsWith('/api/campaign/internal/console/')) return recordSquadCall(forwarded, path, init, sectionAnswer);
        // The account squad's password check: one right password (a colleague's), every other one wrong.
        if (path === '/api/account/internal/console-sign-in') {
          const { password } = JSON.parse(String(init?.body)) as { password: string };
          return new Response(JSON.stringify({ outcome: password === 'Right1pass' ? 'code-required' : 'invalid' }), { status: 200 });
        }
        if (path !== '/api/account/internal/console-authorise') return new Response(JSON.stringify({ people: [] }), { status: 200 });
        return new Response(JSON.stringify(decide(readAskedPermission(init))), { status: 200 });
      },
      limits: createTestLimits(2),
    });
  });
  afterAll(() => harness.close());

  const send = (method: string, path: string, body = '', headers: Record<string, string> = { origin }) =>
    harness.send(method, path, { body, headers: { ...headers, cookie: 'rk.session_token=x' } });

  it.each(ROUTES)('refuses %s %s with 403 to an account without a role, and changes nothing', async (method, path, body) => {
    decide = () => ({ allowed: false, reason: 'forbidden' });
    const answer = await send(method, path, body);
    expect(answer.status).toBe(403);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(switched).toEqual([]);
    expect(audited).toEqual([]);
    expect(resent).toEqual([]);
    expect(forwarded).toEqual([]);
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

  it('sends a mail again only with mail:resend, and records the copy in the audit log', async () => {
    const analyst = { id: 'u4', email: 'analyst@example.com', role: 'analyst' as const };
    decide = (permission) =>
      permission === 'mail:read' ? { allowed: true, actor: analyst } : { allowed: false, reason: 'forbidden', actor: analyst };
    expect((await send('POST', '/console/mailbox/resend', 'id=7')).status).toBe(403);
    expect(resent).toEqual([]);

    const agent = { id: 'u5', email: 'agent@example.com', role: 'support' as const };
    decide = () => ({ allowed: true, actor: agent });
    expect((await send('POST', '/console/mailbox/resend', 'id=x')).status).toBe(400);
    expect((await send('POST', '/console/mailbox/resend', 'id=6')).status).toBe(404);
    expect(await send('POST', '/console/mailbox/resend', 'id=7')).toMatchObject({
      status: 303,
      headers: { location: '/console/mailbox?id=8&done=resent' },
    });
    expect(resent).toEqual(['7']);
    expect(JSON.stringify(audited.splice(0))).toContain('mail.resend');
  });

  it('counts only failed sign-ins against the limits: colleagues signing in from one address are never locked out', async () => {
    const signIn = (email: string, password: string) =>
      send('POST', '/console/sign-in', new URLSearchParams({ email, password }).toString(), {
        origin,
        'content-type': 'application/x-www-form-urlencoded',
      });
    // Three right passwords from one address, over a limit of two: each goes on to the code step.
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) expect((await signIn(email, 'Right1pass')).status).toBe(303);
    // Wrong passwords count: the third attempt is refused, the right password too.
    expect((await signIn('d@example.com', 'Wrong1pass')).status).toBe(401);
    expect((await signIn('d@example.com', 'Wrong2pass')).status).toBe(401);
    expect((await signIn('d@example.com', 'Right1pass')).status).toBe(429);
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

describe('a section preview through the console', () => {
  // A second console of its own: the squad's answers are what is under test here.
  let harness: ConsoleHarness;
  let decide: (permission: string) => ConsoleAuthorisation;
  const forwarded: ForwardedCall[] = [];
  let sectionAnswer: () => Response = () => new Response('{}', { status: 200 });
  const audited: unknown[][] = [];

  beforeAll(async () => {
    harness = await startConsoleHarness({
      db: { query: async (sql: string, params: unknown[]) => (sql.includes('INSERT') ? (audited.push(params), []) : []) } as unknown as Database,
      fetchApi: async (path, init) => {
        if (path.startsWith('/api/campaign/internal/console/')) return recordSquadCall(forwarded, path, init, sectionAnswer);
        return new Response(JSON.stringify(decide(readAskedPermission(init))), { status: 200 });
      },
      loadTexts: async () => ({ console: {}, common: {} }),
    });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    forwarded.length = 0;
    audited.length = 0;
  });

  const send = (method: string, path: string, body = '') =>
    harness.send(method, path, { body, headers: { origin: TEST_SITE, cookie: 'rk.session_token=x' } });
  const manager = { id: 'u9', email: 'cm@example.com', role: 'campaign-manager' as const };
  const support = { id: 'u8', email: 'agent@example.com', role: 'support' as const };
  const json =
    (body: unknown, headers: Record<string, string> = {}) =>
    () =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

  it('asks campaign:read before the squad renders a preview, and answers nothing else at a preview address', async () => {
    const asked: string[] = [];
    decide = (permission) => {
      asked.push(permission);
      return { allowed: false, reason: 'forbidden', actor: { id: 'u7', email: 'rm@example.com', role: 'release-manager' } };
    };
    expect((await send('GET', '/console/preview/campaigns/demo?locale=de&part=modal')).status).toBe(403);
    expect(asked).toEqual(['campaign:read']);
    decide = () => ({ allowed: true, actor: support });
    expect((await send('POST', '/console/preview/campaigns/demo', 'x=1')).status).toBe(404);
    expect((await send('GET', '/console/preview/campaigns/..%2Faccount')).status).toBe(404);
    expect(forwarded).toEqual([]);
    sectionAnswer = json({ kind: 'redirect', to: 'campaign?id=demo' });
    expect((await send('GET', '/console/preview/campaigns/demo?locale=de&part=modal')).status).toBe(503);
    expect(forwarded).toEqual([
      { path: '/api/campaign/internal/console/demo/preview?locale=de&part=modal', method: 'GET', actor: JSON.stringify(support), body: '' },
    ]);
    expect(audited).toEqual([]);
  });

  it('sends a preview framed by the console only, never cached, with no script', async () => {
    decide = () => ({ allowed: true, actor: manager });
    sectionAnswer = json({ kind: 'preview', title: 'Demo: modal', html: '<div role="dialog">Coupons</div>' });
    const preview = await send('GET', '/console/preview/campaigns/demo?locale=de&part=modal');
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('<html lang="de">');
    expect(preview.text).toContain('<div role="dialog">Coupons</div>');
    expect(preview.text).not.toContain('<script');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['content-security-policy']).not.toContain('script-src');
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
