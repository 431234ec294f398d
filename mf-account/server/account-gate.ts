import { CLIENT_IP_HEADER, type PluginContext } from '@reelkeep/platform/server-plugin';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';

const WINDOW_MS = 10 * 60_000;
/** Attempts one computer may make across all accounts, as a multiple of the per-account limit. */
const ADDRESS_FACTOR = 5;

/** Which limit an attempt counts against (docs/security.md "Ways into an account"). */
export type AccountAttempt =
  /** A password or a token that opens a session: login, Google, the desktop hand-off, a reset link. */
  | { kind: 'sign-in'; account?: string }
  | { kind: 'register' }
  | { kind: 'reset-request' }
  | { kind: 'password-change' };

/**
 * The one set of limits in front of every way into an account. Every attempt counts against its
 * client address (ACCOUNT_RATE_LIMIT × 5 in 10 minutes, all kinds together), and against its own kind:
 * sign-ins per address and account (ACCOUNT_RATE_LIMIT), registrations, reset requests and password
 * changes per address (ACCOUNT_RATE_LIMIT each). The library's own routes are not exposed, so no
 * route reaches an account around these (docs/security.md).
 */
export function createAccountGate() {
  const limiters = new Map<string, RateLimiter>();
  const limiter = (context: Pick<PluginContext, 'createRateLimiter'>, name: string, size: number) => {
    let found = limiters.get(name);
    if (!found) limiters.set(name, (found = context.createRateLimiter(name, size, WINDOW_MS)));
    return found;
  };
  return {
    /** Counts an attempt; false when it is over a limit (answer 429). */
    async admit(request: Request, context: Pick<PluginContext, 'config' | 'createRateLimiter'>, attempt: AccountAttempt): Promise<boolean> {
      const limit = context.config.ACCOUNT_RATE_LIMIT;
      const address = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
      if (!(await limiter(context, 'account-address', limit * ADDRESS_FACTOR).hit(address)).allowed) return false;
      const key = attempt.kind === 'sign-in' && attempt.account ? `${address}|${attempt.account.toLowerCase()}` : address;
      return (await limiter(context, `account-${attempt.kind}`, limit).hit(key)).allowed;
    },
  };
}

/** The gate. */
export type AccountGate = ReturnType<typeof createAccountGate>;
