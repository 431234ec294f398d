import { toSameSitePath } from '@reelkeep/shared-contracts';

/** What an account guard decides for a matched route. */
export type GuardDecision = { kind: 'continue' } | { kind: 'redirect'; status: 302; location: string };

/** Routes (route names from route-table.ts) that need a session: anonymous visitors go to their locale's login page. */
export const SIGNED_IN_ONLY_ROUTES = ['my-account'] as const;

/** Routes only for visitors without a session: signed-in visitors go to their `return` path, else their locale's /my-account. */
export const SIGNED_OUT_ONLY_ROUTES = ['login', 'register', 'forgot-password'] as const;

/** Query parameters that together make the desktop app's sign-in hand-off (docs/accounts.md "Desktop hand-off"). */
export const HAND_OFF_QUERY_KEYS = ['token', 'client_e'] as const;

/** The query parameter a signed-out-only page reads for where to go once signed in (`/login?return=/checkout`). */
export const RETURN_QUERY_KEY = 'return';

/** Tells whether a query carries the desktop hand-off (every key of HAND_OFF_QUERY_KEYS). */
function hasHandOff(search: string): boolean {
  const params = new URLSearchParams(search);
  return HAND_OFF_QUERY_KEYS.every((key) => params.has(key));
}

/**
 * docs/routing.md "Account guards". `/my-account` with the desktop hand-off query goes to the login page
 * with the same query, whatever the session (the login page redeems the single-use token); otherwise
 * anonymous visitors of signed-in-only routes go to login, and signed-in visitors of signed-out-only routes
 * go where they were headed: the `return` path when it stays on the site (docs/security.md "Redirects"),
 * else /my-account. `localePrefix` is `''` for English or `/fr` etc.; `siteOrigin` is the configured site's.
 */
export function guardAccountRoute(input: {
  route: string;
  localePrefix: string;
  signedIn: boolean;
  search: string;
  siteOrigin: string;
}): GuardDecision {
  const { route, localePrefix, signedIn, search, siteOrigin } = input;
  if (route === 'my-account' && hasHandOff(search)) return { kind: 'redirect', status: 302, location: `${localePrefix}/login${search}` };
  // The hand-off forwarded above must reach the login page even with a session, or a signed-in visitor would bounce back unredeemed.
  if (route === 'login' && hasHandOff(search)) return { kind: 'continue' };
  if (!signedIn && (SIGNED_IN_ONLY_ROUTES as readonly string[]).includes(route)) {
    return { kind: 'redirect', status: 302, location: `${localePrefix}/login` };
  }
  if (signedIn && (SIGNED_OUT_ONLY_ROUTES as readonly string[]).includes(route)) {
    const returnPath = toSameSitePath(new URLSearchParams(search).get(RETURN_QUERY_KEY), siteOrigin);
    return { kind: 'redirect', status: 302, location: returnPath ?? `${localePrefix}/my-account` };
  }
  return { kind: 'continue' };
}
