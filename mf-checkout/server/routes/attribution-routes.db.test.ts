import { describe, expect, it } from '@jest/globals';
import { checkoutAttributionAnswerSchema } from '@reelkeep/shared-contracts';
import { createBrowser, listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

describe.each(listTestDatabases())('order attribution and the readout figures on %s (docs/experiments.md "Affiliates and ads")', (_kind, open) => {
  const checkout = useSandboxCheckout(open);

  it('records the buyer’s affiliate, ads, first touch and experiment variants on the order, and counts them', async () => {
    const partner = createBrowser(checkout.call, {
      affiliate: '123',
      ad: 'x',
      rk_first_touch: 'af=77&ad=spring',
      sidebarAB: 'b',
      resourceBannerAB: 'a',
      // The price experiment is closed in this context: its cookie is not the order's.
      abPlanPrice: 'price_b',
    });
    const paidOrder = await checkout.order('107211Y', {}, partner);
    expect((await checkout.pay(paidOrder.id, '4242 4242 4242 4242', partner)).status).toBe(200);
    const unpaid = await checkout.order('107216M', {}, createBrowser(checkout.call, { sidebarAB: 'a', ad1: 'g.search-1' }));
    await checkout.order('107216M', {}, createBrowser(checkout.call, { affiliate: '<script>' }));

    const answer = await checkout.call('GET', '/api/checkout/internal/attribution');
    expect(answer.status).toBe(200);
    const report = checkoutAttributionAnswerSchema.parse(answer.body);
    expect(report.experiments).toEqual([
      { experiment: 'resource_banner', variant: 'a', checkouts: 1, orders: 1, revenueCents: 8990 },
      { experiment: 'sidebar', variant: 'a', checkouts: 1, orders: 0, revenueCents: 0 },
      { experiment: 'sidebar', variant: 'b', checkouts: 1, orders: 1, revenueCents: 8990 },
    ]);
    expect(report.affiliates).toEqual([{ affiliate: '123', checkouts: 1, orders: 1, revenueCents: 8990 }]);
    expect(report.ads).toEqual([
      { ad: 'x', checkouts: 1, orders: 1, revenueCents: 8990 },
      { ad: 'g.search-1', checkouts: 1, orders: 0, revenueCents: 0 },
    ]);
    expect(report.recentOrders.find((order) => order.id === paidOrder.id)).toMatchObject({
      status: 'paid',
      affiliate: '123',
      ad: 'x',
      ad1: null,
      firstTouch: 'af=77&ad=spring',
      experiments: { sidebar: 'b', resource_banner: 'a' },
    });
    expect(report.recentOrders.map((order) => order.id)).toContain(unpaid.id);
  });
});
