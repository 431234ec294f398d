import { handoffInput, handoffQuery, readInput, readSubmittedLocale, respondJson, toLocalePrefix, type Locale } from '@reelkeep/shared-contracts';
import { AUTH_BASE_PATH, getAuth, readHandoffAccount } from './auth.ts';
import { admitAttempt } from './account-gate.ts';
import { decodeBase64Email, readUser } from './account-session.ts';
import { answerForm } from './form-answer.ts';
import type { AccountRoute } from './settings.ts';

/** The login page's hand-off confirmation, with the app's query (docs/accounts.md "Desktop hand-off"). */
function toHandoffPage(locale: Locale, query: { token: string; client_e?: string; client_m?: string }, error?: string): string {
  // docs/routing.md "Account guards": the login page keeps a signed-in visitor only with both `token` and `client_e`.
  const search = new URLSearchParams({ token: query.token, client_e: query.client_e ?? '' });
  if (query.client_m) search.set('client_m', query.client_m);
  if (error) search.set('error', error);
  return `${toLocalePrefix(locale)}/login?${search}`;
}

/**
 * `GET /api/account/handoff` (older app links): changes nothing, and leads to the login page, where the visitor
 * confirms the hand-off (docs/security.md "Desktop hand-off"). A link on any site can reach this, so it never
 * uses a token or touches a session.
 */
const handoffLinkRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/handoff',
  async handle(request) {
    const input = await readInput(request, handoffQuery);
    const locale = readSubmittedLocale(input);
    const location = input.ok ? toHandoffPage(locale, input.data) : `${toLocalePrefix(locale)}/login?error=handoff`;
    return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  },
};

/**
 * `POST /api/account/handoff`: the visitor confirmed the desktop hand-off on the login page (a state change, so
 * the gateway refuses it from any other origin). It never replaces a session silently: a visitor signed in to
 * another account must have been told so (`replace=1`), else the page asks again.
 */
const handoffRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/handoff',
  async handle(request, context) {
    const input = await readInput(request, handoffInput);
    const locale = readSubmittedLocale(input);
    const email = input.ok ? decodeBase64Email(input.data.client_e) : '';
    const failed = (error: string) =>
      new Response(null, {
        status: 303,
        headers: { location: `${toLocalePrefix(locale)}/login?${new URLSearchParams({ error, email })}`, 'cache-control': 'no-store' },
      });
    if (!(await admitAttempt(request, context, { kind: 'sign-in' }))) return failed('rate_limited');
    if (!input.ok) return failed('handoff');
    const target = await readHandoffAccount(context, input.data.token);
    if (!target) return failed('handoff');
    const current = await readUser(request, context);
    if (current && current.id !== target.userId && input.data.replace !== '1') {
      return new Response(null, {
        status: 303,
        headers: { location: toHandoffPage(locale, input.data, 'handoff_other_session'), 'cache-control': 'no-store' },
      });
    }
    const verified = await (
      await getAuth(context)
    ).api
      .verifyOneTimeToken({ body: { token: input.data.token }, headers: request.headers, asResponse: true })
      .catch(() => null);
    if (!verified?.ok) return failed('handoff');
    return answerForm(true, { status: 200, location: `${toLocalePrefix(locale)}/my-account`, cookiesFrom: verified });
  },
};

/**
 * The one route of the auth library the site exposes (docs/security.md "Ways into an account"): the signed-in
 * desktop app asks for a single-use hand-off token. Every other library route answers 404, so sign-in,
 * sign-up and resets only happen through the account routes, behind the gate.
 */
const handoffTokenRoute: AccountRoute = {
  method: 'GET',
  path: `${AUTH_BASE_PATH}/one-time-token/generate`,
  async handle(request, context) {
    if (!(await admitAttempt(request, context, { kind: 'sign-in' }))) return respondJson({ cscode: 429, error: 'rate_limited' }, 429);
    if (!(await readUser(request, context))) return respondJson({ cscode: 401, error: 'signed_out' }, 401);
    return (await getAuth(context)).handler(
      new Request(new URL(`${AUTH_BASE_PATH}/one-time-token/generate`, request.url), { headers: request.headers }),
    );
  },
};

/** The desktop hand-off (docs/accounts.md "Desktop hand-off"): the app's link, the visitor's confirmation and the app's token. */
export const handoffRoutes: readonly AccountRoute[] = [handoffLinkRoute, handoffRoute, handoffTokenRoute];
