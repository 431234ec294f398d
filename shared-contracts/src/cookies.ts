/**
 * Reads one cookie from a `Cookie` header or from `document.cookie` (the same format): its value
 * URL-decoded, or undefined when it is absent or cannot be decoded. Server and browser code use this one.
 */
export function readCookie(cookies: string | null | undefined, name: string): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** How a cookie is written; every cookie of the site goes through `serialiseCookie`. */
export interface CookieOptions {
  /** Lifetime in seconds; 0 deletes the cookie; absent, it lasts the browser session. */
  maxAgeS?: number;
  /** Out of reach of scripts (every cookie a script does not need to read). */
  httpOnly?: boolean;
  /** Sent only over HTTPS: true whenever the site itself is served over HTTPS. */
  secure: boolean;
  sameSite?: 'Lax' | 'Strict';
  path?: string;
}

// RFC 6265 cookie-name token.
const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Characters encodeURIComponent escapes that RFC 6265 allows in a value as they are (`:` of a MAC address,
// `=` of base64, `/` of a path): kept readable. `%` stays escaped, so reading back is exact.
const SAFE_IN_VALUE = /%(23|24|26|2B|2F|3A|3C|3D|3E|3F|40|5B|5D|5E|60|7B|7C|7D)/g;

/** Encodes a cookie value: whatever it holds, it cannot end the value or add an attribute. */
function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(SAFE_IN_VALUE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Writes a `Set-Cookie` value (or a `document.cookie` assignment, the same format): the value URL-encoded,
 * `Path=/` and `SameSite=Lax` unless told otherwise, `Secure` when the site is served over HTTPS
 * (docs/security.md "Cookies").
 */
export function serialiseCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME.test(name)) throw new Error(`not a cookie name: ${name}`);
  const parts = [`${name}=${encodeCookieValue(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/**
 * One `name=value` pair of a `Cookie` request header, encoded as `serialiseCookie` encodes it: for a request a
 * server sends on a visitor's behalf.
 */
export function serialiseRequestCookie(name: string, value: string): string {
  if (!COOKIE_NAME.test(name)) throw new Error(`not a cookie name: ${name}`);
  return `${name}=${encodeCookieValue(value)}`;
}

/** A `Set-Cookie` value that deletes a cookie written with the same name and path. */
export function serialiseCookieDeletion(name: string, options: Pick<CookieOptions, 'secure' | 'httpOnly' | 'path'>): string {
  return serialiseCookie(name, '', { ...options, maxAgeS: 0 });
}

/** Whether cookies of a site at this URL or origin must carry `Secure`. */
export function isSecureSite(siteUrl: string): boolean {
  return siteUrl.startsWith('https:');
}
