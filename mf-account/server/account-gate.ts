import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT_IP_HEADER, oncePerContext, toLocalePrefix, type Locale } from '@reelkeep/shared-contracts';
import { createMailTranslate } from '@reelkeep/shared-contracts/i18n';
import type { AccountContext } from './settings.ts';

/** A captcha answer as the forms send it (proof of work, or the no-JavaScript question's answer and token). */
type CaptchaAnswer = Parameters<AccountContext['captcha']['verify']>[0];

const WINDOW_MS = 10 * 60_000;
/** Attempts one computer may make across all accounts, as a multiple of the per-account limit. */
const ADDRESS_FACTOR = 5;
/** docs/security.md "Per-account limits": failures on one account are counted for an hour, from every address together. */
const ACCOUNT_WINDOW_MS = 60 * 60_000;
/**
 * Attempts on one account an hour that are evaluated without a captcha at all, as a multiple of
 * ACCOUNT_CAPTCHA_AFTER: counted before the password is checked, in one atomic step, so a burst of parallel
 * guesses cannot all slip in before their failures are counted. An owner signing in now and then never meets it.
 */
const UNGUARDED_ATTEMPTS_FACTOR = 4;
/** Reset mails one recipient gets in an hour (docs/security.md "Per-account limits"); further requests send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

/** Which limit an attempt counts against (docs/security.md "Ways into an account"). */
export type AccountAttempt =
  /** A password or a token that opens a session: login, Google, the desktop hand-off, a reset link. */
  { kind: 'sign-in'; account?: string } | { kind: 'register' } | { kind: 'reset-request'; account?: string } | { kind: 'password-change' };

/** The gate's limiters, once per context (one set per loaded version; shared by the instances through Redis when configured). */
const gateLimiters = oncePerContext((context: AccountContext) => {
  const limit = context.settings.ACCOUNT_RATE_LIMIT;
  const limiter = (name: string, size: number, windowMs = WINDOW_MS) => context.createRateLimiter(name, size, windowMs);
  return {
    address: limiter('account-address', limit * ADDRESS_FACTOR),
    kinds: {
      'sign-in': limiter('account-sign-in', limit),
      register: limiter('account-register', limit),
      'reset-request': limiter('account-reset-request', limit),
      'password-change': limiter('account-password-change', limit),
    } satisfies Record<AccountAttempt['kind'], unknown>,
    /** Failures per account from every address: at ACCOUNT_CAPTCHA_AFTER the account is under guard. */
    failures: limiter('account-failures', context.settings.ACCOUNT_CAPTCHA_AFTER, ACCOUNT_WINDOW_MS),
    /** Attempts per account evaluated without a captcha, counted up front (see UNGUARDED_ATTEMPTS_FACTOR). */
    unguarded: limiter('account-unguarded', context.settings.ACCOUNT_CAPTCHA_AFTER * UNGUARDED_ATTEMPTS_FACTOR, ACCOUNT_WINDOW_MS),
    /** One warning mail per account and window, however many attempts follow. */
    ownerNotices: limiter('account-owner-notice', 1, ACCOUNT_WINDOW_MS),
    resetMails: limiter('account-reset-mail', RESET_MAILS_PER_HOUR, ACCOUNT_WINDOW_MS),
  };
});

/** The key of an account in the limiters: a keyed hash of its address, so Redis holds no addresses. */
function toAccountKey(context: AccountContext, account: string): string {
  return context.keyedHash(`account:${account.trim().toLowerCase()}`);
}

/**
 * The one set of limits in front of every way into an account. Every attempt counts against its
 * client address (ACCOUNT_RATE_LIMIT × 5 in 10 minutes, all kinds together), and against its own kind:
 * sign-ins and reset requests per address and account, registrations and password changes per address
 * (ACCOUNT_RATE_LIMIT each). The library's own routes are not exposed, so no route reaches an account
 * around these (docs/security.md).
 *
 * Counts an attempt; false when it is over a limit (answer 429).
 */
export async function admitAttempt(request: Request, context: AccountContext, attempt: AccountAttempt): Promise<boolean> {
  const limiters = gateLimiters(context);
  const address = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
  if (!(await limiters.address.hit(address)).allowed) return false;
  const account = 'account' in attempt && attempt.account ? attempt.account.trim().toLowerCase() : '';
  const key = account ? `${address}|${account}` : address;
  return (await limiters.kinds[attempt.kind].hit(key)).allowed;
}

/** What the per-account guard says of one attempt: go on, or ask for a fresh captcha first. */
export type AccountGuardVerdict = 'open' | 'captcha_required';

/**
 * docs/security.md "Per-account limits": once an account has had ACCOUNT_CAPTCHA_AFTER failures in an hour, from
 * any addresses (or ACCOUNT_CAPTCHA_AFTER × 4 attempts without a captcha, counted before they are evaluated),
 * every further password attempt on it waits ACCOUNT_GUARD_DELAY_MS and needs a fresh captcha (single-use, so
 * one solved captcha is one guess). Nothing locks the account: the owner solves the captcha, or uses a reset
 * link or Google, which cannot be guessed.
 */
export async function passAccountGuard(context: AccountContext, account: string, answer: CaptchaAnswer): Promise<AccountGuardVerdict> {
  const limiters = gateLimiters(context);
  const key = toAccountKey(context, account);
  const captchaGiven = Boolean(answer.altcha || (answer.captchaToken && answer.captchaAnswer));
  const guarded = !(await limiters.failures.peek(key)).allowed;
  // An attempt that brings no captcha takes one of the account's unguarded attempts (atomic count-and-check).
  if (!guarded && !captchaGiven && (await limiters.unguarded.hit(key)).allowed) return 'open';
  if (guarded || !captchaGiven) await sleep(context.settings.ACCOUNT_GUARD_DELAY_MS);
  // A captcha that was sent is checked (and spent) whether or not it was needed, so junk never skips the count.
  return (await context.captcha.verify(answer)) ? 'open' : 'captcha_required';
}

/**
 * Counts a failed attempt on an account (a wrong password, a refused Google token for its address). The failure
 * that puts the account under guard mails its owner, once per window however many follow; an address without
 * an account is counted the same (no enumeration) but mails nobody.
 */
export async function recordAccountFailure(context: AccountContext, account: string, locale: Locale): Promise<void> {
  const limiters = gateLimiters(context);
  const key = toAccountKey(context, account);
  await limiters.failures.hit(key);
  if ((await limiters.failures.peek(key)).allowed) return;
  const [owner] = await context.db.query<{ email: string }>('SELECT email FROM account.users WHERE lower(email) = $1', [
    account.trim().toLowerCase(),
  ]);
  if (!owner) return;
  if (!(await limiters.ownerNotices.hit(key)).allowed) return;
  const texts = (await context.loadTranslations(locale, ['login'])).login ?? {};
  const t = createMailTranslate(locale, 'login', texts);
  const resetLink = new URL(`${toLocalePrefix(locale)}/forgot-password`, context.site.SITE_URL).toString();
  await context.mailer
    .send({ to: owner.email, subject: t('guard_mail.subject'), text: `${t('guard_mail.body', { reset: resetLink })}\n` })
    .catch((error: unknown) => context.logger.error('sign-in warning not mailed', { error }));
}

/** Whether one more reset mail may go to this recipient this hour (counts it); a refused one is not sent, with the same answer. */
export async function admitResetMail(context: AccountContext, recipient: string): Promise<boolean> {
  return (await gateLimiters(context).resetMails.hit(toAccountKey(context, recipient))).allowed;
}
