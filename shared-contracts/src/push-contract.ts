import { z } from 'zod';

/**
 * Web push between the site's pages, its service worker and the shell's API (docs/push.md): where the
 * worker lives, the endpoints, and the notification a push message carries.
 */

/** spec §9: the service worker's path; its scope is its own folder, so it controls no page of the site. */
export const PUSH_SERVICE_WORKER_PATH = '/webpush/sw.js';
export const PUSH_SERVICE_WORKER_SCOPE = '/webpush/';
/** spec §9 "push delay": how long a page waits before it offers notifications. */
export const PUSH_PROMPT_DELAY_MS = 7000;
/** spec §7 `/sub/register`: where the page reports a subscription. */
export const PUSH_REGISTER_ENDPOINT = '/sub/register';
/** The VAPID public key the page subscribes with. */
export const PUSH_KEY_ENDPOINT = '/api/site/push/key';
/** Removes this browser's subscription (My account, or a revoked permission). */
export const PUSH_UNSUBSCRIBE_ENDPOINT = '/api/site/push/unsubscribe';
/** Where the service worker reports a shown or clicked notification. */
export const PUSH_EVENT_ENDPOINT = '/api/site/push/events';
/** spec §9 "default push cookie 30 days": the visitor's answer, `subscribed` or `declined`. */
export const PUSH_COOKIE = 'rk_push';
export const PUSH_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/** The notifications an operator can send; each is a title and body in the `push` namespace of every locale. */
export const PUSH_MESSAGES = ['new_version', 'sale', 'new_guide'] as const;
export type PushMessageName = (typeof PUSH_MESSAGES)[number];

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

/** The answer of `GET /api/site/push/key`. */
export const pushKeyAnswerSchema = z.object({ cscode: z.literal(200), publicKey: z.string().min(1) });

/** The answer of `POST /sub/register` (spec §7: `code` 200 marks the visitor online). */
export const pushRegisterAnswerSchema = z.object({ code: z.number().int(), reason: z.string().optional() });

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
