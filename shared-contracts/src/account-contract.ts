import * as z from 'zod/mini';
import { formAnswerSchema } from './form-answers.ts';
import { readCookie } from './cookies.ts';

/** Name prefix of the account squad's auth cookies (better-auth's `cookiePrefix`). */
export const AUTH_COOKIE_PREFIX = 'rk';
/** The cookie of a signed-in visitor's session (HttpOnly); better-auth adds `__Secure-` on an HTTPS site. */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

/**
 * Whether a request carries the session cookie, in either spelling: without it nobody is signed in, and the host
 * asks the account squad nothing (docs/architecture.md "Request path").
 */
export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  return readCookie(cookieHeader, SESSION_COOKIE) !== undefined || readCookie(cookieHeader, `__Secure-${SESSION_COOKIE}`) !== undefined;
}

/**
 * The account squad's API (`/api/account/*`) as pages and other squads' servers read it: one schema per
 * answer, used by the servers and the browser alike.
 */

/** `GET /api/account/providers`: the sign-in providers the pages may offer (only configured ones). */
export const providersSchema = z.object({ google: z.nullable(z.object({ clientId: z.string(), scriptUrl: z.string() })) });
/** The sign-in providers. */
export type ProvidersDto = z.infer<typeof providersSchema>;

/** `GET /api/account/session`: who is signed in, as the shell's session slice needs it (never the secret). */
export const sessionSchema = z.object({
  signedIn: z.boolean(),
  user: z.nullable(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      picture: z.optional(z.string()),
      hasPassword: z.boolean(),
      /** Whether the address is proven to be the account's (Google said so, or a mailed link was followed). */
      emailVerified: z.optional(z.boolean()),
    }),
  ),
});
/** Who is signed in. */
export type SessionDto = z.infer<typeof sessionSchema>;

/** `GET /api/account/internal/reset-token?token=`: whether a mailed reset link is still good. */
export const resetTokenCheckSchema = z.object({ valid: z.boolean() });

/**
 * `GET /api/account/internal/handoff-token?token=`: whose account a desktop hand-off token opens, without using
 * it up, so the login page can ask the visitor to confirm (docs/security.md "Desktop hand-off"); null when it
 * opens none.
 */
export const handoffTokenCheckSchema = z.object({ email: z.nullable(z.string()) });

/** `POST /api/account/internal/checkout-account`: the account a buyer's order joins, made for the address or found. */
export const checkoutAccountAnswerSchema = z.object({ userId: z.string(), created: z.boolean() });

/** `POST /api/account/login`: its problems, and where to go once signed in (a same-site path). */
export const loginAnswerSchema = z.extend(formAnswerSchema, { return: z.optional(z.string()) });

/** `POST /api/account/google`: its problems, where to go once signed in, and the account's address. */
export const googleSignInAnswerSchema = z.extend(loginAnswerSchema, { email: z.optional(z.string()) });
/** What `POST /api/account/google` answers. */
export type GoogleSignInAnswer = z.infer<typeof googleSignInAnswerSchema>;
