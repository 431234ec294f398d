import nodemailer from 'nodemailer';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';

/** A plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header fields (a newsletter's `List-Unsubscribe`: docs/forms.md "Newsletter"), sent as given. */
  headers?: Record<string, string>;
}

/**
 * docs/operations.md "Mail": where a mail is. `held` waits in the outbox of a site without SMTP (an operator reads it
 * in the console's mailbox); `queued` waits for its (next) attempt; `sending` is being handed to the relay by one
 * instance; `sent` was accepted by the relay; `failed` was refused on every attempt.
 */
export type MailState = 'held' | 'queued' | 'sending' | 'sent' | 'failed';

/** One row of the outbox, as the console's mailbox shows it. */
export interface OutboxMessage {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  headers: Record<string, string> | null;
  created_at: string;
  state: MailState;
  attempts: number;
  sent_at: string | null;
  last_error: string | null;
  resent_from: string | null;
}

/** Sends e-mail through the outbox: written first, then delivered through SMTP when configured (docs/operations.md "Mail"). */
export interface Mailer {
  /**
   * Writes the mail to the outbox, then, with SMTP, tries to deliver it at once. Resolves once the mail is stored:
   * a relay that refuses or is down only delays it (it is retried); only a database failure rejects.
   */
  send(message: MailMessage): Promise<{ via: 'smtp' | 'outbox'; id: string; state: MailState }>;
  /** The latest messages of the outbox (newest first). */
  listOutbox(limit?: number): Promise<OutboxMessage[]>;
  /** One message of the outbox, or null. */
  readOutbox(id: string): Promise<OutboxMessage | null>;
  /** Sends a stored mail again as a new outbox row (the console's "Resend"); null when there is no such mail. */
  resend(id: string): Promise<{ id: string; state: MailState } | null>;
  /** Delivers the mails that are due (first attempts that failed, retries, leases of a crashed sender). Returns how many were sent. */
  deliverDue(now?: Date): Promise<number>;
  /** Deletes sent mails older than `MAIL_RETRY.keepSentMs`; returns how many. */
  prune(now?: Date): Promise<number>;
  /** Retries due mails every `intervalMs` until `stop()` (nothing to do without SMTP). */
  start(intervalMs?: number): void;
  /** Stops retrying and waits for a delivery in progress. */
  stop(): Promise<void>;
}

/** How a failed attempt is retried: the delay before attempt `n + 1` after `n` attempts, and the attempts before giving up. */
export const MAIL_RETRY = {
  maxAttempts: 8,
  /** 30 s, 1 min, 2 min, … capped at an hour: eight attempts span about two hours. */
  delayMs: (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000),
  /** A `sending` row whose sender died is taken over after this long. */
  leaseMs: 120_000,
  /** Sent mails (they hold licence keys and one-time links) are deleted after this long; held and failed ones stay for an operator. */
  keepSentMs: 30 * 86_400_000,
};

/** What a failed attempt becomes: retried later, or failed for good. */
export function planRetry(attempts: number, now: Date): { state: 'queued' | 'failed'; nextAttemptAt: Date | null } {
  if (attempts >= MAIL_RETRY.maxAttempts) return { state: 'failed', nextAttemptAt: null };
  return { state: 'queued', nextAttemptAt: new Date(now.getTime() + MAIL_RETRY.delayMs(attempts)) };
}

const COLUMNS = `id::text, recipient, reply_to, subject, body_text, headers, created_at::text, state, attempts, sent_at::text,
  last_error, resent_from::text`;

interface Row extends OutboxMessage {
  reply_to: string | null;
}

