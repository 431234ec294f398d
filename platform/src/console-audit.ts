import type { ConsoleActor } from '@reelkeep/shared-contracts/console';
import type { Database } from './db/database.ts';

/**
 * docs/console.md "Audit log": the console's append-only record (platform.console_audit, whose trigger refuses
 * every UPDATE, DELETE and TRUNCATE). Every console action writes one entry before it answers.
 */

/** One action as recorded: who, what, on what, and the state before and after. */
export interface AuditEntry {
  actor: ConsoleActor;
  /** `release.rollback`, `role.grant`, `order.refund`, `console.sign-in`… */
  action: string;
  /** What was acted on: `mf-checkout`, an address, an order id. */
  target: string;
  before?: unknown;
  after?: unknown;
  clientIp?: string;
}

/** An entry as read back. */
export interface AuditRecord {
  id: string;
  at: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Entries one search page shows. */
export const AUDIT_PAGE_SIZE = 50;

/** PostgreSQL stores no NUL character in text or jsonb: a recorded input keeps a visible replacement instead. */
const withoutNul = (text: string) => text.replace(/\u0000/g, '\uFFFD');
const toAuditJson = (value: unknown) =>
  value === undefined ? null : JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? withoutNul(inner) : inner));

/** Appends one entry. */
export async function recordConsoleAction(db: Pick<Database, 'query'>, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO platform.console_audit (actor_id, actor_email, actor_role, action, target, before, after, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      withoutNul(entry.actor.id),
      withoutNul(entry.actor.email),
      entry.actor.role,
      withoutNul(entry.action),
      withoutNul(entry.target),
      toAuditJson(entry.before),
      toAuditJson(entry.after),
      entry.clientIp ?? null,
    ],
  );
}

/** A search of the log: words matched in the actor's address, the action or the target; newest first, a page at a time. */
export interface AuditSearch {
  text?: string;
  /** Entries older than this id (the next page). */
  beforeId?: string;
}

/** Escapes LIKE's wildcards, so a search for `100%` finds that text. */
function toLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The entries matching a search, newest first. */
export async function searchConsoleAudit(db: Pick<Database, 'query'>, search: AuditSearch): Promise<AuditRecord[]> {
  const text = search.text?.trim() ?? '';
  return db.query<AuditRecord>(
    `SELECT id::text, at::text, actor_email AS "actorEmail", actor_role AS "actorRole", action, target, before, after
       FROM platform.console_audit
      WHERE ($1 = '' OR actor_email ILIKE $2 OR action ILIKE $2 OR target ILIKE $2)
        AND ($3::bigint IS NULL OR id < $3::bigint)
      ORDER BY console_audit.id DESC LIMIT $4`,
    [text, toLikePattern(text), search.beforeId ?? null, AUDIT_PAGE_SIZE],
  );
}
