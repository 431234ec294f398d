import { timingSafeEqual } from 'node:crypto';
import { CLIENT_IP_HEADER, respondJson } from '@reelkeep/shared-contracts';
import type { RateLimiter } from './rate-limit.ts';

/** Methods that change state: every one of them must come from the site's own pages (or a machine client). */
export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * Whether a state-changing request was sent by a page of another origin (docs/security.md "Cross-site
 * requests"). Browsers send `Origin` on every POST; `Referer` is the fallback; `Origin: null` (sandboxed
 * frames, some redirects) is foreign. A request with neither header is not from a browser page, unless it
 * carries cookies, which only a browser riding a visitor's session would send without an origin: refused.
 */
export function isForeignRequest(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin !== siteOrigin;
  const referer = headers.get('referer');
  if (referer !== null) {
    try {
      return new URL(referer).origin !== siteOrigin;
    } catch {
      return true;
    }
  }
  return headers.has('cookie');
}

/** Whether an `Authorization: Bearer …` header carries the operator's ADMIN_TOKEN (compared in constant time). */
export function isAdminAuthorization(header: string | null | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The outcome of an admin check: allowed, or the status to refuse with. */
export type AdminDecision = { allowed: true } | { allowed: false; status: 401 | 404 | 429; retryAfterSeconds?: number };

/**
 * The one check in front of every admin route (docs/security.md "Admin"): no ADMIN_TOKEN configured → 404
 * (the routes do not exist); a client address that sent too many wrong tokens → 429 for the rest of the
 * window, even with the right token, so guessing stays guessing; a wrong token → 401 and one more failure.
 * Every attempt is counted before its token is compared, and a right one is refunded (docs/security.md "Admin").
 */
export function createAdminGuard(options: { token: string | undefined; failures: RateLimiter }) {
  return async (authorization: string | null | undefined, clientIp: string): Promise<AdminDecision> => {
    if (!options.token) return { allowed: false, status: 404 };
    // Counted before the token is looked at, in one atomic step: of many concurrent guesses only the limit's
    // worth is evaluated. A right token gives its count back.
    const standing = await options.failures.hit(clientIp);
    if (!standing.allowed) return { allowed: false, status: 429, retryAfterSeconds: standing.retryAfterSeconds };
    if (!isAdminAuthorization(authorization, options.token)) return { allowed: false, status: 401 };
    await options.failures.refund(clientIp);
    return { allowed: true };
  };
}

/** The admin guard. */
export type AdminGuard = ReturnType<typeof createAdminGuard>;

// PostgreSQL's "data exception" class (22xxx): a value the column or function cannot take (NUL in text,
// an out-of-range number or date, malformed input syntax).
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/**
 * Whether an error is the database refusing a value. Every endpoint validates its input first; this is the
 * second net, so a value a schema missed still gets a 400 instead of a 500 (and is logged to be fixed).
 */
export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DATA_EXCEPTION.test(code);
}

const ADMIN_REFUSAL: Record<401 | 404 | 429, string> = { 401: 'unauthorised', 404: 'not found', 429: 'too many attempts' };

/** Turns the admin guard into a squad context's `authoriseAdmin`: the client address comes from the gateway. */
export function toAdminCheck(guard: AdminGuard): (request: Request) => Promise<Response | null> {
  return async (request) => {
    const decision = await guard(request.headers.get('authorization'), request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
    if (decision.allowed) return null;
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (decision.retryAfterSeconds) headers['retry-after'] = String(decision.retryAfterSeconds);
    return respondJson({ error: ADMIN_REFUSAL[decision.status] }, decision.status, headers);
  };
}
