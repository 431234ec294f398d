import {
  googleSignInInput,
  loginInput,
  readField,
  readInput,
  readSubmittedLocale,
  respondJson,
  toLocalePrefix,
  type ProvidersDto,
  type SessionDto,
} from '@reelkeep/shared-contracts';
import { z } from 'zod';
import { getAuth } from './auth.ts';
import { readClaimedEmail } from './google.ts';
import { admitAttempt, passAccountGuard, recordAccountFailure } from './account-gate.ts';
import { toReturnPath } from './account-session.ts';
import { answerForm } from './form-answer.ts';
import type { AccountRoute } from './settings.ts';

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

/** Session, providers, login and Google sign-in (the desktop hand-off and logout have their own modules). */
export const signInRoutes: readonly AccountRoute[] = [sessionRoute, providersRoute, loginRoute, googleRoute];
