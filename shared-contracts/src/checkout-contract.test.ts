import { afterEach, describe, expect, it } from '@jest/globals';
import type * as z from 'zod/mini';
import { postJson } from './post-json.ts';
import {
  couponAnswerSchema,
  deviceDeactivationAnswerSchema,
  myOrdersSchema,
  offerSchema,
  orderPlacedAnswerSchema,
  orderSchema,
  paymentAnswerSchema,
  type OfferDto,
  type OrderDto,
} from './checkout-contract.ts';
import { findPlanRow, toPlanId } from './plan-table.ts';

const ORDER: OrderDto = {
  id: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
  status: 'pending',
  product: 'aio',
  pid: '107211Y',
  os: 'win',
  planType: '1Y',
  variant: 'price_b',
  couponCode: 'REEL20',
  originCents: 14990,
  priceCents: 10490,
  discountCents: 2000,
  amountCents: 8490,
  currency: 'USD',
  email: 'buyer@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  failureCode: 'card_declined',
  licence: null,
};
const COUPON = { code: 'REEL20', text: '$20 off', discountCents: 2000, allowedTypes: [], minPriceCents: 7990 };
// The one-year Windows plan as the plan table gives it (docs/commerce.md "Plans and prices").
const PLAN = { os: 'win' as const, pid: toPlanId('win', '1Y'), ...findPlanRow('1Y')! };
const OFFER: OfferDto = {
  product: { key: 'aio', name: 'ReelKeep', macName: 'ReelKeep for Mac', hasMac: false },
  plans: { win: [PLAN], mac: null },
  coupons: [COUPON],
  campaign: { id: 'demo', name: 'Holiday sale', endsAt: Date.UTC(2030, 0, 1) },
  provider: { kind: 'stripe', publishableKey: 'pk_test_0123456789abcdef' },
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** What a page reads when a checkout endpoint answers `body`: the page posts through postJson with the endpoint's schema. */
async function readPosted<Answer extends { cscode: number }>(schema: z.ZodMiniType<Answer>, body: object): Promise<Answer> {
  globalThis.fetch = async () => Response.json(body, { status: 200 });
  return postJson('/api/checkout/any', {}, schema);
}

describe('checkout answers are parsed, never cast', () => {
  it('reads an offer and an order as the API sends them', () => {
    expect(offerSchema.parse(OFFER)).toEqual(OFFER);
    expect(
      orderSchema.parse({
        ...ORDER,
        licence: { key: 'RK-1', status: 'active', os: 'win', planType: '1Y', allowNum: 1, expiresAt: null, devices: [] },
      }),
    ).toMatchObject({ licence: { key: 'RK-1' } });
  });

  it.each([
    ['an amount as text', { ...ORDER, amountCents: '8490' }],
    ['another currency', { ...ORDER, currency: 'EUR' }],
    ['an unknown status', { ...ORDER, status: 'shipped' }],
    ['an unknown plan type', { ...ORDER, planType: '2Y' }],
    ['no licence field', { ...ORDER, licence: undefined }],
  ])('refuses an order with %s', (_case, order) => {
    expect(orderSchema.safeParse(order).success).toBe(false);
  });

  it('refuses an offer whose payment step it cannot show, and keeps fields a newer API adds', () => {
    expect(offerSchema.safeParse({ ...OFFER, provider: { kind: 'stripe' } }).success).toBe(false);
    expect(offerSchema.safeParse({ ...OFFER, plans: { win: [{ ...PLAN, os: 'linux' }], mac: null } }).success).toBe(false);
    expect(offerSchema.parse({ ...OFFER, releaseNote: 'next-slice' })).toMatchObject({ releaseNote: 'next-slice' });
  });

  it.each([
    ['a coupon that fits', { cscode: 200, coupon: COUPON }, { cscode: 200, coupon: COUPON }],
    ['a refusal with its code', { cscode: 400, error: 'coupon_plan' }, { cscode: 400, error: 'coupon_plan' }],
    ['a coupon that is not one', { cscode: 200, coupon: { code: 'REEL20' } }, { cscode: 200 }],
    ['no answer (postJson: cscode 0)', { cscode: 0 }, { cscode: 0 }],
    ['a refusal whose code is not text', { cscode: 400, error: 42 }, { cscode: 400 }],
  ])('reads %s from the coupon check', async (_case, body, answer) => {
    expect(await readPosted(couponAnswerSchema, body)).toEqual(answer);
  });

  it.each([
    [
      'a pending order',
      { cscode: 200, order: ORDER, payment: { clientSecret: null } },
      { cscode: 200, order: ORDER, payment: { clientSecret: null } },
    ],
    ['a refusal with its field', { cscode: 400, error: 'value', field: 'email' }, { cscode: 400, error: 'value', field: 'email' }],
    ['an order without its payment step', { cscode: 200, order: ORDER }, { cscode: 200 }],
  ])('reads %s from placing an order', async (_case, body, answer) => {
    expect(await readPosted(orderPlacedAnswerSchema, body)).toEqual(answer);
  });

  it.each([
    ['paid', { cscode: 200, order: { ...ORDER, status: 'paid' } }, { cscode: 200, order: { ...ORDER, status: 'paid' } }],
    ['a confirmation step', { cscode: 202, confirmation: { paymentId: 'sbpi_1' } }, { cscode: 202, confirmation: { paymentId: 'sbpi_1' } }],
    ['payment taken, order being finished', { cscode: 202, error: 'processing' }, { cscode: 202, error: 'processing' }],
    [
      'a declined card with the unpaid order',
      { cscode: 402, error: 'card_declined', order: ORDER },
      { cscode: 402, error: 'card_declined', order: ORDER },
    ],
  ])('reads %s from the card step', async (_case, body, answer) => {
    expect(await readPosted(paymentAnswerSchema, body)).toEqual(answer);
  });

  it('reads the signed-in visitor’s orders for My account, and nothing else as them', () => {
    expect(myOrdersSchema.parse({ orders: [ORDER] })).toEqual({ orders: [ORDER] });
    expect(myOrdersSchema.safeParse({ orders: [{ ...ORDER, amountCents: '8490' }] }).success).toBe(false);
    expect(myOrdersSchema.safeParse({ cscode: 401 }).success).toBe(false);
  });

  it.each([
    ['why a device was not deactivated', { cscode: 409, error: 'deactivation_limit' }, { cscode: 409, error: 'deactivation_limit' }],
    ['a reason that is not text', { cscode: 409, error: { code: 1 } }, { cscode: 409 }],
  ])('reads %s from a device deactivation', async (_case, body, answer) => {
    expect(await readPosted(deviceDeactivationAnswerSchema, body)).toEqual(answer);
  });
});
