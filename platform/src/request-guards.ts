/** Methods that change state: every one of them must come from the site's own pages (or a machine client). */
export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * Whether a state-changing request was sent by a page of another origin (docs/security.md "Cross-site
 * requests"). Browsers send `Origin` on every POST; `Referer` is the fallback; `Origin: null` (sandboxed
 * frames, some redirects) is foreign. A request with neither header is not from a browser page, unless it
 * carries cookies, which only a browser riding a visitor's session would send without an origin: refused.
 */
export function isForeignRequest(headers: Headers, siteOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin !== siteOrigin;
  const referer = headers.get('referer');
  if (referer !== null) {
    try {
      return new URL(referer).origin !== siteOrigin;
    } catch {
      return true;
    }
  }
  return headers.has('cookie');
}

// PostgreSQL's "data exception" class (22xxx): a value the column or function cannot take (NUL in text,
// an out-of-range number or date, malformed input syntax).
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/**
 * Whether an error is the database refusing a value. Every endpoint validates its input first; this is the
 * second net, so a value a schema missed still gets a 400 instead of a 500 (and is logged to be fixed).
 */
export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DATA_EXCEPTION.test(code);
}
