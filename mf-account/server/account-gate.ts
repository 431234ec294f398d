import { CLIENT_IP_HEADER, oncePerContext } from '@reelkeep/shared-contracts';
import type { AccountContext } from './settings.ts';

const WINDOW_MS = 10 * 60_000;
/** Attempts one computer may make across all accounts, as a multiple of the per-account limit. */
const ADDRESS_FACTOR = 5;

/** Which limit an attempt counts against (docs/security.md "Ways into an account"). */
export type AccountAttempt =
  /** A password or a token that opens a session: login, Google, the desktop hand-off, a reset link. */
  { kind: 'sign-in'; account?: string } | { kind: 'register' } | { kind: 'reset-request' } | { kind: 'password-change' };

/** The gate's limiters, once per context (one set per loaded version; shared by the instances through Redis when configured). */
const gateLimiters = oncePerContext((context: AccountContext) => {
  const limit = context.settings.ACCOUNT_RATE_LIMIT;
  const limiter = (name: string, size: number) => context.createRateLimiter(name, size, WINDOW_MS);
  return {
    address: limiter('account-address', limit * ADDRESS_FACTOR),
    kinds: {
      'sign-in': limiter('account-sign-in', limit),
      register: limiter('account-register', limit),
      'reset-request': limiter('account-reset-request', limit),
      'password-change': limiter('account-password-change', limit),
    } satisfies Record<AccountAttempt['kind'], unknown>,
  };
});

/**
 * The one set of limits in front of every way into an account. Every attempt counts against its
 * client address (ACCOUNT_RATE_LIMIT × 5 in 10 minutes, all kinds together), and against its own kind:
 * sign-ins per address and account (ACCOUNT_RATE_LIMIT), registrations, reset requests and password
 * changes per address (ACCOUNT_RATE_LIMIT each). The library's own routes are not exposed, so no
 * route reaches an account around these (docs/security.md).
 *
 * Counts an attempt; false when it is over a limit (answer 429).
 */
export async function admitAttempt(request: Request, context: AccountContext, attempt: AccountAttempt): Promise<boolean> {
  const limiters = gateLimiters(context);
  const address = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
  if (!(await limiters.address.hit(address)).allowed) return false;
  const key = attempt.kind === 'sign-in' && attempt.account ? `${address}|${attempt.account.toLowerCase()}` : address;
  return (await limiters.kinds[attempt.kind].hit(key)).allowed;
}
