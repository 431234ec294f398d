import { checkField, DEFAULT_LOCALE, isLocale, toLocalePrefix, TRACKING_INTERNAL_ENDPOINT, TRACKING_WEB_VERSION, type Locale, type ServerTrackingEvent } from '@reelkeep/shared-contracts';
import { CLIENT_IP_HEADER, readFormBody, respondJson, type PluginContext, type PluginRoute } from '@reelkeep/platform/server-plugin';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';
import { AUTH_BASE_PATH, AUTH_COOKIE_PREFIX, createAuth, type Auth } from './auth.ts';

const FORM_WINDOW_MS = 10 * 60_000;
const MAX_NAME_LENGTH = 60;
/** What an invite code looks like (campaign links carry it as `invite_code`). */
const INVITE_CODE = /^[A-Za-z0-9_-]{4,64}$/;
/** spec §7: the share_visit answer when the visit was already reported. */
const INVITE_ALREADY_REPORTED = 10010;
/** Sign-in attempts one computer may make across all addresses, as a multiple of the per-address limit. */
const LOGIN_IP_FACTOR = 5;
/** Spec §9: user_token is set to 1 for 365 days on logout. */
const USER_TOKEN_MAX_AGE_S = 365 * 24 * 3600;
/** The session cookie better-auth sets (HttpOnly). */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

/** Who is signed in, as the shell's session slice needs it (never the secret). */
export interface SessionDto {
  signedIn: boolean;
  user: { id: string; email: string; name: string; picture?: string; hasPassword: boolean } | null;
}

/** Sign-in providers the pages may offer (only configured ones). */
export interface ProvidersDto {
  google: { clientId: string; scriptUrl: string } | null;
}

let auth: Promise<Auth> | undefined;
/** The auth instance, created on first use. */
export function getAuth(context: Pick<PluginContext, 'db' | 'config' | 'logger' | 'mailer'>): Promise<Auth> {
  if (!auth) {
    auth = createAuth(context);
    auth.catch(() => (auth = undefined));
  }
  return auth;
}

/** A same-site path to go back to after signing in (decisions.md: same-site paths only). */
export function toSafeReturnPath(value: string | undefined, locale: Locale): string {
  const fallback = `${toLocalePrefix(locale)}/my-account`;
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'http://site.invalid');
    return url.host === 'site.invalid' ? url.pathname + url.search : fallback;
  } catch {
    return fallback;
  }
}

/** spec §4: `client_e` is the desktop app's e-mail in base64; anything else decodes to nothing. */
export function decodeBase64Email(value: string | null | undefined): string {
  if (!value || value.length > 400) return '';
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return checkField('email', decoded) === 'valid' ? decoded : '';
}

