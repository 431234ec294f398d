import { isLocale, type Locale, type PushMessageName, type PushSendInput } from '@reelkeep/shared-contracts';
import type { Database, Logger } from '@reelkeep/platform/host-context';
import type { PushComposeInput, PushComposedTexts } from '@reelkeep/shared-contracts/console';
import { buildNotificationPayload, COMPOSED_PUSH_MESSAGE, decideDeliveryOutcome, PUSH_RETRY_BASE_MS, type PushDictionary } from './push-rules.ts';
import { createDeliveryToken, type PushSender } from './push-sender.ts';

/**
 * The push queue (docs/push.md "Sending"): a message is one row, each recipient one delivery row; a
 * drain sends the due deliveries, retries with back-off, prunes gone subscriptions and finishes the
 * message when nothing is pending. Rows are claimed with a lease, so several instances never send one
 * delivery twice at the same time.
 */

/** What a drain needs besides the database. */
export interface PushQueueServices {
  db: Database;
  logger: Logger;
  send: PushSender;
  siteUrl: string;
  /** The `push` namespace of a locale (English underneath). */
  loadDictionary: (locale: Locale) => Promise<PushDictionary>;
  /** First retry wait; doubles with each attempt (tests shorten it). */
  retryBaseMs?: number;
  /** Deliveries in flight at once (PUSH_SEND_CONCURRENCY). */
  concurrency?: number;
  /** Ends the drain (the version stops): deliveries in flight finish, the claimed ones not sent yet are due again at once. */
  signal?: AbortSignal;
}

/** Deliveries one claim takes. */
const CLAIM_BATCH = 50;
/**
 * docs/push.md "Sending": deliveries in flight at once per drain. With the sender's time-out this bounds how
 * long a claimed delivery waits (CLAIM_BATCH / this × the time-out, well within the lease).
 */
export const PUSH_SEND_CONCURRENCY = 16;
/** A claimed delivery is another instance's again after this (a crash mid-send). */
const CLAIM_LEASE_S = 60;
/** A drain that waits for a retry sleeps at most this long before it looks again. */
const IDLE_POLL_MAX_MS = 5_000;

