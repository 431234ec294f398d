import { describe, expect, it } from '@jest/globals';
import {
  buildUnsubscribeHeaders,
  CONFIRM_MAIL_INTERVAL_MS,
  decideConfirmation,
  decideSignUp,
  readNewsletterState,
  type SubscriptionFacts,
} from './newsletter-rules.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;
const NEW: SubscriptionFacts = { confirmedAt: null, unsubscribedAt: null, confirmSentAt: null, confirmExpiresAt: null, confirmUsedAt: null };
const facts = (changes: Partial<SubscriptionFacts>): SubscriptionFacts => ({ ...NEW, ...changes });

describe('readNewsletterState (docs/forms.md "Newsletter")', () => {
  it.each([
    ['a new sign-up', NEW, 'pending'],
    ['a row from before double opt-in', facts({}), 'pending'],
    ['a confirmed address', facts({ confirmedAt: ago(MINUTE) }), 'confirmed'],
    ['an unsubscribed address, confirmed before', facts({ confirmedAt: ago(2 * MINUTE), unsubscribedAt: ago(MINUTE) }), 'unsubscribed'],
    ['an unsubscribed address signing up again', facts({ unsubscribedAt: ago(MINUTE), confirmSentAt: ago(1) }), 'unsubscribed'],
  ] as const)('%s is %s', (_, row, state) => {
    expect(readNewsletterState(row)).toBe(state);
  });
});

describe('decideSignUp: at most one confirmation mail per address per window, none to a confirmed one', () => {
  it.each([
    ['an unknown address', null, 'send_confirmation'],
    ['a pending address never mailed (a row from before)', facts({}), 'send_confirmation'],
    ['a pending address mailed a minute ago', facts({ confirmSentAt: ago(MINUTE) }), 'wait'],
    ['a pending address mailed just inside the window', facts({ confirmSentAt: ago(CONFIRM_MAIL_INTERVAL_MS - 1) }), 'wait'],
    ['a pending address mailed a window ago', facts({ confirmSentAt: ago(CONFIRM_MAIL_INTERVAL_MS) }), 'send_confirmation'],
    ['a confirmed address', facts({ confirmedAt: ago(MINUTE), confirmSentAt: ago(10 * CONFIRM_MAIL_INTERVAL_MS) }), 'nothing'],
    ['an unsubscribed address', facts({ confirmedAt: ago(9 * MINUTE), unsubscribedAt: ago(2 * MINUTE) }), 'send_confirmation'],
    ['an unsubscribed address mailed lately', facts({ unsubscribedAt: ago(9 * MINUTE), confirmSentAt: ago(2 * MINUTE) }), 'wait'],
  ] as const)('%s: %s', (_, row, decision) => {
    expect(decideSignUp(row, NOW)).toBe(decision);
  });
});

describe('decideConfirmation: single use, with an expiry; a repeat is harmless', () => {
  it.each([
    ['no row has the token (forged, or replaced by a newer link)', null, 'invalid'],
    ['a fresh link', facts({ confirmSentAt: ago(MINUTE), confirmExpiresAt: later(MINUTE) }), 'confirm'],
    ['a link at its expiry', facts({ confirmSentAt: ago(MINUTE), confirmExpiresAt: NOW }), 'expired'],
    ['an expired link', facts({ confirmExpiresAt: ago(1) }), 'expired'],
    ['a link without an expiry', facts({ confirmSentAt: ago(MINUTE) }), 'expired'],
    [
      'the same link again (a second click, a scanner after the visitor)',
      facts({ confirmedAt: ago(1), confirmUsedAt: ago(1), confirmExpiresAt: later(MINUTE) }),
      'already_confirmed',
    ],
    [
      'the used link after an unsubscribe: never subscribes again',
      facts({ confirmedAt: ago(MINUTE), confirmUsedAt: ago(MINUTE), unsubscribedAt: ago(1), confirmExpiresAt: later(MINUTE) }),
      'invalid',
    ],
  ] as const)('%s: %s', (_, row, decision) => {
    expect(decideConfirmation(row, NOW)).toBe(decision);
  });
});

describe('buildUnsubscribeHeaders (RFC 2369, RFC 8058)', () => {
  it.each([
    ['an https site', 'https://www.reelkeep.com', '12.abcDEF_-', '<https://www.reelkeep.com/api/site/newsletter/unsubscribe/12.abcDEF_->'],
    ['a trailing slash is not doubled', 'https://www.reelkeep.com/', '7.x', '<https://www.reelkeep.com/api/site/newsletter/unsubscribe/7.x>'],
    [
      'characters of no token are escaped',
      'https://reelkeep.example',
      'a b>c',
      '<https://reelkeep.example/api/site/newsletter/unsubscribe/a%20b%3Ec>',
    ],
    // A development site on http gets the same fields; mail providers honour one-click only over https.
    ['a local site', 'http://127.0.0.1:3000', '1.y', '<http://127.0.0.1:3000/api/site/newsletter/unsubscribe/1.y>'],
  ])('%s', (_, siteUrl, token, listUnsubscribe) => {
    expect(buildUnsubscribeHeaders(siteUrl, token)).toEqual({
      'List-Unsubscribe': listUnsubscribe,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
