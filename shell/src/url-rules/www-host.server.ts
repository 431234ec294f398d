import { CONTINUE_DECISION, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

/**
 * docs/routing.md "www host": the www host redirects to the bare host, same path and query. The target is marked
 * `absolute` so the caller prefixes its SITE_URL origin; the Host header never builds a target.
 */
export function redirectWwwHost(request: RuleRequest): UrlDecision {
  if (request.host.toLowerCase() !== `www.${request.siteHost}`.toLowerCase()) return CONTINUE_DECISION;
  // Leading slashes or backslashes would read as a protocol-relative target; path normalisation runs on the next request.
  const path = `/${request.rawPath.replace(/^[/\\]+/, '')}`;
  return { kind: 'redirect', status: 301, location: path + request.search, absolute: true };
}
