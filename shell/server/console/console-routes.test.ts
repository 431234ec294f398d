import type { Database } from '@reelkeep/platform/db';
import type { Mailer } from '@reelkeep/platform/mail';
import {
  canRole,
  consoleAuthoriseInput,
  CONSOLE_ROLES,
  type ConsoleAuthorisation,
  type ConsolePermission,
  type ConsoleRole,
} from '@reelkeep/shared-contracts/console';
import { CONSOLE_ROUTES, findConsoleRoute, type ConsoleRoute } from './console-routes.ts';
import { createTestRegistry, startConsoleHarness, TEST_SITE, type ConsoleHarness } from './testing/console-harness.ts';

/**
 * The abuse suite's console rows (docs/console.md "Security"), driven by the route table the handler itself enforces
 * (console-routes.ts): every role, and an account without one, against every page and action; every form's action
 * posted from another origin, with an owner's session. The account squad's answer is the permission table's
 * (`canRole`, the same `CONSOLE_ROLE_PERMISSIONS` better-auth's access control is built from). The squads' sections
 * are checked by the same `admit` from their modules' declarations (console-sections.test.ts).
 */

const SITE = TEST_SITE;
/** A valid input for each route, so an allowed role reaches the route's own code and a refused one proves nothing ran. */
const SAMPLES: Record<string, string> = {
  'GET /console/releases/confirm': 'action=rollback&app=mf-checkout',
  'POST /console/releases/confirm': 'action=rollback&app=mf-checkout&confirm=yes',
  'GET /console/releases/diff': 'app=mf-checkout&from=1.0.0&to=2.0.0',
  'POST /console/experiments/switch': 'experiment=sidebar&open=closed',
  'POST /console/push/send': 'title_en=Hi&body_en=There&target=%2Fstore&confirm=yes',
  'POST /console/cache/purge': 'by=tag&tag=locales&confirm=yes',
  'GET /console/mailbox': 'id=7',
  'POST /console/mailbox/resend': 'id=7',
  'GET /console/audit': 'q=release',
  'POST /console/people/role': 'email=someone%40example.com&role=owner',
  'POST /console/api-keys': 'name=deploy%20bot&role=owner',
  'POST /console/api-keys/revoke': 'id=7',
  'POST /console/sign-in': 'email=someone%40example.com&password=Guess2026pass',
  'POST /console/sign-in/code': 'code=123456',
  'POST /console/enrol': 'password=Guess2026pass',
  'POST /console/enrol/confirm': 'code=123456',
};
const sampleOf = (route: ConsoleRoute) => SAMPLES[`${route.method} ${route.path}`] ?? '';
const guarded = CONSOLE_ROUTES.filter((route): route is Extract<ConsoleRoute, { permission: unknown }> => 'permission' in route);
const name = (permission: ConsolePermission) => `${permission.resource}:${permission.action}`;