/** Creates the mailer the configuration asks for (SMTP with the outbox behind it, or the outbox alone: docs/operations.md "Mail"). */
export function createMailer(options: { smtpUrl?: string; from: string; db: Database; logger?: Logger }): Mailer {
  const { db, logger } = options;
  // A relay that does not answer must not hold a visitor's request for minutes (nodemailer's defaults).
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

  /** Hands claimed rows to the relay, one by one, and records each outcome. */
  async function deliver(rows: Row[]): Promise<number> {
    let sent = 0;
    for (const row of rows) {
      try {
        const info = await transport!.sendMail({
          from: options.from,
          to: row.recipient,
          replyTo: row.reply_to ?? undefined,
          subject: row.subject,
          text: row.body_text,
          headers: row.headers ?? undefined,
        });
        await db.query(`UPDATE platform.mail_outbox SET state = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1`, [
          row.id,
        ]);
        logger?.info('mail sent', { id: row.id, messageId: info.messageId, attempts: row.attempts });
        sent += 1;
      } catch (error) {
        const retry = planRetry(row.attempts, new Date());
        await db.query(`UPDATE platform.mail_outbox SET state = $2, next_attempt_at = $3, lease_until = NULL, last_error = $4 WHERE id = $1`, [
          row.id,
          retry.state,
          retry.nextAttemptAt,
          String(error instanceof Error ? error.message : error).slice(0, 500),
        ]);
        logger?.warn(retry.state === 'failed' ? 'mail failed for good' : 'mail not sent; it is retried', {
          id: row.id,
          attempts: row.attempts,
          nextAttemptAt: retry.nextAttemptAt?.toISOString(),
          error: String(error),
        });
      }
    }
    return sent;
  }

  /** Claims rows for this instance (one sender per mail, whatever the number of instances). */
  const claim = (where: string, params: unknown[]) =>
    db.query<Row>(
      `UPDATE platform.mail_outbox SET state = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${MAIL_RETRY.leaseMs / 1000})
       WHERE id IN (SELECT id FROM platform.mail_outbox WHERE ${where} ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      params,
    );

  async function store(message: MailMessage, resentFrom: string | null) {
    const state: MailState = transport ? 'queued' : 'held';
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO platform.mail_outbox (recipient, reply_to, subject, body_text, headers, state, next_attempt_at, resent_from)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 = 'queued' THEN now() END, $7) RETURNING id::text`,
      [
        message.to,
        message.replyTo ?? null,
        message.subject,
        message.text,
        message.headers ? JSON.stringify(message.headers) : null,
        state,
        resentFrom,
      ],
    );
    if (!transport) return { via: 'outbox' as const, id: row!.id, state };
    const sent = await deliver(await claim(`id = $1 AND state = 'queued'`, [row!.id]));
    return { via: 'smtp' as const, id: row!.id, state: sent ? ('sent' as const) : ('queued' as const) };
  }

  /** An outbox id as the console passes it (a bigint's digits); anything else names no mail. */
  const isOutboxId = (id: string) => /^\d{1,18}$/.test(id);
  const read = async (id: string) => (await db.query<Row>(`SELECT ${COLUMNS} FROM platform.mail_outbox WHERE id = $1`, [id]))[0] ?? null;

  const mailer: Mailer = {
    send: (message) => store(message, null),
    listOutbox: (limit = 50) => db.query<Row>(`SELECT ${COLUMNS} FROM platform.mail_outbox ORDER BY mail_outbox.id DESC LIMIT $1`, [limit]),
    readOutbox: (id) => (isOutboxId(id) ? read(id) : Promise.resolve(null)),
    async resend(id) {
      const original = isOutboxId(id) ? await read(id) : null;
      if (!original) return null;
      const copy = await store(
        {
          to: original.recipient,
          replyTo: original.reply_to ?? undefined,
          subject: original.subject,
          text: original.body_text,
          headers: original.headers ?? undefined,
        },
        original.id,
      );
      return { id: copy.id, state: copy.state };
    },
    async deliverDue(now = new Date()) {
      if (!transport) return 0;
      return deliver(await claim(`(state = 'queued' AND next_attempt_at <= $1) OR (state = 'sending' AND lease_until < $1)`, [now]));
    },
    async prune(now = new Date()) {
      const rows = await db.query(`DELETE FROM platform.mail_outbox WHERE state = 'sent' AND sent_at < $1 RETURNING id`, [
        new Date(now.getTime() - MAIL_RETRY.keepSentMs),
      ]);
      return rows.length;
    },
    start(intervalMs = 15_000) {
      if (!transport || timer) return;
      let rounds = 0;
      timer = setInterval(() => {
        if (running) return;
        rounds += 1;
        running = mailer
          .deliverDue()
          // About once an hour, the old sent mails go.
          .then(async (sent) => (rounds % Math.max(1, Math.round(3_600_000 / intervalMs)) === 0 ? (await mailer.prune(), sent) : sent))
          .catch((error: unknown) => {
            // The database is down: the mails stay where they are, and the next round tries again.
            logger?.warn('mail retries postponed', { error: String(error) });
            return 0;
          })
          .finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return mailer;
}
