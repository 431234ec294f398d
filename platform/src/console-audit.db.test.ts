import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Database } from './db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from './db/migrations.ts';
import { recordConsoleAction, searchConsoleAudit } from './console-audit.ts';
import { listTestDatabases } from './testing/databases.ts';

describe.each(listTestDatabases())('console audit log on %s', (_kind, open) => {
  let db: Database;
  // One word per run: the PostgreSQL database is shared with other suites and its log can never be emptied.
  const run = randomUUID().slice(0, 8);
  const actor = { id: `u-${run}`, email: `owner-${run}@example.com`, role: 'owner' as const };

  afterAll(async () => db?.close());

  it('records an action with who, what, before and after, and finds it by address, action or target', async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await recordConsoleAction(db, { actor, action: 'release.rollback', target: `mf-checkout-${run}`, before: { live: '2' }, after: { live: '1' } });
    await recordConsoleAction(db, { actor, action: 'role.grant', target: `support-${run}@example.com`, before: null, after: { role: 'support' } });
    const byActor = await searchConsoleAudit(db, { text: `owner-${run}` });
    expect(byActor.map((entry) => entry.action)).toEqual(['role.grant', 'release.rollback']);
    expect(byActor[1]).toMatchObject({
      actorEmail: actor.email,
      actorRole: 'owner',
      target: `mf-checkout-${run}`,
      before: { live: '2' },
      after: { live: '1' },
    });
    expect((await searchConsoleAudit(db, { text: `support-${run}` })).map((entry) => entry.action)).toEqual(['role.grant']);
    const olderPage = await searchConsoleAudit(db, { text: run, beforeId: byActor[0]!.id });
    expect(olderPage.map((entry) => entry.action)).toEqual(['release.rollback']);
  });

  it('lists the newest first by number, also across ids of different lengths, and pages on from there', async () => {
    // Twelve more: on a fresh database the ids cross from one digit to two, where an order of their text put 9 before 14.
    for (let i = 0; i < 12; i += 1)
      await recordConsoleAction(db, {
        actor: { ...actor, email: `purger-${run}@example.com` },
        action: 'cache.purge-url',
        target: `page-${i}-${run}`,
        before: null,
        after: null,
      });
    const ids = (await searchConsoleAudit(db, { text: run })).map((entry) => BigInt(entry.id));
    expect(ids).toHaveLength(14);
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const next = await searchConsoleAudit(db, { text: run, beforeId: String(ids[4]) });
    expect(next.map((entry) => BigInt(entry.id))).toEqual(ids.slice(5));
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    expect(await searchConsoleAudit(db, { text: `${run}%_` })).toEqual([]);
  });

  it('refuses to change or delete an entry, and to empty the log', async () => {
    await expect(db.query(`UPDATE platform.console_audit SET action = 'nothing' WHERE actor_id = $1`, [actor.id])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM platform.console_audit WHERE actor_id = $1', [actor.id])).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE platform.console_audit')).rejects.toThrow(/append-only/);
    expect(await searchConsoleAudit(db, { text: `owner-${run}` })).toHaveLength(2);
  });
});
