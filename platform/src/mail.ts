import nodemailer from 'nodemailer';
import type { Database } from './db/database.ts';

/** A plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header fields (a newsletter's `List-Unsubscribe`: docs/forms.md "Newsletter"), sent as given. */
  headers?: Record<string, string>;
}

/** Sends e-mail through SMTP when configured, else writes it to the local outbox an admin can read. */
export interface Mailer {
  send(message: MailMessage): Promise<{ via: 'smtp' | 'outbox'; id: string }>;
  /** The latest messages of the outbox (newest first). */
  listOutbox(
    limit?: number,
  ): Promise<{ id: string; recipient: string; subject: string; body_text: string; headers: Record<string, string> | null; created_at: string }[]>;
}

/** Creates the mailer the configuration asks for (SMTP, or a local outbox: docs/operations.md "Mail"). */
export function createMailer(options: { smtpUrl?: string; from: string; db: Database }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      if (transport) {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          headers: message.headers,
        });
        return { via: 'smtp', id: info.messageId };
      }
      const [row] = await options.db.query<{ id: string }>(
        'INSERT INTO platform.mail_outbox (recipient, reply_to, subject, body_text, headers) VALUES ($1, $2, $3, $4, $5) RETURNING id::text',
        [message.to, message.replyTo ?? null, message.subject, message.text, message.headers ? JSON.stringify(message.headers) : null],
      );
      return { via: 'outbox', id: row!.id };
    },
    listOutbox: (limit = 50) =>
      options.db.query(
        'SELECT id::text, recipient, subject, body_text, headers, created_at::text FROM platform.mail_outbox ORDER BY mail_outbox.id DESC LIMIT $1',
        [limit],
      ),
  };
}
