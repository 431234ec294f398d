import type { CheckoutApiOptions, CheckoutRoute } from './checkout-services.ts';
import { createServiceLocator } from './checkout-services.ts';
import { createAdminRoutes } from './routes/admin-routes.ts';
import { createAttributionRoutes } from './routes/attribution-routes.ts';
import { createFunnelRoutes } from './routes/funnel-routes.ts';
import { createConsoleRoutes } from './routes/console-routes.ts';
import { createLicenceRoutes } from './routes/licence-routes.ts';
import { createMyAccountRoutes } from './routes/my-account-routes.ts';
import { createOfferRoutes } from './routes/offer-routes.ts';
import { createOrderRoutes } from './routes/order-routes.ts';
import { createStripeWebhookRoute } from './routes/stripe-webhook.ts';
import { createUpgradeRoutes } from './routes/upgrade-routes.ts';

export type { CheckoutApiOptions } from './checkout-services.ts';

/**
 * The checkout squad's routes, one module per concern (`routes/`): offer and coupons; orders and the sandbox
 * card step; the licence an upgrade replaces; the Stripe webhook; My account; the admin refund; the console section's search, timeline and actions; the experiment readout's figures; the desktop app's licence API. They share one
 * set of services per loaded version.
 */
export function createCheckoutRoutes(options: CheckoutApiOptions = {}): CheckoutRoute[] {
  const use = createServiceLocator(options);
  return [
    ...createOfferRoutes(use),
    ...createOrderRoutes(use),
    ...createUpgradeRoutes(),
    createStripeWebhookRoute(use),
    ...createMyAccountRoutes(use),
    ...createAdminRoutes(use),
    ...createConsoleRoutes(use),
    ...createAttributionRoutes(),
    ...createFunnelRoutes(),
    ...createLicenceRoutes(use),
  ];
}
