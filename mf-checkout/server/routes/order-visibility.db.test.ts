import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { OrderDto } from '@reelkeep/shared-contracts';
import { ORDER_SECRET_COOKIE, ORDER_SECRETS_KEPT, readOrderSecrets } from '../order-access.ts';
import { createBrowser, listTestDatabases, useSandboxCheckout, type Caller } from '../testing/checkout-harness.ts';

describe.each(listTestDatabases())('who may see an order on %s (docs/commerce.md "Who may see an order")', (_kind, open) => {
  const checkout = useSandboxCheckout(open);
  const call: Caller = (...request) => checkout.call(...request);
  const { order, pay, licenceCount } = checkout;

  const UNKNOWN_ORDER = { status: 404, body: { cscode: 404, error: 'order_unknown' } };
  const read = async (browser: Caller, orderId: string) => {
    const { status, body } = await browser('GET', `/api/checkout/orders/${orderId}`);
    return { status, body };
  };
  const withSecret = (orderId: string, secret: string) => ({ cookie: `${ORDER_SECRET_COOKIE}=${encodeURIComponent(`${orderId}.${secret}`)}` });
  const secretOf = (browser: ReturnType<typeof createBrowser>, orderId: string) =>
    readOrderSecrets(`${ORDER_SECRET_COOKIE}=${browser.cookies.get(ORDER_SECRET_COOKIE)}`).get(orderId)!;

  it('hands the buyer the order secret in an HttpOnly cookie and keeps only its hash', async () => {
    const placed = await order('107211Y');
    const [cookie] = (
      await checkout.buyer('POST', '/api/checkout/orders', { product: 'aio', pid: '107216M', email: 'buyer@example.com', locale: 'en' })
    ).headers.getSetCookie();
    // ORDER_TTL_MIN (a day unless configured) plus a day; not Secure on an http:// site.
    expect(cookie).toMatch(new RegExp(`^${ORDER_SECRET_COOKIE}=[^;]+; Path=/; Max-Age=${2 * 24 * 3600}; HttpOnly; SameSite=Lax$`));
    const secret = secretOf(checkout.buyer, placed.id);
    expect(secret).toMatch(/^[\w-]{43}$/);
    const [row] = await checkout.db.query<Record<string, unknown>>('SELECT * FROM checkout.orders WHERE id = $1', [placed.id]);
    expect(row!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(Object.values(row!)).not.toContain(secret);
  });

  it('shows an order to the browser holding its secret, and to no one else: the same 404 as an unknown order', async () => {
    const placed = await order('107211Y');
    const unknown = await read(call, 'ord_AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown).toEqual(UNKNOWN_ORDER);
    expect(await read(call, placed.id)).toEqual(unknown);
    expect(await read(checkout.buyer, placed.id)).toMatchObject({ status: 200, body: { order: { id: placed.id, email: 'buyer@example.com' } } });
    // Another signed-in account, another order's secret, a made-up secret.
    expect(await read(createBrowser(call, { 'rk.session_token': 'mallory' }), placed.id)).toEqual(unknown);
    const other = createBrowser(call);
    const otherOrder = await order('107216M', {}, other);
    expect(await read(other, placed.id)).toEqual(unknown);
    expect(await read(createBrowser(call), otherOrder.id)).toEqual(unknown);
    const forged = (secret: string) => call('GET', `/api/checkout/orders/${placed.id}`, undefined, withSecret(placed.id, secret));
    expect((await forged(secretOf(other, otherOrder.id))).status).toBe(404);
    expect((await forged('A'.repeat(43))).status).toBe(404);
    expect((await forged(secretOf(checkout.buyer, placed.id))).status).toBe(200);
  });

  it('refuses to pay or confirm an order by its id alone, and leaves it unpaid', async () => {
    const placed = await order('10721LFT');
    const stranger = createBrowser(call);
    expect(await pay(placed.id, '4242424242424242', stranger)).toMatchObject(UNKNOWN_ORDER);
    expect(await pay(placed.id, '4000 0027 6000 3184')).toMatchObject({ status: 202 });
    expect(await stranger('POST', '/api/checkout/sandbox/confirm', { order: placed.id, approve: 'true' })).toMatchObject(UNKNOWN_ORDER);
    expect(await licenceCount(placed.id)).toBe(0);
    expect((await checkout.buyer('POST', '/api/checkout/sandbox/confirm', { order: placed.id, approve: 'true' })).body.order).toMatchObject({
      status: 'paid',
    });
  });

  it('keeps showing a guest the order and key after fulfilment made an account for the address', async () => {
    const placed = await order('107211Y', { email: 'guest-keeps-key@example.com' });
    await pay(placed.id, '4242424242424242');
    expect(checkout.account.created).toContain('guest-keeps-key@example.com');
    const [row] = await checkout.db.query<{ user_id: string }>('SELECT user_id FROM checkout.orders WHERE id = $1', [placed.id]);
    expect(row!.user_id).toBe('buyer:guest-keeps-key@example.com');
    expect((await read(checkout.buyer, placed.id)).body.order).toMatchObject({ status: 'paid', licence: { status: 'active' } });
  });

  it(`keeps the secrets of the latest ${ORDER_SECRETS_KEPT} orders of a browser`, async () => {
    const placed: OrderDto[] = [];
    for (let index = 0; index <= ORDER_SECRETS_KEPT; index += 1) placed.push(await order('107211M'));
    expect((await read(checkout.buyer, placed[0]!.id)).status).toBe(404);
    for (const kept of placed.slice(1)) expect((await read(checkout.buyer, kept.id)).status).toBe(200);
  });
});
