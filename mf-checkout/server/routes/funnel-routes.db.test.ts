import { describe, expect, it } from '@jest/globals';
import { checkoutFunnelAnswerSchema } from '@reelkeep/shared-contracts/console';
import { createBrowser, listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

describe.each(listTestDatabases())('the checkout’s daily figures on %s (docs/console.md "Experiments")', (_kind, open) => {
  const checkout = useSandboxCheckout(open);

  it('counts checkouts, paid orders and first activations per day, and orders per experiment variant', async () => {
    const buyer = createBrowser(checkout.call, { sidebarAB: 'b' });
    const paid = await checkout.order('107211Y', {}, buyer);
    expect((await checkout.pay(paid.id, '4242 4242 4242 4242', buyer)).status).toBe(200);
    await checkout.order('107216M', {}, createBrowser(checkout.call, { sidebarAB: 'a' }));
    const [licence] = await checkout.db.query<{ id: string }>(`SELECT id::text FROM checkout.licences WHERE order_id = $1`, [paid.id]);
    // Two devices of one licence are one activation, on the day of the first.
    for (const device of ['dev-1', 'dev-2'])
      await checkout.db.query(`INSERT INTO checkout.devices (licence_id, device_id) VALUES ($1, $2)`, [licence!.id, device]);

    const answer = await checkout.call('GET', '/api/checkout/internal/funnel?days=7');
    expect(answer.status).toBe(200);
    const figures = checkoutFunnelAnswerSchema.parse(answer.body);
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.days).toEqual([{ day: today, checkouts: 2, orders: 1, activations: 1 }]);
    expect(figures.variants.filter((row) => row.experiment === 'sidebar')).toEqual([
      { experiment: 'sidebar', variant: 'a', day: today, checkouts: 1, orders: 0 },
      { experiment: 'sidebar', variant: 'b', day: today, checkouts: 1, orders: 1 },
    ]);
    expect((await checkout.call('GET', '/api/checkout/internal/funnel?days=0')).status).toBe(400);
  });
});
