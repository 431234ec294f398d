import { readInput, refundRequestSchema, respondJson } from '@reelkeep/shared-contracts';
import type { CheckoutRoute, UseServices } from '../checkout-services.ts';
import { refuseInput } from './answers.ts';

/** The operator's refund (an API key or console session with `order:refund`, docs/console.md "The console API"): through the provider, then the licence is revoked. */
export function createAdminRoutes(use: UseServices): CheckoutRoute[] {
  const refundRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/admin/refund',
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'order', action: 'refund' });
      if (refusal) return refusal;
      const input = await readInput(request, refundRequestSchema);
      if (!input.ok) return refuseInput(input);
      const outcome = await use(context).orders.refund(input.data.order);
      return respondJson({ outcome }, outcome === 'refunded' ? 200 : 409);
    },
  };
  return [refundRoute];
}
