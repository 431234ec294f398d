import { readInput, refundRequestSchema, respondJson } from '@reelkeep/shared-contracts';
import type { CheckoutRoute, UseServices } from '../checkout-services.ts';
import { refuseInput } from './answers.ts';

/** The operator's refund (Bearer `ADMIN_TOKEN`, docs/security.md "Admin"): through the provider, then the licence is revoked. */
export function createAdminRoutes(use: UseServices): CheckoutRoute[] {
  const refundRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/admin/refund',
    async handle(request, context) {
      const refusal = await context.authoriseAdmin(request);
      if (refusal) return refusal;
      const input = await readInput(request, refundRequestSchema);
      if (!input.ok) return refuseInput(input);
      const outcome = await use(context).orders.refund(input.data.order);
      return respondJson({ outcome }, outcome === 'refunded' ? 200 : 409);
    },
  };
  return [refundRoute];
}
