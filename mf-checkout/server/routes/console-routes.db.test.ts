import { describe, expect, it } from '@jest/globals';
import { listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

const INTERNAL = '/api/checkout/internal/console';

describe.each(listTestDatabases())('the console section routes of the checkout on %s', (_kind, open) => {
  const checkout = useSandboxCheckout(open);
  const call: typeof checkout.call = (...request) => checkout.call(...request);
  const licence = (action: string, key: string, deviceId: string) =>
    call('POST', `/api/checkout/licence/${action}`, { key, device_id: deviceId, device_name: `PC ${deviceId}` });

  it('finds orders by address (any case), order id or licence key, and shows the order with its timeline', async () => {
    const placed = await checkout.order('107211Y', { email: 'Finder@Example.com' });
    const key = (await checkout.pay(placed.id, '4242424242424242')).body.order!.licence!.key;
    await licence('activate', key, 'device-find-0001');
    for (const q of ['finder@example.com', placed.id, key.toLowerCase(), key.replace(/-/g, '')]) {
      const found = await call('GET', `${INTERNAL}/orders?${new URLSearchParams({ q })}`);
      expect(found.status).toBe(200);
      expect((found.body.orders as { id: string }[]).map((order) => order.id)).toEqual([placed.id]);
    }
    expect((await call('GET', `${INTERNAL}/orders?q=nobody%40example.com`)).body).toEqual({ orders: [], more: false });
    expect((await call('GET', `${INTERNAL}/orders?q=ab`)).status).toBe(400);
    const detail = await call('GET', `${INTERNAL}/order?order=${placed.id}`);
    expect(detail.body).toMatchObject({
      order: { id: placed.id, status: 'paid', email: 'Finder@Example.com' },
      licence: { key, status: 'active' },
      devices: [{ deviceId: 'device-find-0001', deactivatedAt: null, reset: false }],
    });
    expect((detail.body.timeline as { type: string }[]).map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['created', 'paid', 'receipt_sent', 'activated']),
    );
    expect((await call('GET', `${INTERNAL}/order?order=ord_00000000000000000000`)).status).toBe(404);
    expect((await call('GET', `${INTERNAL}/order?order=x`)).status).toBe(400);
  });

  it('refunds through the checkout (the licence is revoked: activation refuses it), once, with before and after', async () => {
    const placed = await checkout.order('107211Y');
    const key = (await checkout.pay(placed.id, '4242424242424242')).body.order!.licence!.key;
    const refunded = await call('POST', `${INTERNAL}/refund`, { order: placed.id });
    expect(refunded).toMatchObject({
      status: 200,
      body: { ok: true, before: { status: 'paid', licence: 'active' }, after: { status: 'refunded', licence: 'revoked' } },
    });
    expect(await licence('activate', key, 'device-refund-01')).toMatchObject({ status: 403, body: { error: 'revoked' } });
    expect(await call('POST', `${INTERNAL}/refund`, { order: placed.id })).toMatchObject({ status: 409, body: { ok: false, problem: 'not_paid' } });
    const timeline = ((await call('GET', `${INTERNAL}/order?order=${placed.id}`)).body.timeline as { type: string }[]).map((entry) => entry.type);
    expect(timeline).toEqual(expect.arrayContaining(['refund_requested', 'refunded', 'revoked']));
    expect(await call('POST', `${INTERNAL}/refund`, { order: 'ord_00000000000000000000' })).toMatchObject({ status: 404 });
  });

  it('resends the receipt, resets the devices without using up the buyer’s deactivations, and revokes the key', async () => {
    const placed = await checkout.order('107211Y', { email: 'resend@example.com' });
    const key = (await checkout.pay(placed.id, '4242424242424242')).body.order!.licence!.key;
    const receipts = async () => (await checkout.outbox()).filter((mail) => mail.recipient === 'resend@example.com' && mail.body_text.includes(key));
    expect(await receipts()).toHaveLength(1);
    expect(await call('POST', `${INTERNAL}/resend`, { order: placed.id })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await receipts()).toHaveLength(2);

    expect(await call('POST', `${INTERNAL}/reset-devices`, { order: placed.id })).toMatchObject({ status: 409, body: { problem: 'no_devices' } });
    await licence('activate', key, 'device-reset-001');
    expect(await licence('activate', key, 'device-reset-002')).toMatchObject({ status: 409, body: { error: 'device_limit' } });
    // Three resets in a row: none counts against the buyer's own 2 deactivations in 30 days.
    for (const device of ['device-reset-002', 'device-reset-003', 'device-reset-004']) {
      expect(await call('POST', `${INTERNAL}/reset-devices`, { order: placed.id })).toMatchObject({
        status: 200,
        body: { ok: true, before: { devices: 1 }, after: { devices: 0 } },
      });
      expect(await licence('activate', key, device)).toMatchObject({ status: 200 });
    }
    expect(await licence('deactivate', key, 'device-reset-004')).toMatchObject({ status: 200 });

    expect(await call('POST', `${INTERNAL}/revoke-key`, { order: placed.id })).toMatchObject({
      status: 200,
      body: { ok: true, before: { licence: 'active', key }, after: { licence: 'revoked', key } },
    });
    expect(await licence('activate', key, 'device-reset-005')).toMatchObject({ status: 403, body: { error: 'revoked' } });
    expect(await call('POST', `${INTERNAL}/revoke-key`, { order: placed.id })).toMatchObject({ status: 409, body: { problem: 'already_revoked' } });
    const detail = (await call('GET', `${INTERNAL}/order?order=${placed.id}`)).body;
    expect(detail).toMatchObject({ order: { status: 'paid' }, licence: { status: 'revoked' } });
    expect((detail.timeline as { type: string }[]).map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['receipt_resent', 'devices_reset', 'key_revoked', 'revoked']),
    );
  });

  it('does nothing to an order that is not paid', async () => {
    const placed = await checkout.order('107211Y');
    for (const action of ['refund', 'resend'])
      expect(await call('POST', `${INTERNAL}/${action}`, { order: placed.id })).toMatchObject({ status: 409, body: { problem: 'not_paid' } });
    for (const action of ['reset-devices', 'revoke-key'])
      expect(await call('POST', `${INTERNAL}/${action}`, { order: placed.id })).toMatchObject({ status: 409, body: { problem: 'no_licence' } });
  });
});
