import {
  changePasswordInput,
  forgotPasswordInput,
  readField,
  readInput,
  readSubmittedLocale,
  resetPasswordInput,
  setPasswordInput,
  toLocalePrefix,
} from '@reelkeep/shared-contracts';
import { getAuth } from './auth.ts';
import { admitAttempt, admitResetMail } from './account-gate.ts';
import { readUser } from './account-session.ts';
import { answerForm } from './form-answer.ts';
import type { AccountRoute } from './settings.ts';

const forgotRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/forgot-password',
  async handle(request, context) {
    const input = await readInput(request, forgotPasswordInput);
    const locale = readSubmittedLocale(input);
    const email = String(readField(input, 'email') ?? '').slice(0, 254);
    const answer = (status: number, problem: string | null) =>
      answerForm(input.isForm, {
        status,
        problems: problem ? { form: problem } : {},
        location: `${toLocalePrefix(locale)}/forgot-password?${problem ? new URLSearchParams({ error: problem, email }) : new URLSearchParams({ sent: '1' })}`,
      });
    if (!(await admitAttempt(request, context, { kind: 'reset-request', account: email }))) return answer(429, 'rate_limited');
    if (!input.ok) return answer(400, input.problems.email ? 'email' : 'captcha');
    const { altcha, captcha_token: captchaToken, captcha_answer: captchaAnswer } = input.data;
    if (!(await context.captcha.verify({ altcha, captchaToken, captchaAnswer }))) return answer(400, 'captcha');
    // The same answer whether the address has an account or not (no account enumeration), and whether this
    // recipient's reset mails for the hour are used up or not (docs/security.md "Per-account limits").
    if (!(await admitResetMail(context, input.data.email))) return answer(200, null);
    await (
      await getAuth(context)
    ).api
      .requestPasswordReset({ body: { email, redirectTo: `${toLocalePrefix(locale)}/reset-password` }, headers: request.headers })
      .catch((error: unknown) => {
        context.logger.error('password reset not requested', { error });
      });
    return answer(200, null);
  },
};

const resetRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/reset-password',
  async handle(request, context) {
    const input = await readInput(request, resetPasswordInput);
    const locale = readSubmittedLocale(input);
    const token = String(readField(input, 'token') ?? '')
      .replace(/[^\w-]/g, '')
      .slice(0, 200);
    const answer = (status: number, problem: string | null) =>
      answerForm(input.isForm, {
        status,
        problems: problem ? { form: problem } : {},
        location: problem
          ? `${toLocalePrefix(locale)}/reset-password?${new URLSearchParams({ token, error: problem })}`
          : `${toLocalePrefix(locale)}/login?reset=1`,
      });
    // A reset token opens an account: guessing tokens counts like guessing passwords.
    if (!(await admitAttempt(request, context, { kind: 'sign-in' }))) return answer(429, 'rate_limited');
    if (!input.ok) return answer(400, input.problems.password ? 'password' : 'token_invalid');
    const reset = await (
      await getAuth(context)
    ).api
      .resetPassword({ body: { newPassword: input.data.password, token }, asResponse: true })
      .catch(() => null);
    return reset?.ok ? answer(200, null) : answer(400, 'token_invalid');
  },
};

const changeRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/password',
  async handle(request, context) {
    const input = await readInput(request, changePasswordInput);
    const locale = readSubmittedLocale(input);
    const answer = (status: number, problem: string | null, cookiesFrom?: Response) =>
      answerForm(input.isForm, {
        status,
        problems: problem ? { password: problem } : {},
        location: `${toLocalePrefix(locale)}/my-account?${new URLSearchParams(problem ? { password_error: problem } : { password_changed: '1' })}#password`,
        cookiesFrom,
      });
    if (!(await readUser(request, context))) return answer(401, 'signed_out');
    if (!(await admitAttempt(request, context, { kind: 'password-change' }))) return answer(429, 'rate_limited');
    if (!input.ok) return answer(400, input.problems.current_password ? 'current_wrong' : 'invalid');
    const changed = await (
      await getAuth(context)
    ).api.changePassword({
      body: { currentPassword: input.data.current_password, newPassword: input.data.new_password, revokeOtherSessions: true },
      headers: request.headers,
      asResponse: true,
    });
    return changed.ok ? answer(200, null, changed) : answer(400, 'current_wrong');
  },
};

const setRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/set-password',
  async handle(request, context) {
    const input = await readInput(request, setPasswordInput);
    const locale = readSubmittedLocale(input);
    const answer = (status: number, problem: string | null) =>
      answerForm(input.isForm, {
        status,
        problems: problem ? { form: problem } : {},
        location: problem
          ? `${toLocalePrefix(locale)}/set-password?error=${problem}`
          : `${toLocalePrefix(locale)}/my-account?password_changed=1#password`,
      });
    if (!(await readUser(request, context))) return answer(401, 'signed_out');
    if (!(await admitAttempt(request, context, { kind: 'password-change' }))) return answer(429, 'rate_limited');
    if (!input.ok) return answer(400, 'password');
    // For accounts made at checkout or with Google sign-in: the library refuses when a password exists.
    const set = await (
      await getAuth(context)
    ).api
      .setPassword({ body: { newPassword: input.data.password }, headers: request.headers, asResponse: true })
      .catch(() => null);
    return set?.ok ? answer(200, null) : answer(400, 'has_password');
  },
};

/** Forgotten password (mail a link), reset (the link's token), change and first password. */
export const passwordRoutes: readonly AccountRoute[] = [forgotRoute, resetRoute, changeRoute, setRoute];
