import {
  fetchSumCaptcha,
  handoffTokenCheckSchema,
  myOrdersSchema,
  newsletterPreferenceSchema,
  providersSchema,
  readJsonResponse,
  resetTokenCheckSchema,
  sessionSchema,
  NEWSLETTER_TOKEN_PATTERN,
  type LoaderContext,
  type NewsletterStatus,
} from '@reelkeep/shared-contracts';
import type { NewsletterPageData, NewsletterResult } from './NewsletterPage.tsx';
import type { LoginPageData, RegisterPageData } from './AuthForms.tsx';
import type { ForgotPasswordData, ResetPasswordData, SetPasswordData } from './PasswordForms.tsx';
import type { MyAccountData } from './MyAccountPage.tsx';
import type { GoogleConfig } from './GoogleSignIn.tsx';

const readError = (value: string | null) => (value && /^[a-z_]{1,30}$/.test(value) ? value : null);

/** Google sign-in is offered only when the server has a client id. */
async function readGoogleConfig(fetchApi: LoaderContext['fetchApi']): Promise<GoogleConfig> {
  return (await readJsonResponse(providersSchema, await fetchApi('/api/account/providers').catch(() => null)))?.google ?? null;
}

/** The spec's `client_e` is the desktop app's base64 e-mail; only a well-formed address pre-fills the form. */
function decodeClientEmail(value: string | null): string {
  if (!value) return '';
  try {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(decoded) ? decoded : '';
  } catch {
    return '';
  }
}

/**
 * The desktop hand-off to confirm (docs/security.md "Desktop hand-off"): whose account the token opens (asked
 * without using it) and who is signed in now, so the page never replaces a session unasked. Null when the
 * token opens no account.
 */
async function loadHandoff(query: URLSearchParams, { fetchApi, fetchAsVisitor }: LoaderContext): Promise<LoginPageData['handoff']> {
  const token = query.get('token') ?? '';
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(token)) return null;
  const check = await readJsonResponse(
    handoffTokenCheckSchema,
    await fetchApi(`/api/account/internal/handoff-token?${new URLSearchParams({ token })}`).catch(() => null),
  );
  if (!check?.email) return null;
  const session = await readJsonResponse(sessionSchema, await fetchAsVisitor('/api/account/session').catch(() => null));
  return {
    token,
    clientE: (query.get('client_e') ?? '').slice(0, 400),
    clientM: (query.get('client_m') ?? '').slice(0, 400),
    accountEmail: check.email,
    signedInAs: session?.user?.email ?? null,
  };
}

/**
 * `/login`: the e-mail pre-fill (`client_e`, else `email`: docs/accounts.md "Sign-in"), the return path, a returned
 * error, the question for visitors without JavaScript when the account asks for a captcha, and a desktop hand-off to confirm.
 */
export async function loadLoginPage(context: LoaderContext): Promise<LoginPageData> {
  const { url, fetchApi } = context;
  const query = url.searchParams;
  const handoff = query.has('token') ? await loadHandoff(query, context) : null;
  const error = readError(query.get('error'));
  return {
    google: await readGoogleConfig(fetchApi),
    email: decodeClientEmail(query.get('client_e')) || (query.get('email') ?? '').slice(0, 254),
    returnPath: query.get('return') ?? '',
    // A token that opens no account (used, expired, made up) says so instead of a confirmation.
    error: query.has('token') && !handoff ? 'handoff' : error,
    reset: query.get('reset') === '1',
    sum: error === 'captcha_required' ? await fetchSumCaptcha(fetchApi) : null,
    handoff,
  };
}

/** `/register`: what a returned form held (never the password), its problems, and a question for visitors without JavaScript. */
export async function loadRegisterPage({ url, fetchApi }: LoaderContext): Promise<RegisterPageData> {
  const query = url.searchParams;
  const problems: Record<string, string> = {};
  for (const field of ['email', 'password', 'name', 'captcha', 'form']) {
    const value = query.get(field);
    if (value && /^[a-z_]{1,20}$/.test(value)) problems[field] = value;
  }
  const sum = await fetchSumCaptcha(fetchApi);
  return {
    sum,
    google: await readGoogleConfig(fetchApi),
    name: (query.get('name') ?? '').slice(0, 60),
    email: decodeClientEmail(query.get('client_e')) || (query.get('email') ?? '').slice(0, 254),
    problems,
  };
}

