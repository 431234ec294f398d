/**
 * The newsletter's double opt-in rules (docs/forms.md "Newsletter"): pure decisions over a subscription's
 * timestamps; `newsletter-subscriptions.ts` reads and writes the rows around them.
 */

/** How long a confirmation link can be used. */
export const CONFIRM_TOKEN_TTL_MS = 72 * 60 * 60_000;
/** At most one confirmation mail per e-mail address in this window, however many sign-ups name it. */
export const CONFIRM_MAIL_INTERVAL_MS = 60 * 60_000;
/** The path of the one-click unsubscribe (RFC 8058), followed by the subscriber's token. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/site/newsletter/unsubscribe/';

/** Where a subscription stands: only `confirmed` addresses get the newsletter. */
export type NewsletterState = 'pending' | 'confirmed' | 'unsubscribed';

/** What the rules read of a subscription row. */
export interface SubscriptionFacts {
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  confirmSentAt: Date | null;
  confirmExpiresAt: Date | null;
  confirmUsedAt: Date | null;
}

/**
 * The state of a row: an unsubscribe wins; then a confirmation; anything else (a new sign-up, a row from before
 * double opt-in) is pending.
 */
export function readNewsletterState(facts: Pick<SubscriptionFacts, 'confirmedAt' | 'unsubscribedAt'>): NewsletterState {
  if (facts.unsubscribedAt) return 'unsubscribed';
  return facts.confirmedAt ? 'confirmed' : 'pending';
}

/** What a sign-up does: mail a fresh confirmation link, nothing (already confirmed), or wait (a mail went out lately). */
export type SignUpDecision = 'send_confirmation' | 'nothing' | 'wait';

/** docs/forms.md "Newsletter": whatever this decides, the visitor gets the same answer. */
export function decideSignUp(facts: SubscriptionFacts | null, now: Date): SignUpDecision {
  if (!facts) return 'send_confirmation';
  if (readNewsletterState(facts) === 'confirmed') return 'nothing';
  if (facts.confirmSentAt && now.getTime() - facts.confirmSentAt.getTime() < CONFIRM_MAIL_INTERVAL_MS) return 'wait';
  return 'send_confirmation';
}

/**
 * What a confirmation link does: confirm; nothing more when its own confirmation stands (a second click, a
 * mail scanner after the visitor); refuse it when it expired, was replaced by a newer link, or was used and
 * the address unsubscribed since (a used link never subscribes again).
 */
export type ConfirmDecision = 'confirm' | 'already_confirmed' | 'expired' | 'invalid';

/** `facts` is the row whose current link is the token, null when no row has it. */
export function decideConfirmation(facts: SubscriptionFacts | null, now: Date): ConfirmDecision {
  if (!facts) return 'invalid';
  if (facts.confirmUsedAt) return readNewsletterState(facts) === 'confirmed' ? 'already_confirmed' : 'invalid';
  if (!facts.confirmExpiresAt || facts.confirmExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'confirm';
}

/** The one-click unsubscribe URL of a subscriber (RFC 8058: an https URL on a live site). */
export function buildUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${ONE_CLICK_UNSUBSCRIBE_PATH}${encodeURIComponent(token)}`;
}

/**
 * The header fields every newsletter mail carries (RFC 2369 and RFC 8058): the URL in angle brackets and the
 * one-click marker, so a mail client can unsubscribe with one POST and no page.
 */
export function buildUnsubscribeHeaders(siteUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${buildUnsubscribeUrl(siteUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
