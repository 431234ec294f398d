import { checkLocaleValidity } from './locale-validity.server.ts';
import { redirectLegacyCheckout } from './legacy-checkout.server.ts';
import { normalisePath } from './path-normalisation.server.ts';
import { redirectRetiredPage } from './retired-pages.server.ts';
import { redirectRootByLanguage } from './root-language.server.ts';
import { CONTINUE_DECISION, type RuleRequest, type UrlDecision, type UrlRule } from './url-rule.server.ts';
import { redirectVersionedPage } from './versioned-pages.server.ts';
import { redirectWwwHost } from './www-host.server.ts';

export type { RuleRequest, UrlDecision, UrlRule } from './url-rule.server.ts';

/**
 * The URL rules in the order they run. Normalisation redirects whenever it changes anything, so every rule
 * after it sees a normal path.
 */
export const URL_RULES: readonly UrlRule[] = [
  redirectWwwHost,
  normalisePath,
  checkLocaleValidity,
  redirectVersionedPage,
  redirectRetiredPage,
  redirectLegacyCheckout,
  redirectRootByLanguage,
];

/** Longest chain of permanent redirects folded into one answer; a longer chain (none exists) ends early. */
export const MAX_FOLDED_REDIRECTS = 5;

/** Runs the URL rules in order and returns the first decision that is not `continue`. */
function runUrlRules(request: RuleRequest): UrlDecision {
  for (const rule of URL_RULES) {
    const decision = rule(request);
    if (decision.kind !== 'continue') return decision;
  }
  return CONTINUE_DECISION;
}

/** The request a browser sends after following a same-site redirect: the site host, the location's path and query. */
function toFollowingRequest(request: RuleRequest, location: string): RuleRequest {
  // Locations escape `?` inside the path (encodeLocationPath), so the first one starts the query.
  const queryStart = location.indexOf('?');
  return {
    ...request,
    host: request.siteHost,
    rawPath: queryStart === -1 ? location : location.slice(0, queryStart),
    search: queryStart === -1 ? '' : location.slice(queryStart),
  };
}

/**
 * Runs the URL rules (docs/routing.md "One hop"): when a rule answers a 301, the rules run again on its
 * target, and a chain of 301s (www host, normalisation, a versioned, retired or legacy page) becomes one
 * 301 to where the chain ends. A 302 (language choice) or a 404 after a 301 is left to the next request.
 */
export function applyUrlRules(request: RuleRequest): UrlDecision {
  let decision = runUrlRules(request);
  for (let folded = 0; folded < MAX_FOLDED_REDIRECTS && decision.kind === 'redirect' && decision.status === 301; folded += 1) {
    const next = runUrlRules(toFollowingRequest(request, decision.location));
    if (next.kind !== 'redirect' || next.status !== 301) break;
    // The www host's redirect is absolute; the chain that starts with it must stay so.
    decision = decision.absolute ? { ...next, absolute: true } : next;
  }
  return decision;
}