/** `/forgot-password`: a question for visitors without JavaScript, and the result of a returned form. */
export async function loadForgotPasswordPage({ url, fetchApi }: LoaderContext): Promise<ForgotPasswordData> {
  const query = url.searchParams;
  const sum = await fetchSumCaptcha(fetchApi);
  return { sum, email: (query.get('email') ?? '').slice(0, 254), sent: query.get('sent') === '1', error: readError(query.get('error')) };
}

/** `/reset-password?token=`: the token of the mailed link, if it is still good (a used or expired link says so at once). */
export async function loadResetPasswordPage({ url, fetchApi }: LoaderContext): Promise<ResetPasswordData> {
  const token = url.searchParams.get('token') ?? '';
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) return { token: '', error: 'token_invalid' };
  const answer = await fetchApi(`/api/account/internal/reset-token?${new URLSearchParams({ token })}`).catch(() => null);
  // If the check itself fails, the form stays usable: the server checks the token again when it is sent.
  const valid = (await readJsonResponse(resetTokenCheckSchema, answer))?.valid ?? true;
  return valid ? { token, error: readError(url.searchParams.get('error')) } : { token: '', error: 'token_invalid' };
}

/** `/my-account`: the visitor's orders and licences (checkout squad's API), and what a returned form reported. */
export async function loadMyAccountPage({ url, fetchAsVisitor }: LoaderContext): Promise<MyAccountData> {
  const query = url.searchParams;
  // The checkout squad's contract (MyOrdersDto); if its API is down or answers otherwise, the page still renders, saying so.
  const orders = (await readJsonResponse(myOrdersSchema, await fetchAsVisitor('/api/checkout/my-orders').catch(() => null)))?.orders ?? null;
  // The newsletter belongs to the shell's own server part.
  const newsletter = await readJsonResponse(newsletterPreferenceSchema, await fetchAsVisitor('/api/site/newsletter-preference').catch(() => null));
  return {
    orders,
    newsletter: newsletter?.subscribed ?? null,
    newsletterSaved: query.get('newsletter_saved') === '1',
    newsletterPending: query.get('newsletter_pending') === '1',
    passwordChanged: query.get('password_changed') === '1',
    passwordError: readError(query.get('password_error')),
    deleteError: readError(query.get('delete_error')),
    deviceRemoved: query.get('device_removed') === '1',
    deviceError: readError(query.get('device_error')),
  };
}

/** `/set-password`: a returned error. */
export function loadSetPasswordPage({ url }: LoaderContext): SetPasswordData {
  return { error: readError(url.searchParams.get('error')) };
}

const NEWSLETTER_RESULTS: readonly NewsletterResult[] = ['confirmed', 'unsubscribed', 'expired', 'invalid'];
const NEWSLETTER_STATUSES: readonly NewsletterStatus[] = ['required', 'format', 'succ', 'fail'];

/**
 * `/newsletter` (docs/forms.md "Newsletter"): `?confirm=` and `?unsubscribe=` show the mailed link's button, `?result=`
 * its outcome; anything else is the sign-up with a question for visitors without JavaScript (and the status of a
 * returned form post). A malformed token is an invalid link.
 */
export async function loadNewsletterPage({ url, fetchApi }: LoaderContext): Promise<NewsletterPageData> {
  const query = url.searchParams;
  for (const view of ['confirm', 'unsubscribe'] as const) {
    const token = query.get(view);
    if (token !== null) return NEWSLETTER_TOKEN_PATTERN.test(token) ? { view, token } : { view: 'result', result: 'invalid' };
  }
  const result = NEWSLETTER_RESULTS.find((value) => value === query.get('result'));
  if (result) return { view: 'result', result };
  const status = NEWSLETTER_STATUSES.find((value) => value === query.get('newsletter')) ?? 'empty';
  return { view: 'subscribe', sum: status === 'succ' ? null : await fetchSumCaptcha(fetchApi).catch(() => null), status };
}
