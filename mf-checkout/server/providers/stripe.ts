import Stripe from 'stripe';
import type { StripeSettings } from '../settings.ts';
import type { PaymentProvider, PaymentState } from './provider.ts';

/** The official Node SDK, pointed at STRIPE_API_URL when set (a local stand-in in tests). */
export function createStripeClient(settings: Pick<StripeSettings, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const api = settings.STRIPE_API_URL ? new URL(settings.STRIPE_API_URL) : null;
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Maps a PaymentIntent to what the order service needs. */
export function toPaymentState(intent: Stripe.PaymentIntent): PaymentState {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const refunded = Boolean(charge?.refunded);
  const status: PaymentState['status'] = refunded
    ? 'refunded'
    : intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'canceled'
        ? 'failed'
        : intent.status === 'requires_action' || intent.status === 'requires_confirmation'
          ? 'requires_confirmation'
          : 'pending';
  return {
    status,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.order_id ?? null,
    failureCode: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
  };
}

/** Stripe PaymentIntents behind the provider interface; fulfilment comes from verified webhooks and the return page. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    kind: 'stripe',
    async start(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountCents,
          currency: 'usd',
          receipt_email: order.email,
          metadata: { order_id: order.id },
          automatic_payment_methods: { enabled: true },
        },
        // The same order and attempt never makes a second PaymentIntent, even when the request is retried.
        { idempotencyKey: `order-${order.id}-${order.attempt}` },
      );
      return { reference: intent.id, clientSecret: intent.client_secret ?? undefined };
    },
    async retrieve(reference) {
      return toPaymentState(await stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
    },
    async refund(reference) {
      await stripe.refunds.create({ payment_intent: reference }, { idempotencyKey: `refund-${reference}` });
    },
  };
}