const readLocale = (value: string | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

/** Copies the cookies better-auth set onto a response of ours. */
function withCookies(response: Response, from: Response): Response {
  for (const cookie of from.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * spec §4 logout: "sends a tracking event". It is recorded here, on the server, so a logout without
 * JavaScript counts too; the visitor's cookies go along so their consent decides what is kept.
 * Tracking failures never stop a logout (spec §8).
 */
async function recordLogout(request: Request, context: PluginContext, locale: Locale): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['cookie', 'sec-gpc']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const event: ServerTrackingEvent = {
    data: { event: 'logout', event_category: 'account', url: request.headers.get('referer') ?? undefined, lang_domain: locale, web_version: TRACKING_WEB_VERSION },
    signedIn: request.headers.get('cookie')?.includes(SESSION_COOKIE) ?? false,
  };
  const answer = await context.fetchApi(TRACKING_INTERNAL_ENDPOINT, { method: 'POST', headers, body: JSON.stringify(event) }).catch((error: unknown) => {
    context.logger.warn('logout not tracked', { error });
    return null;
  });
  if (answer && !answer.ok) context.logger.warn('logout not tracked', { status: answer.status });
}

/** The account squad's form endpoints around better-auth: register, login, logout, session. */
export function createAccountRoutes(): PluginRoute[] {
  let loginLimiter: RateLimiter | undefined;
  let loginIpLimiter: RateLimiter | undefined;
  let registerLimiter: RateLimiter | undefined;
  let forgotLimiter: RateLimiter | undefined;
  let passwordLimiter: RateLimiter | undefined;
  let googleLimiter: RateLimiter | undefined;

  const sessionRoute: PluginRoute = {
    method: 'GET',
    path: '/api/account/session',
    async handle(request, context) {
      const session = await (await getAuth(context)).api.getSession({ headers: request.headers }).catch(() => null);
      const hasPassword = session
        ? (await context.db.query<{ found: number }>(`SELECT 1 AS found FROM account.accounts WHERE user_id = $1 AND provider_id = 'credential' LIMIT 1`, [session.user.id])).length > 0
        : false;
      const body: SessionDto = session
        ? { signedIn: true, user: { id: session.user.id, email: session.user.email, name: session.user.name, hasPassword, ...(session.user.image ? { picture: session.user.image } : {}) } }
        : { signedIn: false, user: null };
      return respondJson(body, 200, { 'cache-control': 'no-store' });
    },
  };

  const registerRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/register',
    async handle(request, context) {
      registerLimiter ??= context.createRateLimiter('register', context.config.ACCOUNT_RATE_LIMIT, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const email = (fields.email ?? '').trim();
      const name = (fields.name ?? '').trim() || email.split('@')[0] || '';
      const answer = (status: number, problems: Record<string, string>, cookiesFrom?: Response) => {
        if (!body?.isForm) return withCookies(respondJson({ cscode: status, problems }, status), cookiesFrom ?? new Response());
        const query = new URLSearchParams({ ...problems, email, name: fields.name ?? '' });
        const location = status === 200 ? `${toLocalePrefix(locale)}/my-account` : `${toLocalePrefix(locale)}/register?${query}`;
        return withCookies(new Response(null, { status: 303, headers: { location } }), cookiesFrom ?? new Response());
      };
      if (!(await registerLimiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown')).allowed) return answer(429, { form: 'rate_limited' });
      const problems: Record<string, string> = {};
      const emailStatus = checkField('email', email);
      if (emailStatus !== 'valid') problems.email = emailStatus;
      const passwordStatus = checkField('password_v2', fields.password ?? '');
      if (passwordStatus !== 'valid') problems.password = passwordStatus;
      if (name.length > MAX_NAME_LENGTH) problems.name = 'invalid';
      if (!(await context.captcha.verify({ altcha: fields.altcha, captchaToken: fields.captcha_token, captchaAnswer: fields.captcha_answer }))) problems.captcha = 'invalid';
      if (Object.keys(problems).length > 0) return answer(400, problems);
      const created = await (await getAuth(context)).api.signUpEmail({ body: { name, email, password: fields.password! }, headers: request.headers, asResponse: true });
      // An address already registered gets the same wording as any refusal (no account enumeration).
      if (!created.ok) return answer(400, { form: 'not_created' });
      return answer(200, {}, created);
    },
  };

  const loginRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/login',
    async handle(request, context) {
      // Per address and computer (guessing one account's password), and a looser one per computer (trying many accounts).
      loginLimiter ??= context.createRateLimiter('login', context.config.ACCOUNT_RATE_LIMIT, FORM_WINDOW_MS);
      loginIpLimiter ??= context.createRateLimiter('login-ip', context.config.ACCOUNT_RATE_LIMIT * LOGIN_IP_FACTOR, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const email = (fields.email ?? '').trim();
      const returnPath = toSafeReturnPath(fields.return, locale);
      const answer = (status: number, problem: string | null, cookiesFrom?: Response) => {
        if (!body?.isForm) return withCookies(respondJson({ cscode: status, problems: problem ? { form: problem } : {}, return: returnPath }, status), cookiesFrom ?? new Response());
        const location = status === 200 ? returnPath : `${toLocalePrefix(locale)}/login?${new URLSearchParams({ error: problem ?? 'invalid', email })}`;
        return withCookies(new Response(null, { status: 303, headers: { location } }), cookiesFrom ?? new Response());
      };
      const ip = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
      if (!(await loginIpLimiter.hit(ip)).allowed || !(await loginLimiter.hit(`${ip}|${email.toLowerCase()}`)).allowed) return answer(429, 'rate_limited');
      if (checkField('email', email) !== 'valid' || !fields.password) return answer(400, 'invalid');
      const signedIn = await (await getAuth(context)).api.signInEmail({ body: { email, password: fields.password }, headers: request.headers, asResponse: true });
      // One answer for an unknown address and a wrong password (no account enumeration).
      if (!signedIn.ok) return answer(401, 'invalid');
      return answer(200, null, signedIn);
    },
  };

  const logoutRoute: PluginRoute = {
    method: 'POST',
    path: '/logout',
    async handle(request, context) {
      const body = await readFormBody(request);
      const locale = readLocale(body?.fields.locale);
      await recordLogout(request, context, locale);
      const ended = await (await getAuth(context)).api.signOut({ headers: request.headers, asResponse: true }).catch(() => new Response());
      const response = new Response(null, { status: 303, headers: { location: toLocalePrefix(locale) || '/' } });
      withCookies(response, ended);
      // The session cookie goes whatever the auth library answered; spec §4: the display cookies go too,
      // and user_token is set to 1 for 365 days.
      for (const name of [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`]) response.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      for (const name of ['email', 'token', 'userId', 'userType', 'userPicture', 'userName', 'firstName', 'lastName', 'user_info', 'credits']) response.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; SameSite=Lax`);
      response.headers.append('set-cookie', `user_token=1; Path=/; Max-Age=${USER_TOKEN_MAX_AGE_S}; SameSite=Lax`);
      return response;
    },
  };

  const forgotRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/forgot-password',
    async handle(request, context) {
      forgotLimiter ??= context.createRateLimiter('forgot-password', context.config.ACCOUNT_RATE_LIMIT, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const email = (fields.email ?? '').trim();
      const answer = (status: number, problem: string | null) => {
        if (!body?.isForm) return respondJson({ cscode: status, problems: problem ? { form: problem } : {} }, status);
        const query = problem ? new URLSearchParams({ error: problem, email }) : new URLSearchParams({ sent: '1' });
        return new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/forgot-password?${query}` } });
      };
      if (!(await forgotLimiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown')).allowed) return answer(429, 'rate_limited');
      if (checkField('email', email) !== 'valid') return answer(400, 'email');
      if (!(await context.captcha.verify({ altcha: fields.altcha, captchaToken: fields.captcha_token, captchaAnswer: fields.captcha_answer }))) return answer(400, 'captcha');
      // The same answer whether the address has an account or not (no account enumeration).
      await (await getAuth(context)).api.requestPasswordReset({ body: { email, redirectTo: `${toLocalePrefix(locale)}/reset-password` }, headers: request.headers }).catch((error: unknown) => {
        context.logger.error('password reset not requested', { error });
      });
      return answer(200, null);
    },
  };

  const resetRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/reset-password',
    async handle(request, context) {
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const token = fields.token ?? '';
      const answer = (status: number, problem: string | null) => {
        if (!body?.isForm) return respondJson({ cscode: status, problems: problem ? { form: problem } : {} }, status);
        const location = problem ? `${toLocalePrefix(locale)}/reset-password?${new URLSearchParams({ token, error: problem })}` : `${toLocalePrefix(locale)}/login?reset=1`;
        return new Response(null, { status: 303, headers: { location } });
      };
      if (checkField('password_v2', fields.password ?? '') !== 'valid') return answer(400, 'password');
      const reset = await (await getAuth(context)).api.resetPassword({ body: { newPassword: fields.password!, token }, asResponse: true });
      return reset.ok ? answer(200, null) : answer(400, 'token_invalid');
    },
  };

  /** The signed-in user of a request, or null. */
  const readUser = async (request: Request, context: PluginContext) => (await (await getAuth(context)).api.getSession({ headers: request.headers }).catch(() => null))?.user ?? null;

  const passwordRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/password',
    async handle(request, context) {
      passwordLimiter ??= context.createRateLimiter('change-password', context.config.ACCOUNT_RATE_LIMIT, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const answer = (status: number, problem: string | null, cookiesFrom?: Response) => {
        if (!body?.isForm) return withCookies(respondJson({ cscode: status, problems: problem ? { password: problem } : {} }, status), cookiesFrom ?? new Response());
        const query = new URLSearchParams(problem ? { password_error: problem } : { password_changed: '1' });
        return withCookies(new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?${query}#password` } }), cookiesFrom ?? new Response());
      };
      if (!(await readUser(request, context))) return answer(401, 'signed_out');
      if (!(await passwordLimiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown')).allowed) return answer(429, 'rate_limited');
      if (checkField('password_v2', fields.new_password ?? '') !== 'valid') return answer(400, 'invalid');
      const changed = await (await getAuth(context)).api.changePassword({
        body: { currentPassword: fields.current_password ?? '', newPassword: fields.new_password!, revokeOtherSessions: true },
        headers: request.headers,
        asResponse: true,
      });
      return changed.ok ? answer(200, null, changed) : answer(400, 'current_wrong');
    },
  };

  const exportRoute: PluginRoute = {
    method: 'GET',
    path: '/api/account/export',
    async handle(request, context) {
      const user = await readUser(request, context);
      if (!user) return respondJson({ cscode: 401 }, 401);
      const [profile] = await context.db.query('SELECT id, name, email, email_verified, image, created_at, updated_at FROM account.users WHERE id = $1', [user.id]);
      const signIns = await context.db.query('SELECT provider_id, created_at, updated_at FROM account.accounts WHERE user_id = $1', [user.id]);
      const sessionRows = await context.db.query('SELECT created_at, expires_at, ip_address, user_agent FROM account.sessions WHERE user_id = $1 ORDER BY created_at', [user.id]);
      const invites = await context.db.query('SELECT invite_code, created_at FROM account.invite_visits WHERE user_id = $1 ORDER BY created_at', [user.id]);
      const data = { exportedAt: new Date().toISOString(), profile, signInMethods: signIns, sessions: sessionRows, inviteVisits: invites };
      return new Response(JSON.stringify(data, null, 2), {
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': 'attachment; filename="reelkeep-account.json"', 'cache-control': 'no-store' },
      });
    },
  };

  const deleteRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/delete',
    async handle(request, context) {
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const user = await readUser(request, context);
      const back = (query: Record<string, string>, target = `${toLocalePrefix(locale)}/my-account`) =>
        body?.isForm ? new Response(null, { status: 303, headers: { location: `${target}?${new URLSearchParams(query)}` } }) : respondJson({ cscode: query.deleted ? 200 : 400, ...query }, query.deleted ? 200 : 400);
      if (!user) return back({ delete_error: 'signed_out' });
      // The visitor confirms with the account's e-mail address (works for password and Google accounts alike).
      if ((fields.confirm_email ?? '').trim().toLowerCase() !== user.email.toLowerCase()) return back({ delete_error: 'confirm' });
      // Personal data goes (sessions and sign-in methods cascade); orders stay with the checkout squad as the law requires.
      await context.db.query('DELETE FROM account.users WHERE id = $1', [user.id]);
      const response = back({ deleted: '1' }, toLocalePrefix(locale) || '/');
      for (const name of [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`]) response.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      context.logger.info('account deleted', { userId: user.id });
      return response;
    },
  };

  const setPasswordRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/set-password',
    async handle(request, context) {
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const answer = (status: number, problem: string | null) => {
        if (!body?.isForm) return respondJson({ cscode: status, problems: problem ? { form: problem } : {} }, status);
        const location = problem ? `${toLocalePrefix(locale)}/set-password?error=${problem}` : `${toLocalePrefix(locale)}/my-account?password_changed=1#password`;
        return new Response(null, { status: 303, headers: { location } });
      };
      if (!(await readUser(request, context))) return answer(401, 'signed_out');
      if (checkField('password_v2', fields.password ?? '') !== 'valid') return answer(400, 'password');
      // For accounts made at checkout or with Google sign-in: better-auth refuses when a password exists.
      const set = await (await getAuth(context)).api.setPassword({ body: { newPassword: fields.password! }, headers: request.headers, asResponse: true }).catch(() => null);
      return set?.ok ? answer(200, null) : answer(400, 'has_password');
    },
  };

  const providersRoute: PluginRoute = {
    method: 'GET',
    path: '/api/account/providers',
    async handle(_request, context) {
      const clientId = context.config.GOOGLE_CLIENT_ID;
      const body: ProvidersDto = { google: clientId ? { clientId, scriptUrl: context.config.GOOGLE_GSI_URL } : null };
      return respondJson(body, 200, { 'cache-control': 'no-store' });
    },
  };

  const googleRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/google',
    async handle(request, context) {
      googleLimiter ??= context.createRateLimiter('google-sign-in', context.config.ACCOUNT_RATE_LIMIT, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = readLocale(fields.locale);
      const returnPath = toSafeReturnPath(fields.return, locale);
      const answer = (status: number, problem: string | null, cookiesFrom?: Response) => {
        if (!body?.isForm) return withCookies(respondJson({ cscode: status, problems: problem ? { form: problem } : {}, return: returnPath }, status), cookiesFrom ?? new Response());
        const location = status === 200 ? returnPath : `${toLocalePrefix(locale)}/login?error=${problem}`;
        return withCookies(new Response(null, { status: 303, headers: { location } }), cookiesFrom ?? new Response());
      };
      if (!context.config.GOOGLE_CLIENT_ID) return answer(404, 'google_off');
      if (!(await googleLimiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown')).allowed) return answer(429, 'rate_limited');
      // `credential` is what Google Identity Services hands the page (button and One Tap alike).
      const credential = fields.credential ?? '';
      if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(credential) || credential.length > 8192) return answer(400, 'google_invalid');
      const signedIn = await (await getAuth(context))
        .api.signInSocial({ body: { provider: 'google', idToken: { token: credential } }, headers: request.headers, asResponse: true })
        .catch(() => null);
      if (signedIn?.status === 401 && ((await signedIn.clone().json().catch(() => ({}))) as { code?: string }).code === 'OAUTH_LINK_ERROR') {
        // The address has a password account whose e-mail was never confirmed: joining it would let whoever
        // registered it keep a way in (account pre-hijacking), so the visitor signs in with the password instead.
        return answer(409, 'google_exists');
      }
      // Forged, expired, replayed or for another client: one answer, the details go to the log.
      if (!signedIn?.ok) return answer(401, 'google_invalid');
      if (body?.isForm) return answer(200, null, signedIn);
      const { user } = (await signedIn.clone().json()) as { user?: { email?: string } };
      return withCookies(respondJson({ cscode: 200, problems: {}, return: returnPath, email: user?.email ?? '' }), signedIn);
    },
  };

  const shareVisitRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/share-visit',
    async handle(request, context) {
      const body = await readFormBody(request);
      const code = (body?.fields.invite_code ?? '').trim();
      const user = await readUser(request, context);
      if (!user) return respondJson({ cscode: 401, problems: { form: 'signed_out' } }, 401);
      if (!INVITE_CODE.test(code)) return respondJson({ cscode: 400, problems: { invite_code: 'invalid' } }, 400);
      const recorded = await context.db.query<{ invite_code: string }>(
        'INSERT INTO account.invite_visits (user_id, invite_code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING invite_code',
        [user.id, code],
      );
      // spec §7: 200 for a new visit, 10010 when this account already reported the code (both count as done).
      return respondJson({ cscode: recorded.length === 1 ? 200 : INVITE_ALREADY_REPORTED });
    },
  };

  const handoffRoute: PluginRoute = {
    method: 'GET',
    path: '/api/account/handoff',
    async handle(request, context) {
      const query = new URL(request.url).searchParams;
      const locale = readLocale(query.get('locale') ?? undefined);
      const token = query.get('token') ?? '';
      const email = decodeBase64Email(query.get('client_e'));
      const failed = new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/login?${new URLSearchParams({ error: 'handoff', email })}` } });
      if (!/^[A-Za-z0-9_-]{8,200}$/.test(token)) return failed;
      const verified = await (await getAuth(context)).api.verifyOneTimeToken({ body: { token }, headers: request.headers, asResponse: true }).catch(() => null);
      if (!verified?.ok) return failed;
      return withCookies(new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account` } }), verified);
    },
  };

  /**
   * For the checkout squad only (the gateway refuses `/internal/` paths from outside): the account of a buyer
   * who paid without signing in. An existing account is used as it is; a new one has no password yet and
   * its owner gets a mail with a link to choose one.
   */
  const checkoutAccountRoute: PluginRoute = {
    method: 'POST',
    path: '/api/account/internal/checkout-account',
    async handle(request, context) {
      const fields = (await readFormBody(request))?.fields ?? {};
      const email = (fields.email ?? '').trim().toLowerCase();
      if (checkField('email', email) !== 'valid') return respondJson({ cscode: 400, error: 'email' }, 400);
      const [existing] = await context.db.query<{ id: string }>('SELECT id FROM account.users WHERE lower(email) = $1', [email]);
      if (existing) return respondJson({ userId: existing.id, created: false });
      const auth = await getAuth(context);
      const user = await (await auth.$context).internalAdapter.createUser({ email, name: email.split('@')[0] ?? email, emailVerified: false }, { method: 'email-password' });
      const locale = readLocale(fields.locale);
      await auth.api.requestPasswordReset({ body: { email, redirectTo: `${toLocalePrefix(locale)}/reset-password` } }).catch((error: unknown) => {
        context.logger.error('set-password mail not sent for a checkout account', { error });
      });
      context.logger.info('account created at checkout', { userId: user.id });
      return respondJson({ userId: user.id, created: true });
    },
  };

  const authRoute: PluginRoute = {
    method: 'GET',
    path: `${AUTH_BASE_PATH}/`,
    async handle(request, context) {
      return (await getAuth(context)).handler(request);
    },
  };

  return [sessionRoute, registerRoute, loginRoute, logoutRoute, forgotRoute, resetRoute, passwordRoute, exportRoute, deleteRoute, setPasswordRoute, providersRoute, googleRoute, shareVisitRoute, handoffRoute, checkoutAccountRoute, authRoute, { ...authRoute, method: 'POST' }];
}
