import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { createCheckoutRoutes, type CheckoutApiOptions } from './checkout-api.ts';
import { checkoutSettings, toBrowserOrigins, type CheckoutSettings } from './settings.ts';

/**
 * The checkout squad's API, released with mf-checkout (docs/commerce.md): offer, coupons, orders, the card
 * step (sandbox or Stripe), My account's orders and devices, the refund of the admin API and the desktop
 * app's licence API. `options` is a test seam; the release carries the default module.
 */
export function createCheckoutApi(options: CheckoutApiOptions = {}) {
  return {
    squad: 'checkout',
    contractVersion: CONTRACT_VERSION,
    settings: checkoutSettings,
    routes: createCheckoutRoutes(options),
    browserOrigins: toBrowserOrigins,
  } satisfies SquadApiModule<CheckoutSettings>;
}

export default createCheckoutApi();
