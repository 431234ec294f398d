import type Stripe from 'stripe';
import type { ApiRoute, HostContext, RateLimiter } from '@reelkeep/platform/host-context';
import { oncePerContext } from '@reelkeep/shared-contracts';
import { createLicenceService, type LicenceService } from './licences.ts';
import { createOrderService, type OrderService } from './order-service.ts';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.ts';
import { createStripeClient, createStripeProvider } from './providers/stripe.ts';
import { isStripe, type CheckoutSettings } from './settings.ts';

/** The context the host gives the checkout's routes. */
export type CheckoutContext = HostContext<CheckoutSettings>;
/** One route of the checkout's API. */
export type CheckoutRoute = ApiRoute<CheckoutSettings>;

/** What the checkout's routes work with, made once per loaded version (its settings choose the payment provider). */
export interface CheckoutServices {
  orders: OrderService;
  licences: LicenceService;
  /** The sandbox card step, when the sandbox is the provider. */
  sandbox: SandboxProvider | null;
  /** The Stripe client, when Stripe is the provider. */
  stripe: Stripe | null;
  limiters: Record<'order' | 'pay' | 'coupon' | 'licence', RateLimiter>;
}

/** The services of a request's context. */
export type UseServices = (context: CheckoutContext) => CheckoutServices;

/** What building the checkout's routes may change: a test seam, nothing a release sets. */
export interface CheckoutApiOptions {
  /** Runs after a payment succeeded and before it is fulfilled (tests make a crash there: nothing may be lost). */
  beforeFulfil?: (orderId: string) => void | Promise<void>;
}

const WINDOW_MS = 10 * 60_000;

/** The services per context, i.e. per loaded version with its own settings. */
export function createServiceLocator(options: CheckoutApiOptions = {}): UseServices {
  return oncePerContext((context: CheckoutContext): CheckoutServices => {
    const { settings, db } = context;
    const stripe = isStripe(settings) ? createStripeClient(settings) : null;
    const sandbox = stripe ? null : createSandboxProvider(db);
    const provider = stripe ? createStripeProvider(stripe) : sandbox!;
    return {
      orders: createOrderService({ ...context, provider, beforeFulfil: options.beforeFulfil }),
      licences: createLicenceService(db, { maxDeactivations: settings.LICENCE_MAX_DEACTIVATIONS }),
      sandbox,
      stripe,
      limiters: {
        order: context.createRateLimiter('checkout-order', settings.CHECKOUT_RATE_LIMIT, WINDOW_MS),
        pay: context.createRateLimiter('checkout-pay', settings.CHECKOUT_RATE_LIMIT, WINDOW_MS),
        coupon: context.createRateLimiter('checkout-coupon', settings.CHECKOUT_RATE_LIMIT * 2, WINDOW_MS),
        licence: context.createRateLimiter('licence-api', settings.LICENCE_RATE_LIMIT, WINDOW_MS),
      },
    };
  });
}
