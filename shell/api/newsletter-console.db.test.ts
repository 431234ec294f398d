import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { listTestDatabases } from '@reelkeep/platform/testing/databases';
import { exportSubscribers, listSubscribers, toCsvCell, unsubscribeById } from './newsletter-console.ts';

const SITE_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

describe('toCsvCell', () => {
  it.each([
    ['plain@example.com', '"plain@example.com"'],
    ['=HYPERLINK("http://evil.example")@x.com', `"'=HYPERLINK(""http://evil.example"")@x.com"`],
    ['+1@x.com', `"'+1@x.com"`],
    ['-2@x.com', `"'-2@x.com"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['a,b\r\nc', '"a,b\r\nc"'],
    [null, '""'],
  ])('%j is %j', (value, cell) => {
    expect(toCsvCell(value)).toBe(cell);
  });
});

describe.each(listTestDatabases())('the Newsletter section data on %s', (_kind, open) => {
  let db: Database;
  // A shared PostgreSQL keeps earlier runs' rows: this run's addresses are its own.
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await applyMigrations(db, 'site', SITE_MIGRATIONS_DIR);
    const rows: [string, string, string | null, string | null][] = [
      [`a.${run}@example.com`, 'fr', '2020-01-03', null],
      [`b.${run}@example.com`, 'ja', '2020-01-02', '2020-02-01'],
      [`=cmd.${run}@example.com`, 'de', null, null],
    ];
    for (const [email, locale, confirmed, unsubscribed] of rows) {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source, confirmed_at, unsubscribed_at)
         VALUES ($1, lower($1), $2, 'footer', $3, $4) RETURNING id::text`,
        [email, locale, confirmed, unsubscribed],
      );
      ids[email] = row!.id;
    }
  });
  afterAll(() => db.close());

  const mine = (emails: string[]) => emails.filter((email) => email.includes(run));

  it('lists a page sorted by a column either way, of one state or all, with the count of each state', async () => {
    const all = await listSubscribers(db, { sort: 'email', dir: 'asc', page: 1 });
    expect(mine(all.subscribers.map((subscriber) => subscriber.email))).toEqual([
      `=cmd.${run}@example.com`,
      `a.${run}@example.com`,
      `b.${run}@example.com`,
    ]);
    const desc = await listSubscribers(db, { sort: 'email', dir: 'desc', page: 1 });
    expect(mine(desc.subscribers.map((subscriber) => subscriber.email))).toEqual([
      `b.${run}@example.com`,
      `a.${run}@example.com`,
      `=cmd.${run}@example.com`,
    ]);
    expect(all.subscribers.find((subscriber) => subscriber.email === `b.${run}@example.com`)).toMatchObject({ state: 'unsubscribed', locale: 'ja' });
    expect(all.counts.pending).toBeGreaterThanOrEqual(1);
    expect(all.total).toBe(all.counts.pending + all.counts.confirmed + all.counts.unsubscribed);
    const confirmed = await listSubscribers(db, { sort: 'subscribed', dir: 'desc', page: 1, state: 'confirmed' });
    expect(confirmed.subscribers.every((subscriber) => subscriber.state === 'confirmed')).toBe(true);
    expect(confirmed.total).toBe(confirmed.counts.confirmed);
    const far = await listSubscribers(db, { sort: 'email', dir: 'asc', page: 10_000 });
    expect(far.subscribers).toEqual([]);
  });

  it('exports every subscriber as CSV a spreadsheet cannot run', async () => {
    const { csv, count } = await exportSubscribers(db);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"email","state","locale","source","subscribed_at","confirmed_at","unsubscribed_at"');
    expect(count).toBe(lines.length - 2);
    expect(lines.find((line) => line.includes(`cmd.${run}`))).toMatch(new RegExp(`^"'=cmd\\.${run}@example\\.com","pending","de","footer",`));
    expect(lines.find((line) => line.includes(`a.${run}`))).toContain('"confirmed","fr"');
  });

  it('unsubscribes one address, once, answering before and after', async () => {
    const id = ids[`a.${run}@example.com`]!;
    expect(await unsubscribeById(db, id)).toEqual({
      ok: true,
      email: `a.${run}@example.com`,
      before: { state: 'confirmed' },
      after: { state: 'unsubscribed' },
    });
    expect(await unsubscribeById(db, id)).toEqual({ ok: false, problem: 'already_unsubscribed' });
    expect(await unsubscribeById(db, '999999999999')).toEqual({ ok: false, problem: 'not_found' });
  });
});
