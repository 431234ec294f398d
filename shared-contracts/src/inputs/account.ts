import { z } from 'zod';
import { emailInput, localeInput, optional, singleLine } from '../input-fields.ts';
import { checkField } from '../validation.ts';

/**
 * Input of the account squad's endpoints (docs/security.md "Input"), one schema each, shared by the server
 * (which parses with them) and the pages (which post these shapes).
 */

// C0 controls and DEL never belong in a password; every other character is the owner's choice.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A password as typed at sign-in: not trimmed, bounded, no control characters. */
const passwordAttempt = z
  .string()
  .min(1)
  .max(200)
  .refine((value) => !CONTROL.test(value));
/** `password_v2` (docs/forms.md "Passwords"): 8 to 50 letters, digits and @$!%*?&, with a letter and a digit. */
export const newPasswordInput = z
  .string()
  .max(200)
  .refine((value) => checkField('password_v2', value) === 'valid');
/** A return path as sent; it is kept only if `toSameSitePath` accepts it. */
const returnInput = optional(singleLine(2048));
/** The site captcha's answer: the proof-of-work payload, or the signed sum and its answer (no JavaScript). */
const captchaFields = { altcha: optional(singleLine(4096)), captcha_token: optional(singleLine(1024)), captcha_answer: optional(singleLine(16)) };
/** Tokens the server issued (reset link, desktop hand-off): URL-safe. */
const issuedToken = z.string().regex(/^[A-Za-z0-9_-]{8,200}$/);

/** A sign-in: a fresh captcha only once its account is under guard (docs/security.md "Per-account limits"). */
export const loginInput = z.object({ email: emailInput, password: passwordAttempt, locale: localeInput, return: returnInput, ...captchaFields });
export const registerInput = z.object({
  name: optional(singleLine(60)),
  email: emailInput,
  password: newPasswordInput,
  locale: localeInput,
  ...captchaFields,
});
export const forgotPasswordInput = z.object({ email: emailInput, locale: localeInput, ...captchaFields });
export const resetPasswordInput = z.object({ token: issuedToken, password: newPasswordInput, locale: localeInput });
export const changePasswordInput = z.object({ current_password: passwordAttempt, new_password: newPasswordInput, locale: localeInput });
export const setPasswordInput = z.object({ password: newPasswordInput, locale: localeInput });
export const deleteAccountInput = z.object({ confirm_email: singleLine(254), locale: localeInput });
export const googleSignInInput = z.object({
  credential: z
    .string()
    .max(8192)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
  locale: localeInput,
  return: returnInput,
});
export const shareVisitInput = z.object({ invite_code: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/) });
/** The desktop hand-off as the app's link carries it (`GET`, which only leads to the confirmation page). */
export const handoffQuery = z.object({
  token: issuedToken,
  client_e: optional(singleLine(400)),
  client_m: optional(singleLine(400)),
  locale: localeInput,
});
/**
 * The visitor's confirmation of a desktop hand-off (`POST`, from the login page): `replace` is `1` when the
 * visitor was shown that it ends the session of another account they are signed in to.
 */
export const handoffInput = z.object({ ...handoffQuery.shape, replace: optional(z.literal('1')) });
export const logoutInput = z.object({ locale: localeInput });
export const checkoutAccountInput = z.object({ email: emailInput, locale: localeInput });
export const resetTokenQuery = z.object({ token: issuedToken });
export const handoffTokenQuery = z.object({ token: issuedToken });
