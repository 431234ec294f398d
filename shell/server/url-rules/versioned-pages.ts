import { buildPermanentRedirect, CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.ts';

// spec §2: a trailing `-new` plus digits on the last segment (a blog listing may end with a slash after it).
const VERSION_SUFFIX = /(?<=[^/])-new\d+(?=\/?$)/;

/** Spec §2: versioned `-newN` pages 301 to the newest version, the same path without the suffix; the query is kept. */
export function redirectVersionedPage(request: RuleRequest): UrlDecision {
  const decoded = decodeRequestPath(request.rawPath);
  if (decoded === null || !VERSION_SUFFIX.test(decoded)) return CONTINUE_DECISION;
  return buildPermanentRedirect(decoded.replace(VERSION_SUFFIX, ''), request.search);
}
