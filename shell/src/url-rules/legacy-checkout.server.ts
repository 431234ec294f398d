import { toLocalePath } from '@reelkeep/shared-contracts';
import { splitLocale } from '../routing/route-table.ts';
import { buildPermanentRedirect, CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

/** Locale-less paths the old build leaked (docs/routing.md "Old checkout addresses"); lowercase, as they read after normalisation. */
export const LEGACY_CHECKOUT_PATHS: readonly string[] = ['/checkout-old', '/checkout/components/planitem'];

/** docs/routing.md "Old checkout addresses": the old build's checkout leaks 301 to the checkout of the same locale, keeping the query. */
export function redirectLegacyCheckout(request: RuleRequest): UrlDecision {
  const decoded = decodeRequestPath(request.rawPath);
  const split = decoded === null ? null : splitLocale(decoded);
  if (split === null || !LEGACY_CHECKOUT_PATHS.includes(split.path)) return CONTINUE_DECISION;
  return buildPermanentRedirect(toLocalePath(split.locale, '/checkout'), request.search);
}
