import { splitLocale } from '../routing/route-table.ts';
import { CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

/** The internal reason for this 404 (docs/routing.md "Not found"); logged or put in a data attribute, never shown. */
export const LOCALE_VALIDITY_REASON = 'Error from middleware/CheckRouterValidity';

/**
 * docs/routing.md "Not found": a path with the default-locale prefix (`/en`, `/en/…`) or a language-like first segment that is
 * not a supported locale (`/tr/…`, `/zh-cn/…`) is a 404. Uses the route table's own prefix split, so the
 * rules and the router agree on what a locale prefix is.
 */
export function checkLocaleValidity(request: RuleRequest): UrlDecision {
  const decoded = decodeRequestPath(request.rawPath);
  if (decoded === null) return CONTINUE_DECISION;
  return splitLocale(decoded) === null ? { kind: 'not-found', reason: LOCALE_VALIDITY_REASON } : CONTINUE_DECISION;
}
