import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@reelkeep/platform/host-context';
import type { Locale } from '@reelkeep/shared-contracts';
import {
  CONFIRM_TOKEN_TTL_MS,
  decideConfirmation,
  decideSignUp,
  readNewsletterState,
  type ConfirmDecision,
  type SubscriptionFacts,
} from './newsletter-rules.ts';

type Query = Database['query'];

/** A subscription row as the rules and the mails need it. */
interface SubscriptionRow {
  id: string;
  email: string;
  email_normalized: string;
  locale: string;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  confirm_sent_at: Date | null;
  confirm_expires_at: Date | null;
  confirm_used_at: Date | null;
  welcome_sent_at: Date | null;
}

const ROW_COLUMNS = `id::text, email, email_normalized, locale, confirmed_at, unsubscribed_at, confirm_sent_at, confirm_expires_at,
  confirm_used_at, welcome_sent_at`;

const toFacts = (row: SubscriptionRow): SubscriptionFacts => ({
  confirmedAt: row.confirmed_at,
  unsubscribedAt: row.unsubscribed_at,
  confirmSentAt: row.confirm_sent_at,
  confirmExpiresAt: row.confirm_expires_at,
  confirmUsedAt: row.confirm_used_at,
});

/** Only the hash of a confirmation token is stored: the database alone cannot confirm anybody. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The address as it is compared: trimmed and lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A subscriber to mail: the address, its language and its row. */
export interface Subscriber {
  id: string;
  email: string;
  locale: string;
}

/**
 * A sign-up (docs/forms.md "Newsletter"): keeps the address as pending unless it is confirmed, and when no
 * confirmation mail went to it within the window, gives it a new link (replacing the older one). Returns the
 * link's token to mail, or null when no mail is owed; the caller answers the same either way.
 */
export async function signUp(db: Database, input: { email: string; locale: Locale; source: string }, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (query) => {
    await query(
      `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email_normalized) DO NOTHING`,
      [input.email.trim(), normaliseEmail(input.email), input.locale, input.source],
    );
    const [row] = await query<SubscriptionRow>(`SELECT ${ROW_COLUMNS} FROM site.newsletter_subscriptions WHERE email_normalized = $1 FOR UPDATE`, [
      normaliseEmail(input.email),
    ]);
    if (!row || decideSignUp(toFacts(row), now) !== 'send_confirmation') return null;
    await query(
      `UPDATE site.newsletter_subscriptions SET locale = $2, updated_at = $3, confirm_token_hash = $4, confirm_expires_at = $5,
         confirm_sent_at = $3, confirm_used_at = NULL
       WHERE id = $1`,
      [row.id, input.locale, now, hashToken(token), new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS)],
    );
    return { token, subscriber: { id: row.id, email: row.email, locale: input.locale } satisfies Subscriber };
  });
}

/** A confirmation mail that could not be sent does not hold the window: the next sign-up mails again. */
export async function releaseConfirmation(db: Database, token: string): Promise<void> {
  await db.query('UPDATE site.newsletter_subscriptions SET confirm_sent_at = NULL WHERE confirm_token_hash = $1 AND confirm_used_at IS NULL', [
    hashToken(token),
  ]);
}

/**
 * Uses a confirmation link: the decision of `decideConfirmation`, and when this use confirmed the address for the
 * first time, the subscriber owed the welcome mail (claimed here, so it goes out once).
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ decision: ConfirmDecision; welcome: Subscriber | null }> {
  return db.transaction(async (query: Query) => {
    const [row] = await query<SubscriptionRow>(`SELECT ${ROW_COLUMNS} FROM site.newsletter_subscriptions WHERE confirm_token_hash = $1 FOR UPDATE`, [
      hashToken(token),
    ]);
    const decision = decideConfirmation(row ? toFacts(row) : null, now);
    if (decision !== 'confirm' || !row) return { decision, welcome: null };
    await query(
      `UPDATE site.newsletter_subscriptions SET confirmed_at = $2, unsubscribed_at = NULL, confirm_used_at = $2, updated_at = $2,
         welcome_sent_at = COALESCE(welcome_sent_at, $2)
       WHERE id = $1`,
      [row.id, now],
    );
    return { decision, welcome: row.welcome_sent_at ? null : { id: row.id, email: row.email, locale: row.locale } };
  });
}

/** A welcome mail that could not be sent is owed again (it is claimed before sending). */
export async function releaseWelcome(db: Database, subscriberId: string): Promise<void> {
  await db.query('UPDATE site.newsletter_subscriptions SET welcome_sent_at = NULL WHERE id = $1', [subscriberId]);
}

