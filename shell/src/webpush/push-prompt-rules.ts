import { PUSH_COOKIE, readCookie } from '@reelkeep/shared-contracts';

/** When a page offers web push (docs/push.md "Subscribing"), apart from the browser. */

/** Push is never offered on checkout (docs/push.md "When the offer is made"). */
export const ROUTES_WITHOUT_PUSH_PROMPT: ReadonlySet<string> = new Set(['checkout']);
/** Session storage key: this tab's session already had its attempt (at most one per session). */
export const PUSH_PROMPTED_SESSION_KEY = 'rk_push_prompted';

/** What the page knows when the push delay has passed. */
export interface PushPromptSituation {
  route: string | undefined;
  cookies: string;
  promptedThisSession: boolean;
  /** Service workers, the Push API and notifications all exist. */
  supported: boolean;
  permission: NotificationPermission;
}

/**
 * `subscribe` when the visitor already allowed notifications (nothing to ask, the subscription is renewed
 * and reported), `ask` when the browser has not asked yet, `skip` on checkout, after a decline (the
 * browser's or ours, kept 30 days in `rk_push`), once the session had its attempt, or without support.
 */
export function decidePushPrompt(situation: PushPromptSituation): 'subscribe' | 'ask' | 'skip' {
  if (!situation.supported || situation.promptedThisSession) return 'skip';
  if (situation.route === undefined || ROUTES_WITHOUT_PUSH_PROMPT.has(situation.route)) return 'skip';
  if (situation.permission === 'denied' || readCookie(situation.cookies, PUSH_COOKIE) === 'declined') return 'skip';
  return situation.permission === 'granted' ? 'subscribe' : 'ask';
}
