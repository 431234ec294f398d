import type Stripe from 'stripe';
import { orderIdInput, respondJson } from '@reelkeep/shared-contracts';
import type { CheckoutContext, CheckoutRoute, UseServices } from '../checkout-services.ts';
import { recordProcessedEvent, type Query } from '../order-repository.ts';
import type { OrderService, PaymentFailure } from '../order-service.ts';
import { toPaymentState } from '../providers/stripe.ts';

/** Stripe's events carry whole objects (a charge with its refunds): more than a form, far less than this. */
const WEBHOOK_MAX_BODY_BYTES = 512 * 1024;

/** Thrown inside an event's transaction when its id was already processed. */
class ReplayedEvent extends Error {}

/** What the webhook tells Stripe: received, and for the dashboard's log what came of it. */
interface WebhookAnswer {
  received: true;
  ignored?: 'unknown order' | 'unknown payment';
  refused?: true;
  replayed?: true;
}

/** The order event of a payment that did not go through: a declined card, or a PaymentIntent canceled for good. */
function toFailureEvent(event: Stripe.PaymentIntentPaymentFailedEvent | Stripe.PaymentIntentCanceledEvent): PaymentFailure {
  const intent = event.data.object;
  return event.type === 'payment_intent.canceled'
    ? { type: 'payment_canceled', reason: intent.cancellation_reason ?? 'payment_canceled' }
    : { type: 'payment_declined', reason: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'payment_failed' };
}

/** Applies one verified event to its order; each event id is recorded in the same transaction as its effect. */
async function applyEvent(event: Stripe.Event, orders: OrderService, context: CheckoutContext): Promise<WebhookAnswer> {
  const record = async (query: Query) => {
    if (!(await recordProcessedEvent(query, 'stripe', event.id, event.type))) throw new ReplayedEvent();
  };
  // The order id comes back in metadata we wrote; one that is not an order id is treated as unknown.
  const findKnownOrder = async (orderId: string | undefined): Promise<string | null> =>
    orderId !== undefined && orderIdInput.safeParse(orderId).success && (await orders.findOrderRow(orderId)) ? orderId : null;

  switch (event.type) {
    case 'payment_intent.succeeded': {
      const orderId = await findKnownOrder(event.data.object.metadata?.order_id);
      if (!orderId) return { received: true, ignored: 'unknown order' };
      const outcome = await orders.fulfil(orderId, toPaymentState(event.data.object), record);
      return outcome === 'refused' ? { received: true, refused: true } : { received: true };
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const orderId = await findKnownOrder(event.data.object.metadata?.order_id);
      if (!orderId) return { received: true, ignored: 'unknown order' };
      await context.db.transaction(record);
      await orders.recordPaymentFailure(orderId, toFailureEvent(event));
      return { received: true };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      const orderId = intentId ? await orders.findOrderIdOfPayment(intentId) : null;
      if (!orderId) return { received: true, ignored: 'unknown payment' };
      if (charge.refunded) await orders.recordRefund(orderId, record);
      return { received: true };
    }
    default:
      return { received: true };
  }
}

/** `POST /api/checkout/stripe/webhook`: Stripe's events, signature verified, each handled once (`checkout.processed_events`). */
export function createStripeWebhookRoute(use: UseServices): CheckoutRoute {
  return {
    method: 'POST',
    path: '/api/checkout/stripe/webhook',
    // Stripe's servers send no Origin and no cookie; the signature is what proves the sender.
    callers: 'any',
    maxBodyBytes: WEBHOOK_MAX_BODY_BYTES,
    async handle(request, context) {
      const { orders, stripe } = use(context);
      if (!stripe) return respondJson({ error: 'not_found' }, 404);
      const payload = await request.text();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          payload,
          request.headers.get('stripe-signature') ?? '',
          context.settings.STRIPE_WEBHOOK_SECRET!,
        );
      } catch {
        context.logger.warn('stripe webhook with a bad signature refused');
        return respondJson({ error: 'bad_signature' }, 400);
      }
      try {
        return respondJson(await applyEvent(event, orders, context));
      } catch (error) {
        if (error instanceof ReplayedEvent) return respondJson({ received: true, replayed: true } satisfies WebhookAnswer);
        throw error;
      }
    },
  };
}
