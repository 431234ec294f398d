/**
 * Web push between the site's pages, its service worker and the shell's API (docs/push.md): where the
 * worker lives, the endpoints, the delay and the cookie. Constants only: the schemas are in `inputs/push.ts`.
 */

/** docs/push.md "The service worker": the worker's path; its scope is its own folder, so it controls no page of the site. */
export const PUSH_SERVICE_WORKER_PATH = '/webpush/sw.js';
export const PUSH_SERVICE_WORKER_SCOPE = '/webpush/';
/** How long a page waits after hydration before it offers notifications (docs/push.md "When the offer is made"). */
export const PUSH_PROMPT_DELAY_MS = 7000;
/** Where the page reports a subscription (docs/push.md "Subscription payload"). */
export const PUSH_REGISTER_ENDPOINT = '/sub/register';
/** The VAPID public key the page subscribes with. */
export const PUSH_KEY_ENDPOINT = '/api/site/push/key';
/** Removes this browser's subscription (My account, or a revoked permission). */
export const PUSH_UNSUBSCRIBE_ENDPOINT = '/api/site/push/unsubscribe';
/** Where the service worker reports a shown or clicked notification. */
export const PUSH_EVENT_ENDPOINT = '/api/site/push/events';
/** The visitor's answer, `subscribed` or `declined`, kept 30 days (docs/push.md "Push cookie"). */
export const PUSH_COOKIE = 'rk_push';
export const PUSH_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
/** The spec's `is_online_user`: `1` once a subscription was reported (`code` 200), for the push cookie's lifetime. */
export const PUSH_ONLINE_COOKIE = 'is_online_user';

/** The notifications an operator can send; each is a title and body in the `push` namespace of every locale. */
export const PUSH_MESSAGES = ['new_version', 'sale', 'new_guide'] as const;
export type PushMessageName = (typeof PUSH_MESSAGES)[number];
