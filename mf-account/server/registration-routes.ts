import { readField, readInput, readSubmittedLocale, registerInput, toLocalePrefix } from '@reelkeep/shared-contracts';
import { getAuth } from './auth.ts';
import { admitAttempt } from './account-gate.ts';
import { answerForm } from './form-answer.ts';
import type { AccountRoute } from './settings.ts';

/**
 * `POST /api/account/register`: the one way to create a password account (docs/security.md "Ways into an
 * account"): limited per address, the site captcha, the `email` and `password_v2` rules on the server (docs/forms.md "Field rules").
 */
const registerRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/register',
  async handle(request, context) {
    const input = await readInput(request, registerInput);
    const locale = readSubmittedLocale(input);
    const answer = (status: number, problems: Record<string, string>, cookiesFrom?: Response) => {
      // What was typed comes back to the form, never the password.
      const query = new URLSearchParams({
        ...problems,
        email: String(readField(input, 'email') ?? '').slice(0, 254),
        name: String(readField(input, 'name') ?? '').slice(0, 60),
      });
      return answerForm(input.isForm, {
        status,
        problems,
        location: status === 200 ? `${toLocalePrefix(locale)}/my-account` : `${toLocalePrefix(locale)}/register?${query}`,
        cookiesFrom,
      });
    };
    if (!(await admitAttempt(request, context, { kind: 'register' }))) return answer(429, { form: 'rate_limited' });
    const problems: Record<string, string> = input.ok ? {} : { ...input.problems };
    const fields = input.ok ? input.data : null;
    const human = await context.captcha.verify({
      altcha: fields?.altcha,
      captchaToken: fields?.captcha_token,
      captchaAnswer: fields?.captcha_answer,
    });
    if (!human) problems.captcha = 'invalid';
    if (!fields || Object.keys(problems).length > 0) return answer(400, problems);
    const name = fields.name || fields.email.split('@')[0] || fields.email;
    const created = await (
      await getAuth(context)
    ).api.signUpEmail({ body: { name, email: fields.email, password: fields.password }, headers: request.headers, asResponse: true });
    // An address already registered gets the same wording as any refusal (no account enumeration).
    if (!created.ok) return answer(400, { form: 'not_created' });
    return answer(200, {}, created);
  },
};

/** Registration. */
export const registrationRoutes: readonly AccountRoute[] = [registerRoute];
