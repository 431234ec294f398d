import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CLIENT_IP_HEADER } from '@reelkeep/shared-contracts';
import { canRole, CONSOLE_ROLES, CONSOLE_STATEMENTS, type ConsolePermission, type ConsoleRole } from '@reelkeep/shared-contracts/console';
import type { Database } from './db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from './db/migrations.ts';
import { createApiKey, revokeApiKey } from './api-keys.ts';
import { API_KEY_FAILURE_LIMIT, createConsoleGuard } from './console-guard.ts';
import { createRateLimiter } from './rate-limit.ts';
import { listTestDatabases } from './testing/databases.ts';

/**
 * The abuse suite's API-key rows (docs/console.md "API keys", docs/security.md "Operator API"): a key of each role
 * against every permission of the table, a revocation seen at once by every instance of the site, and a key beside a
 * session cookie deciding for itself. Keys stored hashed and shown once: console-guard.db.test.ts and
 * console-handler.test.ts; the same through the running site: e2e/tests/console-pages.spec.ts.
 */
const SITE = 'https://www.reelkeep.test';
const PERMISSIONS = Object.entries(CONSOLE_STATEMENTS).flatMap(([resource, actions]) =>
  actions.map((action) => ({ resource, action }) as ConsolePermission),
);

describe.each(listTestDatabases())('API key scopes on %s', (_kind, open) => {
  let db: Database;
  const run = randomUUID().slice(0, 8);
  const keys = {} as Record<ConsoleRole, { key: string; id: string }>;
  /** The account squad, asked about sessions: it must never be asked when a key is sent. */
  const askedAboutSessions: string[] = [];
  /** One instance of the site: its own guard and its own failure counter, the database shared. */
  const instance = () =>
    createConsoleGuard({
      db,
      siteUrl: SITE,
      failures: createRateLimiter({ name: `scopes-${run}-${Math.random()}`, limit: API_KEY_FAILURE_LIMIT, windowMs: 60_000 }),
      fetchApi: async (path) => {
        askedAboutSessions.push(path);
        return Response.json({ allowed: true, actor: { id: 'u-owner', email: `owner-${run}@example.com`, role: 'owner' } });
      },
    });
  const call = (key: string | null, options: { method?: string; headers?: Record<string, string> } = {}) =>
    new Request(`${SITE}/api/some/admin/route`, {
      method: options.method ?? 'POST',
      headers: {
        [CLIENT_IP_HEADER]: `ip-${run}`,
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...options.headers,
      },
      body: (options.method ?? 'POST') === 'GET' ? undefined : '{}',
    });

  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    for (const role of CONSOLE_ROLES) {
      const made = await createApiKey(db, { name: `scope-${role}-${run}`, role, createdBy: 'suite' });
      keys[role] = { key: made.key, id: made.record.id };
    }
  });
  afterAll(async () => db?.close());

  it.each(CONSOLE_ROLES)('the key of role %s holds exactly its role’s permissions of the table', async (role) => {
    const guard = instance();
    const outcome: Record<string, boolean> = {};
    for (const permission of PERMISSIONS) {
      const refusal = await guard.authorise(call(keys[role].key), permission);
      expect([null, 403]).toContain(refusal?.status ?? null);
      outcome[`${permission.resource}:${permission.action}`] = refusal === null;
    }
    expect(outcome).toEqual(
      Object.fromEntries(PERMISSIONS.map((permission) => [`${permission.resource}:${permission.action}`, canRole(role, permission)])),
    );
    expect(askedAboutSessions).toEqual([]);
  });

  it('a revoked key is refused at once by every instance, which keep no copy of it', async () => {
    const made = await createApiKey(db, { name: `revoked-${run}`, role: 'owner', createdBy: 'suite' });
    const [first, second] = [instance(), instance()];
    const read = { resource: 'release', action: 'read' } as const;
    expect(await first.authorise(call(made.key, { method: 'GET' }), read)).toBeNull();
    expect(await second.authorise(call(made.key, { method: 'GET' }), read)).toBeNull();
    await revokeApiKey(db, made.record.id, `owner-${run}@example.com`);
    for (const guard of [first, second]) {
      const refusal = await guard.authorise(call(made.key, { method: 'GET' }), read);
      expect(refusal?.status).toBe(401);
      expect(await refusal?.json()).toEqual({ error: 'unauthorised' });
    }
  });

  it('a key decides alone beside a session cookie: an owner’s session lends a support key nothing, and a bad key never falls back to it', async () => {
    const guard = instance();
    const switchRelease = { resource: 'release', action: 'switch' } as const;
    const session = { cookie: 'rk.session_token=owner-session', origin: SITE };
    expect((await guard.authorise(call(keys.support.key, { headers: session }), switchRelease))?.status).toBe(403);
    for (const authorization of [`Bearer rk_${'x'.repeat(40)}`, 'Bearer ', 'Basic b3duZXI6b3duZXI=', `bearer ${keys.owner.key}`]) {
      const refusal = await guard.authorise(call(null, { headers: { ...session, authorization } }), switchRelease);
      expect(refusal?.status).toBe(401);
    }
    expect(askedAboutSessions).toEqual([]);
    // The same session without a key is the account squad's to decide (here: an owner).
    expect(await guard.authorise(call(null, { headers: session }), switchRelease)).toBeNull();
    expect(askedAboutSessions).toEqual(['/api/account/internal/console-authorise']);
  });
});
