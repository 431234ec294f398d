import { z } from 'zod';
import { flagInput, localeInput, optional, singleLine, wholeNumber } from '../input-fields.ts';
import { LOCALES } from '../locales.ts';
import { PUSH_MESSAGES } from '../push-contract.ts';

/**
 * Web push input and answers (docs/push.md), apart from the push constants so that a page's first load,
 * which only needs the delay, carries none of these schemas.
 */
/** Unpadded base64url of exactly `bytes` bytes. */
const base64UrlOfBytes = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'not base64url')
    .refine((value) => decodeBase64UrlLength(value) === bytes, `not ${bytes} bytes`);

function decodeBase64UrlLength(value: string): number {
  const unpadded = value.replace(/=+$/, '');
  return Math.floor((unpadded.length * 3) / 4);
}

/**
 * docs/push.md "Subscription payload" (`POST /sub/register`): the browser's subscription (an https push
 * endpoint, its 16-byte auth secret and 65-byte P-256 key) and what the page knows of the visitor.
 */
export const pushSubscriptionInput = z.object({
  language: z.enum(LOCALES),
  /** Seconds east of UTC (−14 h to +14 h). */
  diff_time: z.coerce
    .number()
    .int()
    .min(-14 * 3600)
    .max(14 * 3600),
  device_model: singleLine(64, 1),
  app_id: singleLine(64, 1),
  endpoint: z
    .string()
    .max(2048)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'not an https URL'),
  auth: base64UrlOfBytes(16),
  pdhkey: base64UrlOfBytes(65).refine((value) => value.startsWith('B'), 'not an uncompressed P-256 point'),
  explorer: singleLine(32, 1),
  explorer_version: singleLine(32),
  /** The campaign the visitor arrived with (`utm_campaign`), so an operator can reach that campaign's subscribers. */
  campaign: optional(singleLine(64)),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInput>;

/** `POST /api/site/push/unsubscribe`: this browser's endpoint; signed in, `all` removes every browser of the account. */
export const pushUnsubscribeInput = z.object({ endpoint: optional(z.string().max(2048)), all: flagInput.optional(), locale: localeInput });

/** `POST /api/site/push/events`: the worker showed or a visitor clicked one delivery. */
export const pushEventInput = z.object({ delivery: z.string().regex(/^[\w-]{16,64}$/), kind: z.enum(['delivered', 'clicked']) });

/** `POST /api/site/admin/push/messages`: one of the messages to everybody, a locale, an OS or a campaign's subscribers. */
export const pushSendInput = z.object({
  message: z.enum(PUSH_MESSAGES),
  /** Same-site path a click opens, without locale prefix (the subscriber's locale is added). */
  path: singleLine(512, 1).refine((value) => value.startsWith('/') && !value.startsWith('//'), 'not a site path'),
  image: optional(singleLine(512).refine((value) => value.startsWith('/') && !value.startsWith('//'), 'not a site path')),
  locale: z.enum(LOCALES).optional(),
  os: z.enum(['win', 'mac', 'other']).optional(),
  campaign: optional(singleLine(64, 1)),
});
export type PushSendInput = z.output<typeof pushSendInput>;

/** `GET /api/site/admin/push/messages?id=`: one message's progress and counts. */
export const pushMessageQuery = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** What one push message carries (encrypted per subscription): the worker shows it and reports on it. */
export const notificationPayloadSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  icon: z.string().max(2048),
  image: z.string().max(2048).optional(),
  /** Absolute URL a click opens (same site). */
  url: z.string().max(2048),
  /** Identifies this delivery when the worker reports it shown or clicked. */
  delivery: z.string().regex(/^[\w-]{16,64}$/),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

/** The operator's answer when a message is queued (`POST /api/site/admin/push/messages`). */
export const pushQueuedAnswerSchema = z.object({ id: z.number().int(), recipients: z.number().int() });

/** One message's progress and counts (`GET /api/site/admin/push/messages?id=`). */
export const pushProgressAnswerSchema = z.object({
  id: z.number().int(),
  message: z.enum(PUSH_MESSAGES),
  path: z.string(),
  audience: z.record(z.string(), z.string()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pruned: z.number().int(),
  delivered: z.number().int(),
  clicked: z.number().int(),
});
