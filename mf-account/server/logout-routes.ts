import {
  isSecureSite,
  logoutInput,
  readInput,
  readSubmittedLocale,
  hasSessionCookie,
  serialiseCookie,
  serialiseCookieDeletion,
  toLocalePrefix,
  TRACKING_INTERNAL_ENDPOINT,
  TRACKING_WEB_VERSION,
  type Locale,
  type ServerTrackingEvent,
} from '@reelkeep/shared-contracts';
import { getAuth } from './auth.ts';
import { clearSessionCookies } from './account-session.ts';
import { answerForm } from './form-answer.ts';
import type { AccountContext, AccountRoute } from './settings.ts';

/** docs/accounts.md "Logout": user_token is set to 1 for 365 days on logout. */
const USER_TOKEN_MAX_AGE_S = 365 * 24 * 3600;
/** docs/accounts.md "Logout": the display cookies that go with the session (none of them is a secret). */
const DISPLAY_COOKIES = ['email', 'token', 'userId', 'userType', 'userPicture', 'userName', 'firstName', 'lastName', 'user_info', 'credits'];

/**
 * docs/accounts.md "Logout": a logout sends a tracking event. It is recorded here, on the server, so a logout without
 * JavaScript counts too; the visitor's cookies go along so their consent decides what is kept.
 * Tracking failures never stop a logout.
 */
async function recordLogout(request: Request, context: AccountContext, locale: Locale): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['cookie', 'sec-gpc']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const event: ServerTrackingEvent = {
    data: {
      event: 'logout',
      event_category: 'account',
      url: request.headers.get('referer') ?? undefined,
      lang_domain: locale,
      web_version: TRACKING_WEB_VERSION,
    },
    signedIn: hasSessionCookie(request.headers.get('cookie')),
  };
  const answer = await context
    .fetchApi(TRACKING_INTERNAL_ENDPOINT, { method: 'POST', headers, body: JSON.stringify(event) })
    .catch((error: unknown) => {
      context.logger.warn('logout not tracked', { error });
      return null;
    });
  if (answer && !answer.ok) context.logger.warn('logout not tracked', { status: answer.status });
}

const logoutRoute: AccountRoute = {
  method: 'POST',
  path: '/logout',
  async handle(request, context) {
    const input = await readInput(request, logoutInput);
    const locale = readSubmittedLocale(input);
    await recordLogout(request, context, locale);
    const ended = await (await getAuth(context)).api.signOut({ headers: request.headers, asResponse: true }).catch(() => new Response());
    const response = answerForm(true, { status: 200, location: toLocalePrefix(locale) || '/', cookiesFrom: ended });
    // The session cookie goes whatever the auth library answered; docs/accounts.md "Logout": the display cookies go too,
    // and user_token is set to 1 for 365 days.
    const secure = isSecureSite(context.site.SITE_URL);
    for (const cookie of clearSessionCookies(context.site.SITE_URL)) response.headers.append('set-cookie', cookie);
    for (const name of DISPLAY_COOKIES) response.headers.append('set-cookie', serialiseCookieDeletion(name, { secure }));
    response.headers.append('set-cookie', serialiseCookie('user_token', '1', { secure, maxAgeS: USER_TOKEN_MAX_AGE_S }));
    return response;
  },
};

/** Logout: the session and the display cookies end, and the logout is tracked. */
export const logoutRoutes: readonly AccountRoute[] = [logoutRoute];
