import { describe, expect, it } from '@jest/globals';
import { ADMIN, listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

describe.each(listTestDatabases())('the licence API and the refund on %s', (_kind, open) => {
  const checkout = useSandboxCheckout(open);
  const call: typeof checkout.call = (...request) => checkout.call(...request);
  const { order, pay } = checkout;

  it('activates a 1-device licence on one device, refuses a second, limits cycling, and a refund revokes it', async () => {
    const placed = await order('107211Y');
    const key = (await pay(placed.id, '4242424242424242')).body.order!.licence!.key;
    const licence = (action: string, deviceId: string) =>
      call('POST', `/api/checkout/licence/${action}`, { key, device_id: deviceId, device_name: 'Test PC' });
    expect(await licence('activate', 'device-aaaa-1111')).toMatchObject({
      status: 200,
      body: { ok: true, licence: { devicesUsed: 1, allowNum: 1, status: 'active' } },
    });
    expect(await licence('activate', 'device-aaaa-1111')).toMatchObject({ status: 200 });
    expect(await licence('activate', 'device-bbbb-2222')).toMatchObject({ status: 409, body: { error: 'device_limit' } });
    expect((await licence('validate', 'device-bbbb-2222')).body.licence).toMatchObject({ deviceActive: false });
    expect(await licence('deactivate', 'device-aaaa-1111')).toMatchObject({ status: 200 });
    expect(await licence('activate', 'device-bbbb-2222')).toMatchObject({ status: 200 });
    expect(await licence('deactivate', 'device-bbbb-2222')).toMatchObject({ status: 200 });
    await licence('activate', 'device-aaaa-1111');
    expect(await licence('deactivate', 'device-aaaa-1111')).toMatchObject({ status: 429, body: { error: 'deactivation_limit' } });
    expect(
      (
        await call('POST', '/api/checkout/licence/validate', {
          key: key.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
          device_id: 'device-aaaa-1111',
        })
      ).body.error,
    ).toBe('invalid_key');
    expect((await call('POST', '/api/checkout/admin/refund', { order: placed.id })).status).toBe(401);
    expect((await call('POST', '/api/checkout/admin/refund', { order: placed.id }, ADMIN)).status).toBe(200);
    expect((await licence('validate', 'device-aaaa-1111')).body.licence).toMatchObject({ status: 'revoked' });
    expect(await licence('activate', 'device-cccc-3333')).toMatchObject({ status: 403, body: { error: 'revoked' } });
    expect((await checkout.buyer('GET', `/api/checkout/orders/${placed.id}`)).body.order!.status).toBe('refunded');
  });
});
