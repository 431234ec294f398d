/** What a URL rule decides for a request. */
export type UrlDecision =
  | { kind: 'continue' }
  | {
      kind: 'redirect';
      status: 301 | 302;
      /** A same-site path plus query; never a full URL, never starting with `//`. */
      location: string;
      /** Value for the response's `Vary` header, when the decision depends on request headers. */
      vary?: string;
      /** The caller prefixes its configured SITE_URL origin to `location` (the Host header is never used). */
      absolute?: true;
    }
  | {
      kind: 'not-found';
      /** Goes to logs or a data attribute, never shown as text. */
      reason: string;
    };

/** The parts of a request the rules read. */
export interface RuleRequest {
  /** Host header as sent, e.g. `www.reelkeep.com` or `localhost:3000`. */
  host: string;
  /** Host of the configured SITE_URL, e.g. `reelkeep.com` or `localhost:3000`. */
  siteHost: string;
  /** The path exactly as received, still percent-encoded, without query. */
  rawPath: string;
  /** `''` or `?a=1` exactly as received. */
  search: string;
  /** Accept-Language header. */
  acceptLanguage?: string;
  /** Value of the `rk_lang` cookie (an explicit earlier language choice), if any. */
  localeCookie?: string;
}

/** One URL rule: reads the request, decides. Pure. */
export type UrlRule = (request: RuleRequest) => UrlDecision;

/** The decision that lets the next rule (or the router) handle the request. */
export const CONTINUE_DECISION: UrlDecision = Object.freeze({ kind: 'continue' });

// A lone surrogate cannot come from UTF-8 bytes and would make encodeURI throw later.
const LONE_SURROGATE = /\p{Cs}/u;

/** Percent-decodes a request path; null when the encoding is malformed. */
export function decodeRequestPath(rawPath: string): string | null {
  try {
    const decoded = decodeURIComponent(rawPath);
    return LONE_SURROGATE.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/**
 * Encodes a decoded path for a Location header with encodeURI. `?` and `#` are escaped too: decoded from
 * `%3F`/`%23` they belong to the path and must not turn into a query or a fragment.
 */
export function encodeLocationPath(path: string): string {
  return encodeURI(path).replace(/\?/g, '%3F').replace(/#/g, '%23');
}

/** A 301 to a decoded same-site path, keeping the query as received (docs/routing.md "Redirects of old addresses"). */
export function buildPermanentRedirect(path: string, search: string): UrlDecision {
  return { kind: 'redirect', status: 301, location: encodeLocationPath(path) + search };
}
