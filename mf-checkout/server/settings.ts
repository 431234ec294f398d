import { z } from 'zod';
import type { BrowserOrigins } from '@reelkeep/platform/host-context';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The checkout squad's own settings (docs/configuration.md "Configuration"), read by the host for this squad only: no other
 * squad sees the Stripe keys. Names, defaults and checks are those the host's configuration had.
 */
export const checkoutSettings = z
  .object({
    /** `sandbox` (the site's own test card step) or `stripe` (docs/api.md "Payments"). */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w{8,}$/, 'must be a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w{8,}$/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w{8,}$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** The Stripe API the official SDK talks to (a local stand-in in tests); Stripe's own when unset. */
    STRIPE_API_URL: z.url().optional(),
    /** Orders and card attempts per client address in 10 minutes (coupon checks: twice as many). */
    CHECKOUT_RATE_LIMIT: count(20),
    /** Licence API calls per client address, and per key, in 10 minutes. */
    LICENCE_RATE_LIMIT: count(60),
    /** Device deactivations a licence may make in 30 days. */
    LICENCE_MAX_DEACTIVATIONS: count(5),
    /** Minutes an unpaid order waits for its payment before it expires. */
    ORDER_TTL_MIN: count(24 * 60),
  })
  .superRefine((settings, issues) => {
    if (settings.PAYMENT_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!settings[name]) issues.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER is stripe' });
    }
  });

/** The checkout squad's settings. */
export type CheckoutSettings = z.infer<typeof checkoutSettings>;

/** The settings when Stripe is the provider: its three keys are there (the schema refuses them missing). */
export type StripeSettings = CheckoutSettings &
  Required<Pick<CheckoutSettings, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>>;

/** Whether Stripe takes the payments with these settings. */
export function isStripe(settings: CheckoutSettings): settings is StripeSettings {
  return settings.PAYMENT_PROVIDER === 'stripe';
}

/**
 * What the checkout page loads from third parties while this version is live (docs/security.md "Headers"):
 * Stripe.js, its frames, its API and the Payment Request API in its frames when Stripe is the provider, nothing otherwise.
 */
export function toBrowserOrigins(settings: CheckoutSettings): BrowserOrigins {
  if (!isStripe(settings)) return {};
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
    payment: ['https://js.stripe.com'],
  };
}
