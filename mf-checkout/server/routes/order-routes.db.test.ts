import { describe, expect, it } from '@jest/globals';
import type { OrderDto } from '@reelkeep/shared-contracts';
import { createBrowser, listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

describe.each(listTestDatabases())('orders and the sandbox card step on %s', (_kind, open) => {
  const checkout = useSandboxCheckout(open);
  const call: typeof checkout.call = (...request) => checkout.call(...request);
  const { order, pay, outbox, licenceCount } = checkout;

  it('sells 1Y Windows with a coupon: sandbox card, one licence, a receipt with the key, even when paid twice', async () => {
    const placed = await order('107211Y', { coupon: 'REEL20' });
    const paid = await pay(placed.id, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    const licence = paid.body.order!.licence!;
    expect(paid.body.order).toMatchObject({ status: 'paid', amountCents: 6990 });
    expect(licence).toMatchObject({ status: 'active', allowNum: 1, planType: '1Y' });
    expect(new Date(licence.expiresAt!).getTime() - new Date(paid.body.order!.paidAt!).getTime()).toBe(365 * 24 * 3600_000);
    expect((await pay(placed.id, '4242424242424242')).body.order!.licence!.key).toBe(licence.key);
    expect((await checkout.buyer('GET', `/api/checkout/orders/${placed.id}`)).body.order!.licence!.key).toBe(licence.key);
    expect(await licenceCount(placed.id)).toBe(1);
    const receipts = (await outbox()).filter((mail) => mail.body_text.includes(licence.key));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ recipient: 'buyer@example.com' });
    expect(checkout.account.created).toContain('buyer@example.com');
  });

  it('leaves a declined card with an unpaid order and a reason, and takes a good card after it', async () => {
    const placed = await order('107216M');
    const declined = await pay(placed.id, '4000 0000 0000 0002');
    expect(declined).toMatchObject({
      status: 402,
      body: { error: 'card_declined', order: { status: 'pending', failureCode: 'card_declined', licence: null } },
    });
    expect((await pay(placed.id, '4111 1111 1111 1112')).body.error).toBe('invalid_number');
    expect((await pay(placed.id, '5555 5555 5555 4444')).body.error).toBe('test_card_only');
    expect(await licenceCount(placed.id)).toBe(0);
    expect((await pay(placed.id, '4242424242424242')).body.order!.status).toBe('paid');
  });

  it('asks for the confirmation step with the 3184 card', async () => {
    const placed = await order('10721LFT');
    expect((await pay(placed.id, '4000 0027 6000 3184')).status).toBe(202);
    expect((await checkout.buyer('POST', '/api/checkout/sandbox/confirm', { order: placed.id, approve: 'false' })).body.error).toBe(
      'confirmation_refused',
    );
    expect((await pay(placed.id, '4000 0027 6000 3184')).status).toBe(202);
    const confirmed = await checkout.buyer('POST', '/api/checkout/sandbox/confirm', { order: placed.id, approve: 'true' });
    expect(confirmed.body.order).toMatchObject({ status: 'paid', licence: { expiresAt: null, allowNum: 1 } });
  });

  it('loses nothing when the server stops between payment and fulfilment: the next look issues exactly one licence', async () => {
    const placed = await order('10721LFT_3');
    checkout.crashOnce.add(placed.id);
    const paid = await pay(placed.id, '4242424242424242');
    expect(paid).toMatchObject({ status: 202, body: { error: 'processing' } });
    expect(await licenceCount(placed.id)).toBe(0);
    const [looked, again] = await Promise.all([
      checkout.buyer('GET', `/api/checkout/orders/${placed.id}`),
      checkout.buyer('GET', `/api/checkout/orders/${placed.id}`),
    ]);
    expect(looked.body.order!.status).toBe('paid');
    expect(again.body.order!.licence!.key).toBe(looked.body.order!.licence!.key);
    expect(await licenceCount(placed.id)).toBe(1);
  });

  it('shows a signed-in buyer their own orders only', async () => {
    const alice = createBrowser(call, { 'rk.session_token': 'alice' });
    const placed = (await alice('POST', '/api/checkout/orders', { product: 'aio', pid: '10781LFT_5', locale: 'de' })).body.order!;
    expect(placed.email).toBe('alice@example.com');
    await pay(placed.id, '4242424242424242', alice);
    const mine = await alice('GET', '/api/checkout/my-orders');
    expect((mine.body.orders as OrderDto[]).map((entry) => entry.id)).toEqual([placed.id]);
    expect((await call('GET', `/api/checkout/orders/${placed.id}`, undefined, { cookie: 'rk.session_token=mallory' })).status).toBe(404);
    // The account opens its order in any browser, without the order's secret.
    expect((await call('GET', `/api/checkout/orders/${placed.id}`, undefined, { cookie: 'rk.session_token=alice' })).status).toBe(200);
    expect((await call('GET', '/api/checkout/my-orders')).status).toBe(401);
    const receipt = (await outbox()).find((mail) => mail.body_text.includes((mine.body.orders as OrderDto[])[0]!.licence!.key));
    expect(receipt?.subject).toMatch(/ReelKeep/);
    expect(receipt?.body_text).toContain('249,90');
  });

  it('expires an order left unpaid past ORDER_TTL_MIN when the next order is made, and My account no longer lists it', async () => {
    const bob = createBrowser(call, { 'rk.session_token': 'bob' });
    const place = async () => (await bob('POST', '/api/checkout/orders', { product: 'aio', pid: '107211Y', locale: 'en' })).body.order!;
    const [stale, recent] = [await place(), await place()];
    const age = (orderId: string, minutes: number) =>
      checkout.db.query(`UPDATE checkout.orders SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [orderId, minutes]);
    // ORDER_TTL_MIN is a day unless configured.
    await age(stale.id, 24 * 60 + 1);
    await age(recent.id, 24 * 60 - 1);
    expect((await bob('GET', `/api/checkout/orders/${stale.id}`)).body.order!.status).toBe('pending');
    const next = await place();
    expect((await bob('GET', `/api/checkout/orders/${stale.id}`)).body.order!.status).toBe('expired');
    expect((await bob('GET', `/api/checkout/orders/${recent.id}`)).body.order!.status).toBe('pending');
    expect(((await bob('GET', '/api/checkout/my-orders')).body.orders as OrderDto[]).map((entry) => entry.id).sort()).toEqual(
      [recent.id, next.id].sort(),
    );
  });
});
