import type { OrderStatus } from '@reelkeep/shared-contracts';
import type { PaymentState } from './providers/provider.ts';

/** What can happen to an order (docs/commerce.md "Order states"). */
export type OrderEvent =
  /** The provider took the money (webhook, return page, a later look at the order). */
  | { type: 'payment_succeeded' }
  /** A card was declined; the buyer may try another one. */
  | { type: 'payment_declined'; reason: string }
  /** The provider gave the payment up for good (Stripe: the PaymentIntent was canceled). */
  | { type: 'payment_canceled'; reason: string }
  /** `ORDER_TTL_MIN` passed without a payment. */
  | { type: 'ttl_elapsed' }
  /** The operator asks for the money back (admin API). */
  | { type: 'refund_requested' }
  /** The money went back: the provider's refund event, or the refund the operator asked for. */
  | { type: 'refund_reported' };

/** One kind of order event. */
export type OrderEventType = OrderEvent['type'];

/** What the order service does besides changing the status. */
export type OrderEffect =
  /** A visitor's order joins an account (made for the address when there is none). */
  | 'join_account'
  /** Exactly one licence for the order. */
  | 'issue_licence'
  /** The receipt with the licence key, once. */
  | 'send_receipt'
  /** One more failed card attempt (a new attempt starts a new provider payment). */
  | 'count_attempt'
  /** Give the money back through the payment provider. */
  | 'refund_payment'
  /** The order's licence stops working. */
  | 'revoke_licence';

/** An allowed transition: the next state, what goes with it, and what the order's failure code becomes. */
export interface OrderTransition {
  next: OrderStatus;
  effects: readonly OrderEffect[];
  /** The event's reason, null to clear the last one; absent, the failure code stays as it is. */
  failureCode?: string | null;
}

/** Why an event changes nothing: the order is already where the event would take it, or past it. */
export interface OrderRefusal {
  refused: 'already_paid' | 'refunded_first' | 'already_refunded' | 'not_pending' | 'not_paid';
}

const NOT_PENDING: OrderRefusal = { refused: 'not_pending' };

/**
 * The order state machine (docs/commerce.md "Order states"): given an order's state and what happened, the
 * next state and its effects, or why nothing changes. The only place an order's status is decided.
 */
export function decideTransition(current: OrderStatus, event: OrderEvent): OrderTransition | OrderRefusal {
  switch (event.type) {
    case 'payment_succeeded':
      if (current === 'paid') return { refused: 'already_paid' };
      // A refund that overtook the payment event wins: no licence for money that went back.
      if (current === 'refunded') return { refused: 'refunded_first' };
      // Failed and expired orders too: the money was taken, so the buyer gets what they paid for.
      return { next: 'paid', effects: ['join_account', 'issue_licence', 'send_receipt'], failureCode: null };
    case 'payment_declined':
      return current === 'pending' ? { next: 'pending', effects: ['count_attempt'], failureCode: event.reason } : NOT_PENDING;
    case 'payment_canceled':
      return current === 'pending' ? { next: 'failed', effects: [], failureCode: event.reason } : NOT_PENDING;
    case 'ttl_elapsed':
      return current === 'pending' ? { next: 'expired', effects: [] } : NOT_PENDING;
    case 'refund_requested':
      return current === 'paid' ? { next: 'refunded', effects: ['refund_payment', 'revoke_licence'] } : { refused: 'not_paid' };
    case 'refund_reported':
      return current === 'refunded' ? { refused: 'already_refunded' } : { next: 'refunded', effects: ['revoke_licence'] };
  }
}

/** Whether a decision is a refusal. */
export function isRefusal(decision: OrderTransition | OrderRefusal): decision is OrderRefusal {
  return 'refused' in decision;
}

/** Whether an order waits for its payment: only then may a payment start or a card be tried. */
export function isAwaitingPayment(status: OrderStatus): boolean {
  return status === 'pending';
}

/**
 * What a provider's report on a payment means for its order: its success, its end, a decline the order has
 * not recorded yet (the provider keeps reporting the last one), or nothing.
 */
export function toPaymentEvent(payment: Pick<PaymentState, 'status' | 'failureCode'>, recordedFailureCode: string | null): OrderEvent | null {
  if (payment.status === 'succeeded') return { type: 'payment_succeeded' };
  if (payment.status === 'failed') return { type: 'payment_canceled', reason: payment.failureCode ?? 'payment_canceled' };
  if (payment.failureCode && payment.failureCode !== recordedFailureCode) return { type: 'payment_declined', reason: payment.failureCode };
  return null;
}

/** Whether a payment pays for an order: its exact amount, in US dollars. Anything else fulfils nothing. */
export function doesPaymentMatch(payment: Pick<PaymentState, 'amountCents' | 'currency'>, orderAmountCents: number): boolean {
  return payment.amountCents === orderAmountCents && payment.currency.toLowerCase() === 'usd';
}
