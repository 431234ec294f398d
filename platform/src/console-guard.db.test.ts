import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CLIENT_IP_HEADER } from '@reelkeep/shared-contracts';
import type { ConsoleAuthorisation } from '@reelkeep/shared-contracts/console';
import type { Database } from './db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from './db/migrations.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { searchConsoleAudit } from './console-audit.ts';
import { API_KEY_FAILURE_LIMIT, createConsoleGuard } from './console-guard.ts';
import { createRateLimiter } from './rate-limit.ts';
import { listTestDatabases } from './testing/databases.ts';

const SITE = 'https://www.reelkeep.test';

describe.each(listTestDatabases())('the console guard on %s', (_kind, open) => {
  let db: Database;
  // One word per run: the PostgreSQL database is shared with other suites and its audit log can never be emptied.
  const run = randomUUID().slice(0, 8);
  let owner: string;
  let support: string;
  let sessionAnswer: ConsoleAuthorisation = { allowed: false, reason: 'signed-out' };
  const asked: unknown[] = [];

  const guardFor = () =>
    createConsoleGuard({
      db,
      siteUrl: SITE,
      failures: createRateLimiter({ name: `keys-${run}-${Math.random()}`, limit: API_KEY_FAILURE_LIMIT, windowMs: 60_000 }),
      fetchApi: async (path, init) => {
        asked.push({ path, body: JSON.parse(String(init?.body)) as unknown });
        return Response.json(sessionAnswer);
      },
    });
  const call = (options: { key?: string; method?: string; path?: string; headers?: Record<string, string>; ip?: string; body?: unknown }) =>
    new Request(`${SITE}${options.path ?? '/api/checkout/admin/refund'}`, {
      method: options.method ?? 'POST',
      headers: {
        [CLIENT_IP_HEADER]: options.ip ?? `ip-${run}`,
        'content-type': 'application/json',
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        ...options.headers,
      },
      body: (options.method ?? 'POST') === 'GET' ? undefined : JSON.stringify(options.body ?? { orderId: `o-${run}` }),
    });
  const refund = { resource: 'order', action: 'refund' } as const;
  const promote = { resource: 'release', action: 'switch' } as const;

  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    owner = (await createApiKey(db, { name: `owner-${run}`, role: 'owner', createdBy: 'suite' })).key;
    support = (await createApiKey(db, { name: `support-${run}`, role: 'support', createdBy: 'suite' })).key;
  });
  afterAll(async () => db?.close());

  it('keeps only a hash and a prefix: the key is shown once', async () => {
    const listed = (await listApiKeys(db)).find((key) => key.name === `owner-${run}`)!;
    expect(owner).toMatch(/^rk_[A-Za-z0-9_-]{40}$/);
    expect(listed).toMatchObject({ role: 'owner', prefix: owner.slice(0, 11), createdBy: 'suite', revokedAt: null });
    const stored = await db.query(`SELECT * FROM platform.api_keys WHERE name = $1`, [`owner-${run}`]);
    expect(JSON.stringify(stored)).not.toContain(owner.slice(11));
  });

  it('lists the keys newest first by number, also across ids of different lengths', async () => {
    // Twelve more: on a fresh database the ids cross from one digit to two, where an order of their text put 9 before 14.
    for (let i = 0; i < 12; i += 1) await createApiKey(db, { name: `listed-${i}-${run}`, role: 'analyst', createdBy: 'suite' });
    const ids = (await listApiKeys(db)).map((key) => BigInt(key.id));
    expect(ids.length).toBeGreaterThanOrEqual(14);
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('lets a key do what its role may, records its state changes with the key as actor, and refuses the rest with 403', async () => {
    const guard = guardFor();
    expect(await guard.authorise(call({ key: support, body: { orderId: `o-${run}` } }), refund)).toBeNull();
    const refused = await guard.authorise(call({ key: support, path: '/admin/releases/promote' }), promote);
    expect(refused?.status).toBe(403);
    expect(await refused?.json()).toEqual({ error: 'forbidden' });
    expect(
      await guard.authorise(call({ key: owner, method: 'GET', path: '/api/checkout/admin/orders' }), { resource: 'order', action: 'read' }),
    ).toBeNull();
    const entries = await searchConsoleAudit(db, { text: `support-${run}` });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: `support-${run} (${support.slice(0, 11)}…)`,
      actorRole: 'support',
      action: 'order.refund',
      target: 'POST /api/checkout/admin/refund',
      after: { orderId: `o-${run}` },
    });
    expect(await searchConsoleAudit(db, { text: `owner-${run}` })).toEqual([]);
    expect((await listApiKeys(db)).find((key) => key.name === `support-${run}`)?.lastUsedAt).not.toBeNull();
  });

  it('refuses a state change from another origin with 403 whatever key it carries', async () => {
    const answer = await guardFor().authorise(call({ key: owner, headers: { origin: 'https://evil.test' } }), refund);
    expect(answer?.status).toBe(403);
    expect(await answer?.json()).toEqual({ error: 'foreign' });
  });

  it('refuses a revoked key, and counts it with wrong keys toward the lock-out of the client address', async () => {
    const guard = guardFor();
    const made = await createApiKey(db, { name: `revoked-${run}`, role: 'owner', createdBy: 'suite' });
    expect(await guard.authorise(call({ key: made.key, ip: 'a' }), refund)).toBeNull();
    expect((await revokeApiKey(db, made.record.id, 'owner@example.com'))?.revokedBy).toBe('owner@example.com');
    expect((await guard.authorise(call({ key: made.key, ip: 'a' }), refund))?.status).toBe(401);
    for (let attempt = 1; attempt < API_KEY_FAILURE_LIMIT; attempt += 1)
      expect((await guard.authorise(call({ key: `rk_${'x'.repeat(40)}`, ip: 'a' }), refund))?.status).toBe(401);
    const locked = await guard.authorise(call({ key: owner, ip: 'a' }), refund);
    expect(locked?.status).toBe(429);
    expect(Number(locked?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await guard.authorise(call({ key: owner, ip: 'b' }), refund)).toBeNull();
    expect((await guard.authorise(call({ ip: 'c' }), refund))?.status).toBe(401);
  });

  it('asks the account squad about a console session: no role or no two-factor sign-in is 403, signed out 401', async () => {
    const guard = guardFor();
    const withCookie = () => call({ headers: { cookie: 'better-auth.session_token=s', origin: SITE } });
    sessionAnswer = { allowed: false, reason: 'forbidden' };
    expect((await guard.authorise(withCookie(), refund))?.status).toBe(403);
    sessionAnswer = { allowed: false, reason: 'two-factor-required', actor: { id: 'u1', email: `s-${run}@example.com`, role: 'support' } };
    expect((await guard.authorise(withCookie(), refund))?.status).toBe(403);
    sessionAnswer = { allowed: false, reason: 'signed-out' };
    expect((await guard.authorise(withCookie(), refund))?.status).toBe(401);
    sessionAnswer = { allowed: true, actor: { id: 'u1', email: `s-${run}@example.com`, role: 'support' } };
    expect(await guard.authorise(withCookie(), refund)).toBeNull();
    expect(asked.at(-1)).toEqual({ path: '/api/account/internal/console-authorise', body: { permission: refund } });
    expect((await searchConsoleAudit(db, { text: `s-${run}@example.com` })).map((entry) => entry.action)).toEqual(['order.refund']);
    // A cookie without the site's origin is a cross-site request, refused before anyone is asked.
    const count = asked.length;
    expect((await guard.authorise(call({ headers: { cookie: 'better-auth.session_token=s' } }), refund))?.status).toBe(403);
    expect(asked).toHaveLength(count);
  });
});
