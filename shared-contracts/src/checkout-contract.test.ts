import { describe, expect, it } from '@jest/globals';
import { isOrderDto, readDeviceDeactivationAnswer, readMyOrders, type OrderDto } from './checkout-contract.ts';

const ORDER: OrderDto = {
  id: 'o1',
  status: 'paid',
  product: 'reelkeep',
  pid: '10721-1Y',
  os: 'win',
  planType: '1Y',
  variant: 'new',
  couponCode: null,
  originCents: 9900,
  priceCents: 5900,
  discountCents: 0,
  amountCents: 5900,
  currency: 'USD',
  email: 'ana@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  failureCode: null,
  licence: {
    key: 'RK-1234',
    status: 'active',
    os: 'win',
    planType: '1Y',
    allowNum: 1,
    expiresAt: '2027-11-20T10:01:00.000Z',
    devices: [{ deviceId: 'pc-1', name: 'Desk', activatedAt: '2026-11-21T08:00:00.000Z' }],
  },
};

describe('the checkout squad’s answers', () => {
  it('reads the signed-in visitor’s orders', () => {
    expect(readMyOrders({ orders: [ORDER, { ...ORDER, id: 'o2', status: 'pending', paidAt: null, licence: null }] })).toEqual({
      orders: [ORDER, { ...ORDER, id: 'o2', status: 'pending', paidAt: null, licence: null }],
    });
    expect(readMyOrders({ orders: [] })).toEqual({ orders: [] });
  });

  it.each([
    ['an unknown status', { status: 'shipped' }],
    ['an amount as text', { amountCents: '59.00' }],
    ['another currency', { currency: 'EUR' }],
    ['an unknown plan', { planType: '2Y' }],
    ['a licence with a device without an id', { licence: { ...ORDER.licence, devices: [{ name: 'Desk', activatedAt: 'x' }] } }],
    ['no licence field', { licence: undefined }],
  ])('is not an order with %s', (_label, change) => {
    expect(isOrderDto({ ...ORDER, ...change })).toBe(false);
    expect(readMyOrders({ orders: [{ ...ORDER, ...change }] })).toBeNull();
  });

  it('is nothing for an answer without a list of orders', () => {
    expect(readMyOrders({ cscode: 401 })).toBeNull();
    expect(readMyOrders(null)).toBeNull();
  });

  it('reads why a device was not deactivated, when it says so in text', () => {
    expect(readDeviceDeactivationAnswer({ cscode: 409, error: 'deactivation_limit' })).toEqual({ error: 'deactivation_limit' });
    expect(readDeviceDeactivationAnswer({ cscode: 409, error: { code: 1 } })).toEqual({ error: undefined });
  });
});
