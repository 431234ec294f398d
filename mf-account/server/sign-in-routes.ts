import {
  googleSignInInput,
  handoffInput,
  handoffQuery,
  isSecureSite,
  loginInput,
  logoutInput,
  readField,
  readInput,
  readSubmittedLocale,
  respondJson,
  hasSessionCookie,
  serialiseCookie,
  serialiseCookieDeletion,
  toLocalePrefix,
  TRACKING_INTERNAL_ENDPOINT,
  TRACKING_WEB_VERSION,
  type Locale,
  type ProvidersDto,
  type ServerTrackingEvent,
  type SessionDto,
} from '@reelkeep/shared-contracts';
import { z } from 'zod';
import { AUTH_BASE_PATH, getAuth, readHandoffAccount } from './auth.ts';
import { readClaimedEmail } from './google.ts';
import { admitAttempt, passAccountGuard, recordAccountFailure } from './account-gate.ts';
import { clearSessionCookies, decodeBase64Email, readUser, toReturnPath } from './account-session.ts';
import { answerForm } from './form-answer.ts';
import type { AccountContext, AccountRoute } from './settings.ts';

/** docs/accounts.md "Logout": user_token is set to 1 for 365 days on logout. */
const USER_TOKEN_MAX_AGE_S = 365 * 24 * 3600;
/** docs/accounts.md "Logout": the display cookies that go with the session (none of them is a secret). */
const DISPLAY_COOKIES = ['email', 'token', 'userId', 'userType', 'userPicture', 'userName', 'firstName', 'lastName', 'user_info', 'credits'];

/** What the routes read of the auth library's refusal of a sign-in. */
const authRefusalSchema = z.object({ code: z.string() });
/** The auth library's answer to a password that needs a second factor (a console role holder). */
const twoFactorPendingSchema = z.object({ twoFactorRedirect: z.literal(true) });
/** Where a sign-in that needs a code goes on (the console's code step). */
const CONSOLE_CODE_PATH = '/console/sign-in/code';
/** What the routes read of the auth library's answer to a social sign-in. */
const socialSignInSchema = z.object({ user: z.object({ email: z.string() }) });

/** The JSON body of one of the auth library's answers, left readable for the cookies it carries; null when it has none. */
async function readLibraryAnswer(answer: Response): Promise<unknown> {
  return answer
    .clone()
    .json()
    .catch(() => null);
}

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

const sessionRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/session',
  async handle(request, context) {
    const session = await (await getAuth(context)).api.getSession({ headers: request.headers }).catch(() => null);
    const hasPassword = session
      ? (
          await context.db.query<{ found: number }>(
            `SELECT 1 AS found FROM account.accounts WHERE user_id = $1 AND provider_id = 'credential' LIMIT 1`,
            [session.user.id],
          )
        ).length > 0
      : false;
    const body: SessionDto = session
      ? {
          signedIn: true,
          user: {
            id: session.user.id,
            email: session.user.email,
            name: session.user.name,
            hasPassword,
            emailVerified: session.user.emailVerified,
            ...(session.user.image ? { picture: session.user.image } : {}),
          },
        }
      : { signedIn: false, user: null };
    return respondJson(body, 200, { 'cache-control': 'no-store' });
  },
};

const providersRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/providers',
  async handle(_request, context) {
    const clientId = context.settings.GOOGLE_CLIENT_ID;
    const body: ProvidersDto = { google: clientId ? { clientId, scriptUrl: context.settings.GOOGLE_GSI_URL } : null };
    return respondJson(body, 200, { 'cache-control': 'no-store' });
  },
};

const loginRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/login',
  async handle(request, context) {
    const input = await readInput(request, loginInput);
    const fields = input.ok ? input.data : null;
    const locale = readSubmittedLocale(input);
    const email = String(readField(input, 'email') ?? '');
    const returnPath = toReturnPath(readField(input, 'return'), locale, context.site.SITE_URL);
    const answer = (status: number, problem: string | null, cookiesFrom?: Response) =>
      answerForm(input.isForm, {
        status,
        problems: problem ? { form: problem } : {},
        json: { return: returnPath },
        location:
          status === 200
            ? returnPath
            : `${toLocalePrefix(locale)}/login?${new URLSearchParams({ error: problem ?? 'invalid', email, ...(readField(input, 'return') ? { return: returnPath } : {}) })}`,
        cookiesFrom,
      });
    if (!(await admitAttempt(request, context, { kind: 'sign-in', account: email }))) return answer(429, 'rate_limited');
    if (!fields) return answer(400, 'invalid');
    const { altcha, captcha_token: captchaToken, captcha_answer: captchaAnswer } = fields;
    if ((await passAccountGuard(context, fields.email, { altcha, captchaToken, captchaAnswer })) === 'captcha_required') {
      return answer(401, 'captcha_required');
    }
    const signedIn = await (
      await getAuth(context)
    ).api.signInEmail({ body: { email: fields.email, password: fields.password }, headers: request.headers, asResponse: true });
    // One answer for an unknown address and a wrong password (no account enumeration).
    if (!signedIn.ok) {
      await recordAccountFailure(context, fields.email, locale);
      return answer(401, 'invalid');
    }
    // docs/console.md "Two-factor sign-in": a console role holder's password opens no session by itself; the
    // code step is the console's sign-in page, which the pending sign-in's cookie leads to.
    if (twoFactorPendingSchema.safeParse(await readLibraryAnswer(signedIn)).success)
      return answerForm(input.isForm, { status: 200, json: { return: CONSOLE_CODE_PATH }, location: CONSOLE_CODE_PATH, cookiesFrom: signedIn });
    return answer(200, null, signedIn);
  },
};

const googleRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/google',
  async handle(request, context) {
    const input = await readInput(request, googleSignInInput);
    const locale = readSubmittedLocale(input);
    const returnPath = toReturnPath(input.ok ? input.data.return : undefined, locale, context.site.SITE_URL);
    const answer = (status: number, problem: string | null, cookiesFrom?: Response, json: Record<string, unknown> = {}) =>
      answerForm(input.isForm, {
        status,
        problems: problem ? { form: problem } : {},
        json: { return: returnPath, ...json },
        location: status === 200 ? returnPath : `${toLocalePrefix(locale)}/login?error=${problem}`,
        cookiesFrom,
      });
    if (!context.settings.GOOGLE_CLIENT_ID) return answer(404, 'google_off');
    // The address the token claims, before it is verified: only a key for the limits, never trusted.
    const claimed = input.ok ? readClaimedEmail(input.data.credential) : '';
    if (!(await admitAttempt(request, context, { kind: 'sign-in', account: claimed }))) return answer(429, 'rate_limited');
    // `credential` is what Google Identity Services hands the page (button and One Tap alike).
    if (!input.ok) return answer(400, 'google_invalid');
    const signedIn = await (
      await getAuth(context)
    ).api
      .signInSocial({ body: { provider: 'google', idToken: { token: input.data.credential } }, headers: request.headers, asResponse: true })
      .catch(() => null);
    if (signedIn?.status === 401 && authRefusalSchema.safeParse(await readLibraryAnswer(signedIn)).data?.code === 'OAUTH_LINK_ERROR') {
      // The address has a password account whose e-mail was never confirmed: joining it would let whoever
      // registered it keep a way in (account pre-hijacking), so the visitor signs in with the password instead.
      return answer(409, 'google_exists');
    }
    // Forged, expired, replayed or for another client: one answer, the details go to the log. A refused token
    // that names an address counts as a failure on that account, as a wrong password does.
    if (!signedIn?.ok) {
      if (claimed) await recordAccountFailure(context, claimed, locale);
      return answer(401, 'google_invalid');
    }
    const email = socialSignInSchema.safeParse(await readLibraryAnswer(signedIn)).data?.user.email ?? '';
    return answer(200, null, signedIn, { email });
  },
};

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
 * sign-up and resets only happen through the routes above, behind the gate.
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

/** Session, providers, login, Google sign-in, the desktop hand-off and logout. */
export const signInRoutes: readonly AccountRoute[] = [
  sessionRoute,
  providersRoute,
  loginRoute,
  googleRoute,
  handoffLinkRoute,
  handoffRoute,
  handoffTokenRoute,
  logoutRoute,
];