/**
 * A subscriber's unsubscribe token: the row id and a keyed hash of the id and address (docs/security.md
 * "Newsletter links"). It never expires (an old newsletter's link must still work) and nothing of it is stored.
 */
export function createUnsubscribeToken(keyedHash: (value: string) => string, subscriber: { id: string; email: string }): string {
  return `${subscriber.id}.${keyedHash(`newsletter-unsubscribe:${subscriber.id}:${normaliseEmail(subscriber.email)}`)}`;
}

/** The subscriber an unsubscribe token names, when its hash is right; null otherwise. */
export async function findByUnsubscribeToken(db: Database, keyedHash: (value: string) => string, token: string): Promise<Subscriber | null> {
  const match = /^(\d{1,18})\.([A-Za-z0-9_-]{16,100})$/.exec(token);
  if (!match) return null;
  const [row] = await db.query<SubscriptionRow>(`SELECT ${ROW_COLUMNS} FROM site.newsletter_subscriptions WHERE id = $1`, [match[1]]);
  if (!row) return null;
  const expected = Buffer.from(createUnsubscribeToken(keyedHash, row));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { id: row.id, email: row.email, locale: row.locale };
}

/** Unsubscribes the subscriber the token names; doing it again changes nothing. False for a wrong token. */
export async function unsubscribe(db: Database, keyedHash: (value: string) => string, token: string, now = new Date()): Promise<Subscriber | null> {
  const subscriber = await findByUnsubscribeToken(db, keyedHash, token);
  if (!subscriber) return null;
  await db.query('UPDATE site.newsletter_subscriptions SET unsubscribed_at = COALESCE(unsubscribed_at, $2), updated_at = $2 WHERE id = $1', [
    subscriber.id,
    now,
  ]);
  return subscriber;
}

/** Whether an address gets the newsletter (My account's switch): confirmed and not unsubscribed. */
export async function isSubscribed(db: Database, email: string): Promise<boolean> {
  const [row] = await db.query<SubscriptionRow>(`SELECT ${ROW_COLUMNS} FROM site.newsletter_subscriptions WHERE email_normalized = $1`, [
    normaliseEmail(email),
  ]);
  return row ? readNewsletterState(toFacts(row)) === 'confirmed' : false;
}

/**
 * My account's switch: the signed-in owner of the address chooses for it, so on is confirmed at once (docs/forms.md
 * "Newsletter"), off is unsubscribed.
 */
export async function setAccountChoice(db: Database, input: { email: string; locale: Locale; subscribed: boolean }, now = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source, confirmed_at, unsubscribed_at)
     VALUES ($1, $2, $3, 'account', CASE WHEN $4 THEN $5::timestamptz END, CASE WHEN $4 THEN NULL ELSE $5::timestamptz END)
     ON CONFLICT (email_normalized) DO UPDATE SET locale = EXCLUDED.locale, updated_at = $5,
       confirmed_at = CASE WHEN $4 THEN COALESCE(site.newsletter_subscriptions.confirmed_at, $5) ELSE site.newsletter_subscriptions.confirmed_at END,
       unsubscribed_at = CASE WHEN $4 THEN NULL ELSE COALESCE(site.newsletter_subscriptions.unsubscribed_at, $5) END`,
    [input.email.trim(), normaliseEmail(input.email), input.locale, input.subscribed, now],
  );
}
