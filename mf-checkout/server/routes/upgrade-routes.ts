import { readInput, readSignedInUser, respondJson, upgradeQuerySchema, type UpgradeOfferDto } from '@reelkeep/shared-contracts';
import type { CheckoutRoute } from '../checkout-services.ts';
import { findUpgradeSource } from '../order-repository.ts';
import { refuseInput } from './answers.ts';

/** Nothing of an upgrade may be kept by a cache: it is one customer's licence. */
const PRIVATE = { 'cache-control': 'no-store' };

/**
 * `GET /api/checkout/upgrade?upgrade_id=<order>` (docs/commerce.md "Upgrades"): the licence of one of the signed-in
 * customer's paid orders, for the checkout page to price each plan against. Signed out: 401 `upgrade_sign_in`.
 * Another account's order, an unpaid one and an unknown id are the same 404 `upgrade_unknown`.
 */
export function createUpgradeRoutes(): CheckoutRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/checkout/upgrade',
      async handle(request, context) {
        const input = await readInput(request, upgradeQuerySchema);
        if (!input.ok) return refuseInput(input, { upgrade_id: 'upgrade_unknown' });
        const user = await readSignedInUser(request, context.fetchApi);
        if (!user) return respondJson({ cscode: 401, error: 'upgrade_sign_in' }, 401, PRIVATE);
        const source = await findUpgradeSource(context.db.query, input.data.upgrade_id, user.id);
        if (!source) return respondJson({ cscode: 404, error: 'upgrade_unknown' }, 404, PRIVATE);
        const upgrade: UpgradeOfferDto = { orderId: input.data.upgrade_id, source };
        return respondJson({ cscode: 200, upgrade }, 200, PRIVATE);
      },
    },
  ];
}
