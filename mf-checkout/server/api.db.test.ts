import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseSquadSettings } from '@reelkeep/platform/config';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { acceptApiModule } from '@reelkeep/platform/squad-api-contract';
import { startTestGateway } from '@reelkeep/platform/testing/gateway-server';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { orderAnswerSchema } from '@reelkeep/shared-contracts';
import checkoutApi, { createCheckoutApi } from './api.ts';
import { ORDER_SECRET_COOKIE } from './order-access.ts';

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_test0123456789abcdef',
};
const settingsOf = (env: Record<string, string>) => parseSquadSettings('checkout', checkoutApi.settings, env);

describe('the checkout API module', () => {
  it('passes the contract check the build, the promotion and the host run', () => {
    expect(acceptApiModule('checkout', { default: checkoutApi })).toBe(checkoutApi);
    expect(acceptApiModule('checkout', createCheckoutApi({ beforeFulfil: () => undefined })).routes).toHaveLength(checkoutApi.routes.length);
    expect(() => acceptApiModule('account', checkoutApi)).toThrow(/not of account/);
  });

  it('reads its settings with the defaults the host configuration had; an empty value is unset', () => {
    expect(settingsOf({ STRIPE_SECRET_KEY: '', CHECKOUT_RATE_LIMIT: '' })).toEqual({
      PAYMENT_PROVIDER: 'sandbox',
      CHECKOUT_RATE_LIMIT: 20,
      LICENCE_RATE_LIMIT: 60,
      LICENCE_MAX_DEACTIVATIONS: 5,
      ORDER_TTL_MIN: 1440,
    });
    expect(settingsOf({ PAYMENT_PROVIDER: 'stripe', ...STRIPE_KEYS, STRIPE_API_URL: 'http://127.0.0.1:12111', ORDER_TTL_MIN: '60' })).toMatchObject({
      PAYMENT_PROVIDER: 'stripe',
      ...STRIPE_KEYS,
      ORDER_TTL_MIN: 60,
    });
  });

  it('refuses Stripe without its three keys, and keys of the wrong kind, naming each variable', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        settingsOf(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const missing = refusal({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: STRIPE_KEYS.STRIPE_SECRET_KEY });
    expect(missing).toMatch(/checkout/);
    expect(missing).toMatch(/STRIPE_PUBLISHABLE_KEY: is required when PAYMENT_PROVIDER is stripe/);
    expect(missing).toMatch(/STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER is stripe/);
    expect(missing).not.toMatch(/STRIPE_SECRET_KEY/);
    expect(refusal({ STRIPE_SECRET_KEY: 'pk_test_0123456789abcdef' })).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(refusal({ PAYMENT_PROVIDER: 'paypal' })).toMatch(/PAYMENT_PROVIDER/);
    expect(refusal({ LICENCE_MAX_DEACTIVATIONS: '0' })).toMatch(/LICENCE_MAX_DEACTIVATIONS/);
  });

  it("asks the Content-Security-Policy for Stripe's origins only when Stripe is the provider", () => {
    expect(checkoutApi.browserOrigins(settingsOf({}))).toEqual({});
    expect(checkoutApi.browserOrigins(settingsOf({ PAYMENT_PROVIDER: 'stripe', ...STRIPE_KEYS }))).toEqual({
      script: ['https://js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
      payment: ['https://js.stripe.com'],
    });
  });
});

describe('the checkout API behind the host gateway', () => {
  let db: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    db = await openTestPglite();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await applyMigrations(db, checkoutApi.squad, path.join(import.meta.dirname, 'migrations'));
    gateway = await startTestGateway([{ module: checkoutApi, context: createTestHostContext(db, { module: checkoutApi }) }]);
  });
  afterAll(async () => {
    await gateway.close();
    await db.close();
  });

  const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.origin}${pathname}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it("takes an order from the site's own page and opens it to the browser holding its secret cookie", async () => {
    const placed = await post(
      '/api/checkout/orders',
      JSON.stringify({ product: 'aio', pid: '107211Y', email: 'gateway@example.com', locale: 'en' }),
      { origin: gateway.origin },
    );
    expect(placed.status).toBe(200);
    const { order } = orderAnswerSchema.parse(await placed.json());
    const [cookie] = placed.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${ORDER_SECRET_COOKIE}=`));
    const read = (headers: Record<string, string>) => fetch(`${gateway.origin}/api/checkout/orders/${order.id}`, { headers });
    expect((await read({ cookie: cookie!.split(';')[0]! })).status).toBe(200);
    expect((await read({})).status).toBe(404);
  });

  it('keeps the state-changing routes to the site, and lets the machine clients in from anywhere', async () => {
    const foreign = { origin: 'https://evil.example' };
    expect(await (await post('/api/checkout/orders', '{}', foreign)).json()).toMatchObject({ cscode: 403, error: 'foreign_origin' });
    expect((await post('/api/checkout/coupon', '{}', foreign)).status).toBe(403);
    // The desktop app sends no Origin; its refusal is the route's own, not the gateway's.
    expect(
      await (
        await post('/api/checkout/licence/validate', JSON.stringify({ key: 'RK-7K2QD-M4X9P-0TQ3V-HB6ZC', device_id: 'device-aaaa-1111' }))
      ).json(),
    ).toEqual({ ok: false, error: 'invalid_key' });
    expect((await post('/api/checkout/licence/activate', '{}', foreign)).status).toBe(400);
  });

  it('reads a Stripe event larger than a form, and nothing that large anywhere else', async () => {
    const large = JSON.stringify({ padding: 'x'.repeat(100 * 1024) });
    // The sandbox has no webhook: the route's own 404 shows the body got through.
    expect(await (await post('/api/checkout/stripe/webhook', large)).json()).toEqual({ error: 'not_found' });
    expect((await post('/api/checkout/coupon', large, { origin: gateway.origin })).status).toBe(413);
  });
});

describe('who may call the checkout routes (docs/commerce.md "Callers")', () => {
  it('lets the machine clients call from anywhere and keeps every other state-changing route to the site', () => {
    const routes = checkoutApi.routes.filter((route) => route.method !== 'GET');
    expect(Object.fromEntries(routes.map((route) => [route.path, route.callers ?? 'site']))).toEqual({
      '/api/checkout/coupon': 'site',
      '/api/checkout/orders': 'site',
      '/api/checkout/sandbox/pay': 'site',
      '/api/checkout/sandbox/confirm': 'site',
      '/api/checkout/stripe/webhook': 'any',
      '/api/checkout/my-devices/deactivate': 'site',
      '/api/checkout/admin/refund': 'site',
      '/api/checkout/licence/activate': 'any',
      '/api/checkout/licence/validate': 'any',
      '/api/checkout/licence/deactivate': 'any',
      // The console's Orders section, called by the host after its permission check (docs/console.md "Orders and licences").
      '/api/checkout/internal/console/refund': 'site',
      '/api/checkout/internal/console/resend': 'site',
      '/api/checkout/internal/console/reset-devices': 'site',
      '/api/checkout/internal/console/revoke-key': 'site',
    });
    // Stripe's events may be larger than a form; every other route keeps the gateway's default limit.
    expect(Object.fromEntries(routes.filter((route) => route.maxBodyBytes !== undefined).map((route) => [route.path, route.maxBodyBytes]))).toEqual({
      '/api/checkout/stripe/webhook': 512 * 1024,
    });
  });
});
