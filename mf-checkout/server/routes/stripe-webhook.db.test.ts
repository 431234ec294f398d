import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import checkoutApi from '../api.ts';
import { ADMIN, createAccountStandIn, createBrowser, makeCaller, openCheckoutDatabase, type Caller } from '../testing/checkout-harness.ts';
import { startStripeStandIn } from '../testing/stripe-stand-in.ts';

describe('checkout with Stripe (official SDK against a local stand-in, signed webhooks)', () => {
  let db: Database;
  let closeDatabase: () => Promise<void>;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let call: Caller;
  const webhookSecret = 'whsec_test0123456789abcdef';

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: 'sk_test_0123456789abcdef', webhookSecret });
    ({ db, close: closeDatabase } = await openCheckoutDatabase(openTestPglite));
    const context = createTestHostContext(db, {
      module: checkoutApi,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: standIn.url,
      },
      fetchApi: createAccountStandIn().fetchApi,
    });
    call = makeCaller(checkoutApi.routes, context);
  });
  afterAll(async () => {
    await closeDatabase();
    await standIn.close();
  });

  const placeOrder = async (pid = '107211Y') => {
    const browser = createBrowser(call);
    const answer = await browser('POST', '/api/checkout/orders', { product: 'aio', pid, email: 'stripe-buyer@example.com', locale: 'en' });
    expect(answer.status).toBe(200);
    const intent = [...standIn.intents.values()].find((candidate) => candidate.metadata.order_id === answer.body.order!.id)!;
    return { order: answer.body.order!, intent, clientSecret: (answer.body.payment as { clientSecret: string }).clientSecret, browser };
  };
  const deliver = (delivery: { payload: string; signature: string }) =>
    call('POST', '/api/checkout/stripe/webhook', delivery.payload, { 'stripe-signature': delivery.signature, 'content-type': 'application/json' });
  const licences = async (orderId: string) =>
    db.query<{ key: string; status: string }>('SELECT key, status FROM checkout.licences WHERE order_id = $1', [orderId]);

  it('creates a PaymentIntent for the server-computed amount and hands the browser its client secret', async () => {
    const { order, intent, clientSecret } = await placeOrder();
    expect(intent).toMatchObject({ amount: 8990, currency: 'usd', metadata: { order_id: order.id } });
    expect(clientSecret).toBe(intent.client_secret);
  });

  it('refuses a webhook whose signature is wrong', async () => {
    const { intent } = await placeOrder();
    const delivery = standIn.signEvent('payment_intent.succeeded', standIn.succeed(intent.id));
    expect(
      (await deliver({ ...delivery, signature: delivery.signature.replace(/v1=(\w)/, (_match, first: string) => `v1=${first === '0' ? '1' : '0'}`) }))
        .status,
    ).toBe(400);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: delivery.payload, secret: 'whsec_someone_else_000' });
    expect((await deliver({ payload: delivery.payload, signature: forged })).status).toBe(400);
  });

  it('fulfils once whatever arrives first and however often: return page, webhook, replay, a second event for the same payment', async () => {
    const { order, intent, browser } = await placeOrder();
    standIn.succeed(intent.id);
    // The return page comes first (the browser is faster than the webhook).
    expect((await browser('GET', `/api/checkout/orders/${order.id}`)).body.order!.status).toBe('paid');
    const delivery = standIn.signEvent('payment_intent.succeeded', intent);
    expect((await deliver(delivery)).body).toMatchObject({ received: true });
    expect((await deliver(delivery)).body).toMatchObject({ received: true, replayed: true });
    expect((await deliver(standIn.signEvent('payment_intent.succeeded', intent))).body).toMatchObject({ received: true });
    expect(await licences(order.id)).toHaveLength(1);
  });

  it('fulfils from the webhook alone, and a refund (admin API, then its charge.refunded event) revokes the licence', async () => {
    const { order, intent } = await placeOrder('10721LFT_5');
    expect((await deliver(standIn.signEvent('payment_intent.succeeded', standIn.succeed(intent.id)))).status).toBe(200);
    expect(await licences(order.id)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect((await call('POST', '/api/checkout/admin/refund', { order: order.id }, ADMIN)).status).toBe(200);
    expect(standIn.chargeOf(intent.id)?.refunded).toBe(true);
    expect((await deliver(standIn.signEvent('charge.refunded', standIn.chargeOf(intent.id)))).status).toBe(200);
    expect(await licences(order.id)).toEqual([expect.objectContaining({ status: 'revoked' })]);
  });

  it('gives no licence when the refund event overtakes the payment event', async () => {
    const { order, intent, browser } = await placeOrder();
    const succeeded = standIn.succeed(intent.id);
    await call('POST', '/api/checkout/admin/refund', { order: order.id }, ADMIN);
    const charge = { ...standIn.chargeOf(intent.id)!, refunded: true };
    expect((await deliver(standIn.signEvent('charge.refunded', charge))).status).toBe(200);
    await deliver(standIn.signEvent('payment_intent.succeeded', succeeded));
    expect((await browser('GET', `/api/checkout/orders/${order.id}`)).body.order!.status).toBe('refunded');
    expect(await licences(order.id)).toHaveLength(0);
  });

  it('fails an order whose PaymentIntent was canceled (webhook, or the next look at the order)', async () => {
    const first = await placeOrder();
    await deliver(standIn.signEvent('payment_intent.canceled', standIn.cancel(first.intent.id)));
    expect((await first.browser('GET', `/api/checkout/orders/${first.order.id}`)).body.order).toMatchObject({ status: 'failed', licence: null });
    const second = await placeOrder();
    standIn.cancel(second.intent.id);
    expect((await second.browser('GET', `/api/checkout/orders/${second.order.id}`)).body.order!.status).toBe('failed');
  });

  it('records a declined card on the unpaid order', async () => {
    const { order, intent, browser } = await placeOrder();
    await deliver(standIn.signEvent('payment_intent.payment_failed', standIn.decline(intent.id)));
    expect((await browser('GET', `/api/checkout/orders/${order.id}`)).body.order).toMatchObject({
      status: 'pending',
      failureCode: 'generic_decline',
      licence: null,
    });
  });

  it('honours a payment whose success arrives after its order failed (events out of order): paid, one licence', async () => {
    const { order, intent, browser } = await placeOrder();
    const canceled = standIn.signEvent('payment_intent.canceled', {
      ...standIn.intents.get(intent.id)!,
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect((await deliver(canceled)).status).toBe(200);
    expect((await db.query<{ status: string }>('SELECT status FROM checkout.orders WHERE id = $1', [order.id]))[0]!.status).toBe('failed');
    expect((await deliver(standIn.signEvent('payment_intent.succeeded', standIn.succeed(intent.id)))).body).toEqual({ received: true });
    expect((await browser('GET', `/api/checkout/orders/${order.id}`)).body.order).toMatchObject({ status: 'paid', failureCode: null });
    expect(await licences(order.id)).toEqual([expect.objectContaining({ status: 'active' })]);
  });
});
