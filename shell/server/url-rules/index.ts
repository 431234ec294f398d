import { checkLocaleValidity } from './locale-validity.ts';
import { redirectLegacyCheckout } from './legacy-checkout.ts';
import { normalisePath } from './path-normalisation.ts';
import { redirectRetiredPage } from './retired-pages.ts';
import { redirectRootByLanguage } from './root-language.ts';
import { CONTINUE_DECISION, type RuleRequest, type UrlDecision, type UrlRule } from './url-rule.ts';
import { redirectVersionedPage } from './versioned-pages.ts';
import { redirectWwwHost } from './www-host.ts';

export type { RuleRequest, UrlDecision, UrlRule } from './url-rule.ts';

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

/** Runs the URL rules in order and returns the first decision that is not `continue`. */
export function applyUrlRules(request: RuleRequest): UrlDecision {
  for (const rule of URL_RULES) {
    const decision = rule(request);
    if (decision.kind !== 'continue') return decision;
  }
  return CONTINUE_DECISION;
}
