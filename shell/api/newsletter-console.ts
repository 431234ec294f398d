import type { ApiRoute, Database } from '@reelkeep/platform/host-context';
import { readInput, respondJson } from '@reelkeep/shared-contracts';
import {
  NEWSLETTER_PAGE_SIZE,
  subscriberListInput,
  subscriberRefInput,
  type SubscriberActionAnswer,
  type SubscriberListInput,
  type SubscriberPage,
} from '@reelkeep/shared-contracts/newsletter-console';
import type { SiteSettings } from './settings.ts';

/**
 * The subscriptions as the console's Newsletter section (mf-landing's `./console`) reads and changes them
 * (docs/console.md "Newsletter"). Internal routes: only the host reaches them, after the console checked the
 * operator's permission.
 */

const STATE_SQL = `CASE WHEN unsubscribed_at IS NOT NULL THEN 'unsubscribed' WHEN confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'pending' END`;
const ORDER_BY: Record<SubscriberListInput['sort'], string> = {
  email: 'email_normalized',
  locale: 'locale',
  state: STATE_SQL,
  subscribed: 'subscribed_at',
};
/** The most rows one export gives (far above today's list; a bigger list needs a streamed export). */
export const EXPORT_LIMIT = 100_000;

interface Row {
  id: string;
  email: string;
  locale: string;
  source: string;
  state: 'pending' | 'confirmed' | 'unsubscribed';
  subscribed_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const toSubscriber = (row: Row) => ({
  id: row.id,
  email: row.email,
  locale: row.locale,
  source: row.source,
  state: row.state,
  subscribedAt: iso(row.subscribed_at)!,
  confirmedAt: iso(row.confirmed_at),
  unsubscribedAt: iso(row.unsubscribed_at),
});
const COLUMNS = `id::text, email, locale, source, ${STATE_SQL} AS state, subscribed_at, confirmed_at, unsubscribed_at`;

/** A page of subscribers, sorted (ties by id, so pages never overlap), with the count of each state. */
export async function listSubscribers(db: Database, input: SubscriberListInput): Promise<SubscriberPage> {
  const where = input.state ? `WHERE ${STATE_SQL} = $1` : '';
  const params = input.state ? [input.state] : [];
  const dir = input.dir === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM site.newsletter_subscriptions ${where} ORDER BY ${ORDER_BY[input.sort]} ${dir}, id ${dir}
     LIMIT ${NEWSLETTER_PAGE_SIZE} OFFSET ${(input.page - 1) * NEWSLETTER_PAGE_SIZE}`,
    params,
  );
  const counts = await db.query<{ state: Row['state']; count: number }>(
    `SELECT ${STATE_SQL} AS state, count(*)::int AS count FROM site.newsletter_subscriptions GROUP BY 1`,
  );
  const count = (state: Row['state']) => counts.find((entry) => entry.state === state)?.count ?? 0;
  const all = { pending: count('pending'), confirmed: count('confirmed'), unsubscribed: count('unsubscribed') };
  return { subscribers: rows.map(toSubscriber), total: input.state ? all[input.state] : all.pending + all.confirmed + all.unsubscribed, counts: all };
}

/**
 * One cell of a CSV file, safe to open in a spreadsheet: quoted, quotes doubled, and a text a spreadsheet would run
 * as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) made text with a leading `'` (OWASP
 * "CSV injection").
 */
export function toCsvCell(value: string | null): string {
  const text = value ?? '';
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** The whole list as CSV (RFC 4180, CRLF), oldest first, with a header row. */
export async function exportSubscribers(db: Database): Promise<{ csv: string; count: number }> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM site.newsletter_subscriptions ORDER BY subscribed_at, id LIMIT ${EXPORT_LIMIT}`);
  const header = ['email', 'state', 'locale', 'source', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'];
  const lines = rows.map((row) => {
    const subscriber = toSubscriber(row);
    return [
      subscriber.email,
      subscriber.state,
      subscriber.locale,
      subscriber.source,
      subscriber.subscribedAt,
      subscriber.confirmedAt,
      subscriber.unsubscribedAt,
    ]
      .map(toCsvCell)
      .join(',');
  });
  return { csv: `${[header.map(toCsvCell).join(','), ...lines].join('\r\n')}\r\n`, count: rows.length };
}

/** The operator's unsubscribe of one address: the same change as the mail's one-click link. */
export async function unsubscribeById(db: Database, id: string, now = new Date()): Promise<SubscriberActionAnswer> {
  return db.transaction(async (query) => {
    const [row] = await query<Row>(`SELECT ${COLUMNS} FROM site.newsletter_subscriptions WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return { ok: false, problem: 'not_found' };
    if (row.state === 'unsubscribed') return { ok: false, problem: 'already_unsubscribed' };
    await query('UPDATE site.newsletter_subscriptions SET unsubscribed_at = $2, updated_at = $2 WHERE id = $1', [id, now]);
    return { ok: true, email: row.email, before: { state: row.state }, after: { state: 'unsubscribed' } };
  });
}

const INTERNAL = '/api/site/internal/newsletter';

/** The internal routes of the console's Newsletter section. */
export function createNewsletterConsoleRoutes(): ApiRoute<SiteSettings>[] {
  return [
    {
      method: 'GET',
      path: `${INTERNAL}/subscribers`,
      async handle(request, context) {
        const input = await readInput(request, subscriberListInput);
        if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input', problems: input.problems }, 400);
        return respondJson(await listSubscribers(context.db, input.data), 200, { 'cache-control': 'no-store' });
      },
    },
    {
      method: 'GET',
      path: `${INTERNAL}/subscriber`,
      async handle(request, context) {
        const input = await readInput(request, subscriberRefInput);
        if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input', problems: input.problems }, 400);
        const [row] = await context.db.query<Row>(`SELECT ${COLUMNS} FROM site.newsletter_subscriptions WHERE id = $1`, [input.data.id]);
        return row ? respondJson(toSubscriber(row), 200, { 'cache-control': 'no-store' }) : respondJson({ cscode: 404, error: 'not_found' }, 404);
      },
    },
    {
      method: 'GET',
      path: `${INTERNAL}/export`,
      async handle(_request, context) {
        const { csv, count } = await exportSubscribers(context.db);
        return new Response(csv, {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'x-row-count': String(count) },
        });
      },
    },
    {
      method: 'POST',
      path: `${INTERNAL}/unsubscribe`,
      async handle(request, context) {
        const input = await readInput(request, subscriberRefInput);
        if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input', problems: input.problems }, 400);
        const outcome = await unsubscribeById(context.db, input.data.id);
        return respondJson(outcome, outcome.ok ? 200 : outcome.problem === 'not_found' ? 404 : 409);
      },
    },
  ];
}
