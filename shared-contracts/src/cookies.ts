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
