import { describe, expect, it } from '@jest/globals';
import { ORDER_STATUSES, type OrderStatus } from '@reelkeep/shared-contracts';
import {
  decideTransition,
  doesPaymentMatch,
  isAwaitingPayment,
  toPaymentEvent,
  type OrderEvent,
  type OrderEventType,
  type OrderRefusal,
  type OrderTransition,
} from './order-status.ts';

const EVENTS: Record<OrderEventType, OrderEvent> = {
  payment_succeeded: { type: 'payment_succeeded' },
  payment_declined: { type: 'payment_declined', reason: 'card_declined' },
  payment_canceled: { type: 'payment_canceled', reason: 'abandoned' },
  ttl_elapsed: { type: 'ttl_elapsed' },
  refund_requested: { type: 'refund_requested' },
  refund_reported: { type: 'refund_reported' },
};

const PAID: OrderTransition = { next: 'paid', effects: ['join_account', 'issue_licence', 'send_receipt'], failureCode: null };
const REFUNDED_BY_PROVIDER: OrderTransition = { next: 'refunded', effects: ['revoke_licence'] };
const NOT_PENDING: OrderRefusal = { refused: 'not_pending' };
const NOT_PAID: OrderRefusal = { refused: 'not_paid' };

/** docs/commerce.md "Order states", every state × every event. */
const TABLE: Record<OrderStatus, Record<OrderEventType, OrderTransition | OrderRefusal>> = {
  pending: {
    payment_succeeded: PAID,
    payment_declined: { next: 'pending', effects: ['count_attempt'], failureCode: 'card_declined' },
    payment_canceled: { next: 'failed', effects: [], failureCode: 'abandoned' },
    ttl_elapsed: { next: 'expired', effects: [] },
    refund_requested: NOT_PAID,
    // A refund overtaking the payment event: the order never gets a licence.
    refund_reported: REFUNDED_BY_PROVIDER,
  },
  paid: {
    payment_succeeded: { refused: 'already_paid' },
    payment_declined: NOT_PENDING,
    payment_canceled: NOT_PENDING,
    ttl_elapsed: NOT_PENDING,
    refund_requested: { next: 'refunded', effects: ['refund_payment', 'revoke_licence'] },
    refund_reported: REFUNDED_BY_PROVIDER,
  },
  refunded: {
    payment_succeeded: { refused: 'refunded_first' },
    payment_declined: NOT_PENDING,
    payment_canceled: NOT_PENDING,
    ttl_elapsed: NOT_PENDING,
    refund_requested: NOT_PAID,
    refund_reported: { refused: 'already_refunded' },
  },
  failed: {
    // The money was taken after all: the buyer gets the licence.
    payment_succeeded: PAID,
    payment_declined: NOT_PENDING,
    payment_canceled: NOT_PENDING,
    ttl_elapsed: NOT_PENDING,
    refund_requested: NOT_PAID,
    refund_reported: REFUNDED_BY_PROVIDER,
  },
  expired: {
    payment_succeeded: PAID,
    payment_declined: NOT_PENDING,
    payment_canceled: NOT_PENDING,
    ttl_elapsed: NOT_PENDING,
    refund_requested: NOT_PAID,
    refund_reported: REFUNDED_BY_PROVIDER,
  },
};

describe('the order state machine (docs/commerce.md "Order states")', () => {
  it('has a row for every state and a cell for every event', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const row of Object.values(TABLE)) expect(Object.keys(row).sort()).toEqual(Object.keys(EVENTS).sort());
  });

  const cells = ORDER_STATUSES.flatMap((state) =>
    (Object.keys(EVENTS) as OrderEventType[]).map((event) => [state, event, TABLE[state][event]] as const),
  );
  it.each(cells)('%s + %s → %j', (state, event, expected) => {
    expect(decideTransition(state, EVENTS[event])).toEqual(expected);
  });

  it.each([
    ['pending', true],
    ['paid', false],
    ['refunded', false],
    ['failed', false],
    ['expired', false],
  ] as const)('takes a payment for a %s order: %s', (state, awaiting) => {
    expect(isAwaitingPayment(state)).toBe(awaiting);
  });
});

describe('what a provider report means for its order', () => {
  it.each([
    ['succeeded', { status: 'succeeded', failureCode: null }, null, { type: 'payment_succeeded' }],
    ['succeeded after a decline', { status: 'succeeded', failureCode: 'card_declined' }, 'card_declined', { type: 'payment_succeeded' }],
    ['canceled with a reason', { status: 'failed', failureCode: 'abandoned' }, null, { type: 'payment_canceled', reason: 'abandoned' }],
    ['canceled without a reason', { status: 'failed', failureCode: null }, null, { type: 'payment_canceled', reason: 'payment_canceled' }],
    ['a new decline', { status: 'pending', failureCode: 'card_declined' }, null, { type: 'payment_declined', reason: 'card_declined' }],
    ['another decline', { status: 'pending', failureCode: 'expired_card' }, 'card_declined', { type: 'payment_declined', reason: 'expired_card' }],
    ['the decline already recorded', { status: 'pending', failureCode: 'card_declined' }, 'card_declined', null],
    ['waiting for a card', { status: 'pending', failureCode: null }, null, null],
    ['waiting for its confirmation', { status: 'requires_confirmation', failureCode: null }, null, null],
    ['refunded at the provider', { status: 'refunded', failureCode: null }, null, null],
  ] as const)('%s', (_case, payment, recorded, event) => {
    expect(toPaymentEvent(payment, recorded)).toEqual(event);
  });

  it.each([
    [8990, 'usd', true],
    [8990, 'USD', true],
    [8989, 'usd', false],
    [8990, 'eur', false],
  ] as const)('a payment of %i %s pays an order of 8990 cents: %s', (amountCents, currency, matches) => {
    expect(doesPaymentMatch({ amountCents, currency }, 8990)).toBe(matches);
  });
});