describe('every console route against every role (the route table)', () => {
  let harness: ConsoleHarness;
  /** The role of the session in the test: a console role, `null` for a customer, `undefined` for nobody signed in. */
  let role: ConsoleRole | null | undefined;
  /** The permissions the account squad was asked about, in order. */
  const asked: string[] = [];
  /** Everything that changes state: writes to the database but the audit log, switches, mail, the squads' changes. */
  const changes: string[] = [];
  const audited: unknown[] = [];
  const forwardedHeaders: Headers[] = [];

  beforeAll(async () => {
    const keyRow = {
      id: '7',
      name: 'bot',
      role: 'support',
      prefix: 'rk_abcdefgh',
      created_by: 'o@example.com',
      created_at: '2026-11-28 10:00:00+00',
    };
    const db = {
      query: async (sql: string, params: unknown[] = []) => {
        if (sql.includes('INSERT INTO platform.console_audit')) {
          audited.push(params);
          return [];
        }
        if (/\b(INSERT|UPDATE|DELETE)\b/.test(sql)) changes.push(sql.replace(/\s+/g, ' ').slice(0, 60));
        if (sql.includes('platform.api_keys')) return [{ ...keyRow }];
        return [];
      },
      transaction: async () => {
        changes.push('transaction');
        throw new Error('no transaction here');
      },
    } as unknown as Database;
    harness = await startConsoleHarness({
      db,
      mailer: {
        listOutbox: async () => [],
        readOutbox: async () => null,
        send: async () => {
          changes.push('mail.send');
          return { via: 'outbox', id: '1', state: 'held' };
        },
        resend: async () => {
          changes.push('mail.resend');
          return { id: '8', state: 'sent' };
        },
      } as unknown as Mailer,
      registry: createTestRegistry(changes),
      fetchApi: async (path, init) => {
        forwardedHeaders.push(new Headers(init?.headers));
        if (path === '/api/account/internal/console-authorise') {
          const { permission } = consoleAuthoriseInput.parse(JSON.parse(String(init?.body)));
          asked.push(name(permission));
          const actor = role ? { id: 'u1', email: `${role}@example.com`, role } : undefined;
          const answer: ConsoleAuthorisation =
            role === undefined
              ? { allowed: false, reason: 'signed-out' }
              : actor && canRole(role, permission)
                ? { allowed: true, actor }
                : { allowed: false, reason: 'forbidden', ...(actor ? { actor } : {}) };
          return Response.json(answer);
        }
        if ((init?.method ?? 'GET') !== 'GET') changes.push(`${init?.method} ${path}`);
        return Response.json({ people: [] });
      },
    });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    asked.length = 0;
    changes.length = 0;
    audited.length = 0;
    forwardedHeaders.length = 0;
  });

  const send = (route: { method: string; path: string }, query: string, headers: Record<string, string>) =>
    route.method === 'POST'
      ? harness.send('POST', route.path, { body: query, headers })
      : harness.send(route.method, query ? `${route.path}?${query}` : route.path, { headers });
  const asSession = { origin: SITE, cookie: 'rk.session_token=x' };

  it('names every route once, each with a sample input where it takes one', () => {
    const keys = CONSOLE_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of Object.keys(SAMPLES)) expect(keys).toContain(key);
    expect(findConsoleRoute('HEAD', '/console/audit')).toMatchObject({ method: 'GET', permission: { resource: 'audit', action: 'read' } });
  });

  const matrix = guarded.flatMap((route) => [...CONSOLE_ROLES, null].map((who) => [route.method, route.path, who ?? 'no role', route, who] as const));
  it.each(matrix)('%s %s as %s: the permission table decides', async (_method, _path, _who, route, who) => {
    role = who;
    const answer = await send(route, sampleOf(route), asSession);
    // The route's own permission is the first thing asked, before any of its code runs.
    expect(asked[0]).toBe(name(route.permission));
    if (who !== null && canRole(who, route.permission)) {
      expect([401, 403]).not.toContain(answer.status);
    } else {
      expect(answer.status).toBe(403);
      expect(asked).toEqual([name(route.permission)]);
      expect(changes).toEqual([]);
      expect(audited).toEqual([]);
    }
  });

  it.each(guarded.map((route) => [route.method, route.path, route] as const))(
    '%s %s sends a visitor nobody signed in as to sign in, and changes nothing',
    async (method, _path, route) => {
      role = undefined;
      const answer = await send(route, sampleOf(route), asSession);
      if (method === 'GET') {
        expect(answer.status).toBe(303);
        expect(answer.headers.location).toBe('/console/sign-in');
      } else expect(answer.status).toBe(401);
      expect(changes).toEqual([]);
      expect(audited).toEqual([]);
    },
  );

  const posts = CONSOLE_ROUTES.filter((route) => route.method === 'POST');
  const foreign: [string, Record<string, string>][] = [
    ['another origin', { origin: 'https://evil.example' }],
    ['another port of the same host', { origin: 'http://127.0.0.1:2' }],
    ['an opaque origin', { origin: 'null' }],
    ['another referrer', { referer: 'https://evil.example/prize' }],
    ['no origin and no referrer', {}],
  ];
  it.each(posts.flatMap((route) => foreign.map(([how, headers]) => [route.path, how, route, headers] as const)))(
    'POST %s from %s is refused with an owner’s session, before anyone is asked',
    async (_path, _how, route, headers) => {
      role = 'owner';
      const answer = await send(route, sampleOf(route), { ...headers, cookie: 'rk.session_token=x' });
      expect(answer.status).toBe(403);
      expect(asked).toEqual([]);
      expect(changes).toEqual([]);
      expect(audited).toEqual([]);
    },
  );

  it.each(CONSOLE_ROUTES.filter((route) => route.method === 'GET').map((route) => [route.path, route] as const))(
    'GET %s changes nothing, even for an owner',
    async (_path, route) => {
      role = 'owner';
      const answer = await send(route, sampleOf(route), asSession);
      expect([401, 403]).not.toContain(answer.status);
      expect(changes).toEqual([]);
    },
  );

  it('answers 404 for a path or method the table does not name, without asking or running anything', async () => {
    role = 'owner';
    for (const route of [
      { method: 'POST', path: '/console/audit' },
      { method: 'POST', path: '/console/mailbox' },
      { method: 'GET', path: '/console/sign-out' },
      { method: 'GET', path: '/console/api-keys/revoke' },
      { method: 'GET', path: '/console/people/role' },
      { method: 'GET', path: '/console/backdoor' },
    ]) {
      expect((await send(route, 'id=7', asSession)).status).toBe(404);
    }
    expect(asked).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('never takes an API key for a session: a key opens no console page and is never handed to the account squad', async () => {
    role = undefined;
    const key = { authorization: `Bearer rk_${'a'.repeat(40)}` };
    const page = await send({ method: 'GET', path: '/console/releases' }, '', key);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/console/sign-in');
    // A support agent's session with an owner's key in the header is still a support agent.
    role = 'support';
    const promote = await send({ method: 'POST', path: '/console/releases/confirm' }, SAMPLES['POST /console/releases/confirm']!, {
      ...asSession,
      ...key,
    });
    expect(promote.status).toBe(403);
    expect(changes).toEqual([]);
    expect(forwardedHeaders.every((headers) => !headers.has('authorization'))).toBe(true);
  });
});
