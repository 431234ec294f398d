import {
  checkField,
  isSecureSite,
  SESSION_COOKIE,
  serialiseCookieDeletion,
  toLocalePrefix,
  toSameSitePath,
  type Locale,
} from '@reelkeep/shared-contracts';
import { getAuth } from './auth.ts';
import type { AccountContext } from './settings.ts';

/** The signed-in user of a request, or null. */
export async function readUser(request: Request, context: AccountContext) {
  return (await (await getAuth(context)).api.getSession({ headers: request.headers }).catch(() => null))?.user ?? null;
}

/** Where to go after signing in: the same-site path asked for (docs/security.md "Redirects"), else My account. */
export function toReturnPath(value: string | undefined, locale: Locale, siteUrl: string): string {
  return toSameSitePath(value, siteUrl) ?? `${toLocalePrefix(locale)}/my-account`;
}

/** docs/routing.md "Account guards" (desktop hand-off): `client_e` is the desktop app's e-mail in base64; anything else decodes to nothing. */
export function decodeBase64Email(value: string | null | undefined): string {
  if (!value || value.length > 400) return '';
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return checkField('email', decoded) === 'valid' ? decoded : '';
}

/** `Set-Cookie` values that end the session in the browser, whatever the library answered (both cookie names it may use). */
export function clearSessionCookies(siteUrl: string): string[] {
  const secure = isSecureSite(siteUrl);
  // A `__Secure-` cookie is only accepted, and so only deleted, with the Secure attribute.
  return [
    serialiseCookieDeletion(SESSION_COOKIE, { secure, httpOnly: true }),
    serialiseCookieDeletion(`__Secure-${SESSION_COOKIE}`, { secure: true, httpOnly: true }),
  ];
}
