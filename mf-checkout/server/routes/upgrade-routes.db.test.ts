import { describe, expect, it } from '@jest/globals';
import { ADMIN, createBrowser, listTestDatabases, useSandboxCheckout, type Browser } from '../testing/checkout-harness.ts';

describe.each(listTestDatabases())(
  'spec: upgrade_id / applied_id give upgrade pricing against the existing licence, server-verified, on %s',
  (_kind, open) => {
    const checkout = useSandboxCheckout(open);
    const signedIn = (user: string): Browser => createBrowser(checkout.call, { 'rk.session_token': user });

    /** A paid order of `browser`'s account with its licence; `paidDaysAgo` moves its payment (and expiry) into the past. */
    async function ownLicence(browser: Browser, pid: string, paidDaysAgo = 0): Promise<string> {
      const placed = await checkout.order(pid, {}, browser);
      expect((await checkout.pay(placed.id, '4242424242424242', browser)).body.order).toMatchObject({ status: 'paid' });
      if (paidDaysAgo > 0) {
        const shift = `${paidDaysAgo} days`;
        await checkout.db.query(`UPDATE checkout.orders SET paid_at = paid_at - $2::interval WHERE id = $1`, [placed.id, shift]);
        await checkout.db.query(`UPDATE checkout.licences SET expires_at = expires_at - $2::interval WHERE order_id = $1`, [placed.id, shift]);
      }
      return placed.id;
    }

    const upgrade = (browser: Browser, sourceId: string, pid: string, extra: Record<string, string> = {}) =>
      browser('POST', '/api/checkout/orders', { product: 'aio', pid, locale: 'en', upgradeId: sourceId, appliedId: pid, ...extra });

    const licenceOf = async (orderId: string) =>
      (
        await checkout.db.query<{ status: string; replaced_by: string | null }>(
          'SELECT status, replaced_by FROM checkout.licences WHERE order_id = $1',
          [orderId],
        )
      )[0];

    it('prices a year bought today, upgraded to lifetime, at the difference: 149.90 − 89.90', async () => {
      const alice = signedIn('alice');
      const source = await ownLicence(alice, '107211Y');
      const answer = await upgrade(alice, source, '10721LFT');
      expect(answer.status).toBe(200);
      const order = answer.body.order!;
      expect(order).toMatchObject({ pid: '10721LFT', priceCents: 14990, discountCents: 0 });
      // Bought seconds ago: all of it but the cent its first seconds are worth, rounded down.
      expect(order.creditCents).toBeGreaterThanOrEqual(8989);
      expect(order.creditCents).toBeLessThanOrEqual(8990);
      expect(order.amountCents).toBe(14990 - order.creditCents!);
    });

    it('credits what is left of a subscription: half a year of a year is half its price', async () => {
      const bob = signedIn('bob');
      const source = await ownLicence(bob, '107211Y', 182.5);
      const answer = await upgrade(bob, source, '10721LFT');
      const credit = answer.body.order!.creditCents!;
      // 182.5 of 365 days left, give or take the seconds of the test.
      expect(Math.abs(credit - 4495)).toBeLessThanOrEqual(1);
      expect(answer.body.order!.amountCents).toBe(14990 - credit);
    });

    it('lets the owner see the licence to price against, and nobody else (the same 404 as an unknown order)', async () => {
      const carol = signedIn('carol');
      const source = await ownLicence(carol, '10721LFT');
      const own = await carol('GET', `/api/checkout/upgrade?upgrade_id=${source}`);
      expect(own).toMatchObject({
        status: 200,
        body: { upgrade: { orderId: source, source: { os: 'win', type: 'LFT', paidCents: 14990, expiresAt: null, revoked: false } } },
      });
      expect(own.headers.get('cache-control')).toBe('no-store');
      const unknown = await signedIn('mallory')('GET', '/api/checkout/upgrade?upgrade_id=ord_AAAAAAAAAAAAAAAAAAAAAA');
      expect(unknown).toMatchObject({ status: 404, body: { error: 'upgrade_unknown' } });
      expect(await signedIn('mallory')('GET', `/api/checkout/upgrade?upgrade_id=${source}`)).toMatchObject({ status: 404, body: unknown.body });
      expect(await createBrowser(checkout.call)('GET', `/api/checkout/upgrade?upgrade_id=${source}`)).toMatchObject({
        status: 401,
        body: { error: 'upgrade_sign_in' },
      });
      expect((await carol('GET', '/api/checkout/upgrade?upgrade_id=../../admin')).status).toBe(400);
    });

    it("refuses to price against another account's licence, or for a visitor who is not signed in", async () => {
      const dave = signedIn('dave');
      const source = await ownLicence(dave, '107211Y');
      expect(await upgrade(signedIn('mallory'), source, '10721LFT')).toMatchObject({
        status: 400,
        body: { error: 'upgrade_unknown', field: 'form' },
      });
      expect(await upgrade(createBrowser(checkout.call), source, '10721LFT', { email: 'dave@example.com' })).toMatchObject({
        status: 400,
        body: { error: 'upgrade_sign_in' },
      });
      expect(await licenceOf(source)).toMatchObject({ status: 'active' });
    });

    it.each([
      ['the same plan again', '107211Y', 'upgrade_not_higher'],
      ['a shorter plan', '107216M', 'upgrade_not_higher'],
      ['a plan of the other OS', '10781LFT', 'upgrade_os'],
    ])('refuses a price the rule does not give: %s', async (_case, pid, error) => {
      const erin = signedIn(`erin${pid}`);
      const source = await ownLicence(erin, '107211Y');
      expect(await upgrade(erin, source, pid)).toMatchObject({ status: 400, body: { error, field: 'plan' } });
    });

    it('refuses an ended licence, and a coupon on top of the credit', async () => {
      const frank = signedIn('frank');
      const ended = await ownLicence(frank, '107216M', 200);
      expect(await upgrade(frank, ended, '10721LFT')).toMatchObject({ status: 400, body: { error: 'upgrade_inactive' } });
      const running = await ownLicence(frank, '107211Y');
      expect(await upgrade(frank, running, '10721LFT', { coupon: 'REEL20' })).toMatchObject({
        status: 400,
        body: { error: 'coupon_upgrade', field: 'coupon' },
      });
    });

    it('a paid upgrade replaces the old licence; a refunded upgrade gives it back; the replaced licence cannot be upgraded again', async () => {
      const grace = signedIn('grace');
      const source = await ownLicence(grace, '107211Y');
      const placed = (await upgrade(grace, source, '10721LFT_5')).body.order!;
      expect(placed.amountCents).toBe(24990 - placed.creditCents!);
      expect(placed.creditCents).toBeGreaterThanOrEqual(8989);
      await checkout.pay(placed.id, '4242424242424242', grace);
      expect(await licenceOf(source)).toMatchObject({ status: 'revoked', replaced_by: placed.id });
      expect(await licenceOf(placed.id)).toMatchObject({ status: 'active' });
      expect(await upgrade(grace, source, '10721LFT_5')).toMatchObject({ status: 400, body: { error: 'upgrade_inactive' } });

      const refunded = await checkout.call('POST', '/api/checkout/admin/refund', { order: placed.id }, ADMIN);
      expect(refunded.status).toBe(200);
      expect(await licenceOf(placed.id)).toMatchObject({ status: 'revoked' });
      expect(await licenceOf(source)).toMatchObject({ status: 'active', replaced_by: null });
    });

    it('keeps an order without upgrade_id priced as before, with no credit', async () => {
      const plain = await checkout.order('10721LFT');
      expect(plain).toMatchObject({ priceCents: 14990, creditCents: 0, amountCents: 14990 });
    });
  },
);
