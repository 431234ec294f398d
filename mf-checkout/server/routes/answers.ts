import type { RateLimiter } from '@reelkeep/platform/host-context';
import {
  CLIENT_IP_HEADER,
  PRICE_VARIANT_COOKIE,
  readCookie,
  respondJson,
  toPriceVariant,
  type InputProblem,
  type PriceVariant,
} from '@reelkeep/shared-contracts';

/**
 * Answers input a schema refused (docs/commerce.md "Checkout input"): 415 for a body that is neither JSON
 * nor a form, else 400 with the route's own error code for the first refused field that has one (the codes
 * the page already translates), `invalid_input` otherwise; `problems` names every refused field.
 */
export function refuseInput(refused: { status: 400 | 415; problems: Record<string, InputProblem> }, codes: Record<string, string> = {}): Response {
  const field = Object.keys(refused.problems).find((name) => name in codes);
  const error = refused.status === 400 && field ? codes[field]! : 'invalid_input';
  return respondJson({ cscode: refused.status, error, problems: refused.problems }, refused.status);
}

/** The answer past a rate limit. */
export const refuseTooMany = () => respondJson({ cscode: 429, error: 'rate_limited' }, 429, { 'retry-after': '600' });

/** The answer for an order that does not exist, or that this request may not see (docs/commerce.md "Who may see an order"). */
export const refuseUnknownOrder = () => respondJson({ cscode: 404, error: 'order_unknown' }, 404);

/** Counts a request against a limit: true when it is over. */
export async function isOverLimit(limiter: RateLimiter, key: string): Promise<boolean> {
  return !(await limiter.hit(key)).allowed;
}

/** The client address the host read from the connection. */
export const readClientIp = (request: Request): string => request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';

/** The visitor's price variant: the server-set cookie while the experiment runs, else the base prices. */
export function readVariant(request: Request, experimentOpen: boolean): PriceVariant {
  return experimentOpen ? toPriceVariant(readCookie(request.headers.get('cookie'), PRICE_VARIANT_COOKIE)) : 'old';
}
