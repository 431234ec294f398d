import { toLocalePath, type Locale, type NotificationPayload, type PushMessageName } from '@reelkeep/shared-contracts';
import type { PushComposedTexts } from '@reelkeep/shared-contracts/console';

/** The rules of web push sending (docs/push.md "Sending"), apart from the database and the network. */

/** Attempts one delivery gets before it counts as failed. */
export const PUSH_MAX_ATTEMPTS = 5;
/** Wait before the second attempt; each further one waits twice as long (1 s, 2 s, 4 s, 8 s). */
export const PUSH_RETRY_BASE_MS = 1000;
/** No wait longer than this, whatever a push service's `Retry-After` asks. */
export const PUSH_RETRY_MAX_MS = 15 * 60_000;

/**
 * What a push service answered one delivery: its HTTP status (0 when it could not be reached) and `Retry-After`
 * in seconds; `refused` when the site would not connect to the endpoint at all (docs/push.md "Push services").
 */
export interface PushServiceAnswer {
  status: number;
  retryAfterSeconds?: number;
  refused?: string;
}

/** What happens to a delivery after an attempt. */
export type DeliveryOutcome = { kind: 'sent' } | { kind: 'prune' } | { kind: 'retry'; delayMs: number } | { kind: 'failed'; reason: string };

/**
 * An endpoint the site refuses to connect to fails at once, without retries, and its subscription is kept (a
 * changed allow-list may admit it again). RFC 8030: 201 accepted; 404/410 the subscription is gone for good (prune it); 429, 5xx and an unreachable
 * service are worth another attempt after a back-off (or the service's `Retry-After`); any other 4xx (a
 * payload too large, a key the service refuses) would fail the same way again.
 */
export function decideDeliveryOutcome(answer: PushServiceAnswer, attempt: number, baseDelayMs = PUSH_RETRY_BASE_MS): DeliveryOutcome {
  const { status } = answer;
  if (answer.refused !== undefined) return { kind: 'failed', reason: `refused: ${answer.refused}` };
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'prune' };
  const transient = status === 0 || status === 429 || status >= 500;
  if (!transient) return { kind: 'failed', reason: `push service answered ${status}` };
  if (attempt >= PUSH_MAX_ATTEMPTS) return { kind: 'failed', reason: `gave up after ${attempt} attempts (last ${status || 'unreachable'})` };
  const backoff = baseDelayMs * 2 ** (attempt - 1);
  const asked = answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : 0;
  return { kind: 'retry', delayMs: Math.min(Math.max(backoff, asked), PUSH_RETRY_MAX_MS) };
}

/** The OS of a subscription from the page's `navigator.platform` (`device_model`: docs/push.md "Subscription payload"), as an operator targets it. */
export function classifyDeviceOs(deviceModel: string): 'win' | 'mac' | 'other' {
  if (/^win/i.test(deviceModel)) return 'win';
  if (/^mac/i.test(deviceModel)) return 'mac';
  return 'other';
}

/** The `push` namespace of one locale, as the translation loader hands it over. */
export type PushDictionary = Record<string, unknown>;

/** A text of the `push` namespace by its dotted key (`sale.title`), or null when the locale lacks it. */
function readText(dictionary: PushDictionary, key: string): string | null {
  let value: unknown = dictionary;
  for (const part of key.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** What an operator asked to send, as stored with the message. */
export interface PushMessageRequest {
  message: PushMessageName | typeof COMPOSED_PUSH_MESSAGE;
  /** A composed message's own texts by locale (docs/push.md "Composed messages"); none for a named message. */
  texts?: PushComposedTexts | null;
  /** Site path without locale prefix. */
  path: string;
  image?: string | undefined;
}

/**
 * The notification one subscriber gets: the message's title and body in the subscriber's locale (English
 * when that locale lacks them), a click target in the same locale on the site, the site's icon.
 */
export function buildNotificationPayload(
  request: PushMessageRequest,
  locale: Locale,
  dictionaries: { locale: PushDictionary; english: PushDictionary },
  siteUrl: string,
  delivery: string,
): NotificationPayload {
  const text = (key: string) => readText(dictionaries.locale, key) ?? readText(dictionaries.english, key) ?? request.message;
  const composed = request.texts ? (request.texts[locale] ?? request.texts.en) : undefined;
  return {
    title: composed?.title ?? text(`${request.message}.title`),
    body: composed?.body ?? text(`${request.message}.body`),
    icon: new URL(PUSH_ICON_PATH, siteUrl).href,
    ...(request.image ? { image: new URL(request.image, siteUrl).href } : {}),
    url: new URL(toLocalePath(locale, request.path), siteUrl).href,
    delivery,
  };
}

/** The `message` of a composed message (its texts are its own). */
export const COMPOSED_PUSH_MESSAGE = 'composed';

/** The icon every notification shows (served by the host). */
export const PUSH_ICON_PATH = '/favicon.ico';
