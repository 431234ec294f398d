/** What a payment provider reports about one payment. */
export interface PaymentState {
  status: 'pending' | 'requires_confirmation' | 'succeeded' | 'refunded' | 'failed';
  amountCents: number;
  currency: string;
  /** The order the payment was created for (from the provider's own record). */
  orderId: string | null;
  /** Why the last attempt failed (`card_declined`, …). */
  failureCode: string | null;
}

/** A payment started for an order: the provider's reference, and for Stripe the client secret the browser needs. */
export interface StartedPayment {
  reference: string;
  clientSecret?: string;
}

/**
 * One interface for every card payment provider (docs/commerce.md "Payment providers"): the order service never knows
 * which one it talks to. Amounts are whole US cents computed by the order service.
 */
export interface PaymentProvider {
  kind: 'sandbox' | 'stripe';
  /** Starts a payment for an order; called again for the same order and attempt it returns the same payment. */
  start(order: { id: string; amountCents: number; email: string; attempt: number }): Promise<StartedPayment>;
  /** What the provider says about a payment now (the source of truth the return page and reconciling trust). */
  retrieve(reference: string): Promise<PaymentState>;
  /** Refunds a payment in full. */
  refund(reference: string): Promise<void>;
}
