import { isLocale } from '@reelkeep/shared-contracts';
import { buildPermanentRedirect, CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

/** Longest request path (as received) the site answers; longer ones are a 404. */
export const MAX_PATH_LENGTH_CHARS = 2048;

// docs/routing.md "Normal form": "Chinese characters" read as every CJK script plus CJK punctuation and fullwidth forms.
const CJK_CHARACTERS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\u30a0-\u30ff\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uffef]/gu;
// docs/routing.md "Normal form": curly quotes only (‘ ’ “ ”).
const CURLY_QUOTES = /[\u2018\u2019\u201c\u201d]/g;

/** Tells whether a normal path is the blog or one of its listings (`/blog/…`, `/{lang}/blog/…`). */
function isBlogPath(path: string): boolean {
  const [, first, second] = path.split('/');
  return first === 'blog' || (first !== undefined && isLocale(first) && second === 'blog');
}

/** Trailing slashes (docs/routing.md "Normal form"): the blog and its listings end with a slash, every other path has none. */
function applyTrailingSlashPolicy(path: string): string {
  const bare = path.replace(/\/+$/, '');
  if (bare === '') return '/';
  return isBlogPath(bare) ? `${bare}/` : bare;
}

/** The normal form of a decoded path (docs/routing.md "Normal form"); the result is a fixed point (normalising it again changes nothing). */
export function toNormalPath(decodedPath: string): string {
  const cleaned = decodedPath.replace(/_/g, '').toLowerCase().replace(/\s/gu, '').replace(CJK_CHARACTERS, '').replace(CURLY_QUOTES, '');
  // docs/routing.md "Normal form": a redirect never leaves the host, so `//evil.example` collapses to `/evil.example`.
  const collapsed = `/${cleaned}`.replace(/\/{2,}/g, '/');
  return applyTrailingSlashPolicy(collapsed);
}

/**
 * docs/routing.md "Normal form": paths are normalised (underscores, case, spaces, CJK characters, curly quotes, double slashes,
 * trailing slash). A path that changes gets a 301 to its normal form with the query kept; a malformed or
 * over-long path is a 404.
 */
export function normalisePath(request: RuleRequest): UrlDecision {
  if (request.rawPath.length > MAX_PATH_LENGTH_CHARS) return { kind: 'not-found', reason: 'path too long' };
  const decoded = decodeRequestPath(request.rawPath);
  if (decoded === null) return { kind: 'not-found', reason: 'malformed percent-encoding' };
  const normal = toNormalPath(decoded);
  return normal === decoded ? CONTINUE_DECISION : buildPermanentRedirect(normal, request.search);
}
