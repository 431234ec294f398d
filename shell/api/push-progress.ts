import type { PushMessageName } from '@reelkeep/shared-contracts';
import type { Database } from '@reelkeep/platform/host-context';
import type { PushComposedTexts, PushSendSummary } from '@reelkeep/shared-contracts/console';

/**
 * A push message's progress (docs/push.md "Sending"): its delivery counts as the queue moves them, and the
 * deliveries and clicks the service worker reports for each recipient.
 */

/** Progress and counts of one message. */
export interface PushMessageProgress {
  id: number;
  message: PushMessageName;
  path: string;
  audience: Record<string, string>;
  createdAt: string;
  finishedAt: string | null;
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  pruned: number;
  delivered: number;
  clicked: number;
}

/** The counts of a message, as the progress and its row both carry them. */
type PushMessageCounts = Pick<PushMessageProgress, 'recipients' | 'pending' | 'sent' | 'failed' | 'pruned' | 'delivered' | 'clicked'>;

/** A message's row with its delivery and click counts, as both readers below select it. */
interface PushMessageRow extends PushMessageCounts {
  id: string;
  message: PushMessageName;
  texts: PushComposedTexts | string | null;
  path: string;
  audience: Record<string, string> | string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

/** The messages `where` selects (a clause after the join, with its parameters), each with its counts. */
async function selectPushMessages(db: Database, where: string, params: unknown[]): Promise<PushMessageRow[]> {
  return db.query<PushMessageRow>(
    `SELECT m.id::text, m.message, m.texts, m.path, m.audience, m.created_at, m.finished_at,
            count(d.id)::int AS recipients,
            count(d.id) FILTER (WHERE d.state = 'pending')::int AS pending,
            count(d.id) FILTER (WHERE d.state = 'sent')::int AS sent,
            count(d.id) FILTER (WHERE d.state = 'failed')::int AS failed,
            count(d.id) FILTER (WHERE d.state = 'pruned')::int AS pruned,
            count(d.delivered_at)::int AS delivered,
            count(d.clicked_at)::int AS clicked
     FROM site.push_messages m LEFT JOIN site.push_deliveries d ON d.message_id = m.id
     ${where}`,
    params,
  );
}

const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A row's progress: the fields both readers answer. */
function toProgress(row: PushMessageRow): PushMessageProgress {
  return {
    id: Number(row.id),
    message: row.message,
    path: row.path,
    audience: typeof row.audience === 'string' ? (JSON.parse(row.audience) as Record<string, string>) : row.audience,
    createdAt: toIso(row.created_at)!,
    finishedAt: toIso(row.finished_at),
    recipients: row.recipients,
    pending: row.pending,
    sent: row.sent,
    failed: row.failed,
    pruned: row.pruned,
    delivered: row.delivered,
    clicked: row.clicked,
  };
}

/** One message's progress and its delivery and click counts, or null when there is no such message. */
export async function readPushMessageProgress(db: Database, id: number): Promise<PushMessageProgress | null> {
  const [row] = await selectPushMessages(db, 'WHERE m.id = $1 GROUP BY m.id', [id]);
  return row ? toProgress(row) : null;
}

/** Records that the worker showed, or a visitor clicked, one delivery (each counted once); false for an unknown id. */
export async function recordPushEvent(db: Database, token: string, kind: 'delivered' | 'clicked'): Promise<boolean> {
  const rows = await db.query(
    kind === 'delivered'
      ? `UPDATE site.push_deliveries SET delivered_at = coalesce(delivered_at, now()) WHERE token = $1 RETURNING id`
      : `UPDATE site.push_deliveries SET clicked_at = coalesce(clicked_at, now()), delivered_at = coalesce(delivered_at, now()) WHERE token = $1 RETURNING id`,
    [token],
  );
  return rows.length > 0;
}

/** The latest sends with their counts, newest first (the console's Push section). */
export async function listPushSends(db: Database, limit: number): Promise<PushSendSummary[]> {
  const rows = await selectPushMessages(db, 'GROUP BY m.id ORDER BY m.id DESC LIMIT $1', [limit]);
  return rows.map((row) => {
    const texts = typeof row.texts === 'string' ? (JSON.parse(row.texts) as PushComposedTexts) : row.texts;
    return { ...toProgress(row), title: texts?.en?.title ?? null };
  });
}