/** Queues a message for every subscription the audience selects; returns its id and how many it reaches. */
export async function enqueuePushMessage(
  db: Database,
  input: PushSendInput | (PushComposeInput & { message?: undefined; image?: undefined }),
): Promise<{ id: number; recipients: number }> {
  const texts = 'texts' in input ? input.texts : null;
  const audience = {
    ...(input.locale ? { locale: input.locale } : {}),
    ...(input.os ? { os: input.os } : {}),
    ...(input.campaign ? { campaign: input.campaign } : {}),
  };
  return db.transaction(async (query) => {
    const [message] = await query<{ id: string }>(
      `INSERT INTO site.push_messages (message, path, image, audience, texts) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
      [input.message ?? COMPOSED_PUSH_MESSAGE, input.path, input.image ?? null, JSON.stringify(audience), texts ? JSON.stringify(texts) : null],
    );
    const recipients = await query<{ id: string }>(
      `SELECT id::text FROM site.push_subscriptions
       WHERE ($1::text IS NULL OR locale = $1) AND ($2::text IS NULL OR os = $2) AND ($3::text IS NULL OR campaign = $3)`,
      [input.locale ?? null, input.os ?? null, input.campaign ?? null],
    );
    for (const recipient of recipients)
      await query(`INSERT INTO site.push_deliveries (message_id, subscription_id, token) VALUES ($1, $2, $3)`, [
        message!.id,
        recipient.id,
        createDeliveryToken(),
      ]);
    if (recipients.length === 0) await query(`UPDATE site.push_messages SET finished_at = now() WHERE id = $1`, [message!.id]);
    return { id: Number(message!.id), recipients: recipients.length };
  });
}

interface ClaimedDelivery {
  id: string;
  token: string;
  attempts: number;
  message: PushMessageName | typeof COMPOSED_PUSH_MESSAGE;
  texts: PushComposedTexts | string | null;
  path: string;
  image: string | null;
  subscription_id: string | null;
  endpoint: string | null;
  auth_secret: string | null;
  p256dh_key: string | null;
  locale: string | null;
}

async function claimDueDeliveries(db: Database): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT id FROM site.push_deliveries
       WHERE state = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE site.push_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + interval '${CLAIM_LEASE_S} seconds'
       FROM due WHERE d.id = due.id
       RETURNING d.id, d.token, d.attempts, d.message_id, d.subscription_id
     )
     SELECT c.id::text, c.token, c.attempts, m.message, m.texts, m.path, m.image, c.subscription_id::text,
            s.endpoint, s.auth_secret, s.p256dh_key, s.locale
     FROM claimed c JOIN site.push_messages m ON m.id = c.message_id
     LEFT JOIN site.push_subscriptions s ON s.id = c.subscription_id`,
  );
}

/** Removes a subscription the push service says is gone, and ends its pending deliveries. */
export async function pruneSubscription(db: Database, subscriptionId: string): Promise<void> {
  await db.transaction(async (query) => {
    await query(`UPDATE site.push_deliveries SET state = 'pruned' WHERE subscription_id = $1 AND state = 'pending'`, [subscriptionId]);
    await query(`DELETE FROM site.push_subscriptions WHERE id = $1`, [subscriptionId]);
  });
}

async function sendOne(services: PushQueueServices, delivery: ClaimedDelivery, dictionaries: (locale: Locale) => Promise<PushDictionary>) {
  const { db } = services;
  if (!delivery.subscription_id || !delivery.endpoint || !delivery.auth_secret || !delivery.p256dh_key) {
    await db.query(`UPDATE site.push_deliveries SET state = 'pruned' WHERE id = $1`, [delivery.id]);
    return;
  }
  const locale: Locale = delivery.locale && isLocale(delivery.locale) ? delivery.locale : 'en';
  const payload = buildNotificationPayload(
    {
      message: delivery.message,
      texts: typeof delivery.texts === 'string' ? (JSON.parse(delivery.texts) as PushComposedTexts) : delivery.texts,
      path: delivery.path,
      image: delivery.image ?? undefined,
    },
    locale,
    { locale: await dictionaries(locale), english: await dictionaries('en') },
    services.siteUrl,
    delivery.token,
  );
  const answer = await services.send(
    { endpoint: delivery.endpoint, auth: delivery.auth_secret, p256dh: delivery.p256dh_key },
    JSON.stringify(payload),
  );
  const outcome = decideDeliveryOutcome(answer, delivery.attempts, services.retryBaseMs ?? PUSH_RETRY_BASE_MS);
  switch (outcome.kind) {
    case 'sent':
      await db.query(`UPDATE site.push_deliveries SET state = 'sent', sent_at = now(), last_status = $2 WHERE id = $1`, [delivery.id, answer.status]);
      return;
    case 'prune':
      await db.query(`UPDATE site.push_deliveries SET last_status = $2 WHERE id = $1`, [delivery.id, answer.status]);
      await pruneSubscription(db, delivery.subscription_id);
      return;
    case 'retry':
      await db.query(
        `UPDATE site.push_deliveries SET last_status = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1`,
        [delivery.id, answer.status, outcome.delayMs],
      );
      return;
    case 'failed':
      await db.query(`UPDATE site.push_deliveries SET state = 'failed', last_status = $2, last_error = $3 WHERE id = $1`, [
        delivery.id,
        answer.status,
        outcome.reason,
      ]);
      services.logger.warn('push delivery failed', { delivery: delivery.id, reason: outcome.reason });
  }
}

/** Marks finished every message with nothing pending. */
async function finishDoneMessages(db: Database): Promise<void> {
  await db.query(
    `UPDATE site.push_messages m SET finished_at = now()
     WHERE finished_at IS NULL AND NOT EXISTS (SELECT 1 FROM site.push_deliveries d WHERE d.message_id = m.id AND d.state = 'pending')`,
  );
}

/** Milliseconds until the next pending delivery is due (negative when overdue), or null when nothing is pending. */
async function readNextAttemptWait(db: Database): Promise<number | null> {
  const [next] = await db.query<{ wait_ms: number | null }>(
    `SELECT (EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000)::float8 AS wait_ms FROM site.push_deliveries WHERE state = 'pending'`,
  );
  return next?.wait_ms ?? null;
}

/**
 * Sends every due delivery, waits for the retries that are due soon, and returns when nothing is pending
 * (the messages are then finished). Safe to run on several instances and more than once at a time.
 *
 * docs/push.md "Sending": `concurrency` workers send side by side. Each takes the next claimed delivery as soon
 * as its own is done, and the batch is claimed again when none is left, so a push service that is slow or
 * silent holds one worker until the sender's time-out and never the other deliveries.
 */
export async function drainPushQueue(services: PushQueueServices): Promise<void> {
  const { db } = services;
  const cache = new Map<Locale, Promise<PushDictionary>>();
  const dictionaries = (locale: Locale) => {
    if (!cache.has(locale)) cache.set(locale, services.loadDictionary(locale));
    return cache.get(locale)!;
  };
  const waiting: ClaimedDelivery[] = [];
  let claiming: Promise<number> | null = null;
  let polling = false;
  let stopped = false;
  let wake = () => {};
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const wakeAll = () => {
    const wakeNow = wake;
    woken = new Promise<void>((resolve) => (wake = resolve));
    wakeNow();
  };
  // One claim at a time for all workers; an empty one also finishes the messages that are done.
  const claimMore = () =>
    (claiming ??= (async () => {
      const claimed = await claimDueDeliveries(db);
      waiting.push(...claimed);
      if (claimed.length === 0) await finishDoneMessages(db);
      return claimed.length;
    })().finally(() => {
      claiming = null;
    }));
  const sleepUntilDue = async (waitMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, Math.min(Math.max(waitMs, 10), IDLE_POLL_MAX_MS)))), woken]);
    clearTimeout(timer);
  };
  services.signal?.addEventListener('abort', wakeAll);
  const work = async (): Promise<void> => {
    while (!stopped && !services.signal?.aborted) {
      const delivery = waiting.shift();
      if (delivery) {
        try {
          await sendOne(services, delivery, dictionaries);
        } finally {
          wakeAll();
        }
        continue;
      }
      if ((await claimMore()) > 0 || waiting.length > 0) continue;
      if (polling) {
        await woken;
        continue;
      }
      // One idle worker watches the clock for the rest: it sleeps until the next retry is due, or until a
      // delivery in flight ends. A delivery in flight is pending too, so nothing pending means all is done.
      polling = true;
      try {
        const waitMs = await readNextAttemptWait(db);
        if (waitMs === null) stopped = true;
        else await sleepUntilDue(waitMs);
      } finally {
        polling = false;
        wakeAll();
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: services.concurrency ?? PUSH_SEND_CONCURRENCY }, () =>
        work().catch((error: unknown) => {
          // A database failure ends the drain, as before: the other workers stop after their current delivery.
          stopped = true;
          wakeAll();
          throw error;
        }),
      ),
    );
  } finally {
    services.signal?.removeEventListener('abort', wakeAll);
  }
  // A stopped drain gives back what it claimed and did not send: another instance sends it now, not after the lease.
  if (services.signal?.aborted && waiting.length > 0) await releaseClaims(db, waiting.splice(0));
}

/** Makes claimed deliveries due again at once, their claim not counted as an attempt. */
async function releaseClaims(db: Database, deliveries: readonly ClaimedDelivery[]): Promise<void> {
  await db.query(
    `UPDATE site.push_deliveries SET attempts = attempts - 1, next_attempt_at = now() WHERE id = ANY($1::bigint[]) AND state = 'pending'`,
    [deliveries.map((delivery) => delivery.id)],
  );
}
