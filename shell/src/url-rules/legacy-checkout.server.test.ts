import { describe, expect, it } from '@jest/globals';
import { redirectLegacyCheckout } from './legacy-checkout.server.ts';
import type { RuleRequest } from './url-rule.server.ts';

const makeRequest = (rawPath: string, search = ''): RuleRequest => ({ host: 'reelkeep.com', siteHost: 'reelkeep.com', rawPath, search });

describe('redirectLegacyCheckout (docs/routing.md "Old checkout addresses")', () => {
  it.each([
    ['/fr/checkout-old', '', '/fr/checkout'],
    ['/ja/checkout/components/planitem', '?plan=1Y', '/ja/checkout?plan=1Y'],
    ['/checkout-old', '?x=1', '/checkout?x=1'],
    ['/checkout/components/planitem', '', '/checkout'],
  ])('sends %s%s to %s', (rawPath, search, location) => {
    expect(redirectLegacyCheckout(makeRequest(rawPath, search))).toEqual({ kind: 'redirect', status: 301, location });
  });

  it.each(['/checkout', '/fr/checkout', '/checkout/components', '/checkout-older', '/fr/checkout/components/planitem/extra'])(
    'leaves %s alone',
    (rawPath) => {
      expect(redirectLegacyCheckout(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    },
  );
});
