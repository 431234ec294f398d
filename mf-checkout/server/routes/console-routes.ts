import { readInput, respondJson } from '@reelkeep/shared-contracts';
import type { CheckoutRoute, UseServices } from '../checkout-services.ts';
import { createOrderConsole } from '../console/order-console.ts';
import { orderRefInput, orderSearchInput, ORDER_ACTIONS } from '../console/orders-contract.ts';
import { refuseInput } from './answers.ts';

const INTERNAL = '/api/checkout/internal/console';

/**
 * The checkout's routes for its console section (docs/console.md "Orders and licences"). Internal: only the host
 * reaches them (`fetchApi`), after the console checked the operator's permission; visitors get 404.
 */
export function createConsoleRoutes(use: UseServices): CheckoutRoute[] {
  const consoleOf = (context: Parameters<CheckoutRoute['handle']>[1]) => createOrderConsole(context.db, use(context).orders);
  const actions = { refund: 'refund', resend: 'resend', 'reset-devices': 'resetDevices', 'revoke-key': 'revokeKey' } as const;
  return [
    {
      method: 'GET',
      path: `${INTERNAL}/orders`,
      async handle(request, context) {
        const input = await readInput(request, orderSearchInput);
        if (!input.ok) return refuseInput(input);
        return respondJson(await consoleOf(context).search(input.data.q), 200, { 'cache-control': 'no-store' });
      },
    },
    {
      method: 'GET',
      path: `${INTERNAL}/order`,
      async handle(request, context) {
        const input = await readInput(request, orderRefInput);
        if (!input.ok) return refuseInput(input);
        const detail = await consoleOf(context).detail(input.data.order);
        return detail ? respondJson(detail, 200, { 'cache-control': 'no-store' }) : respondJson({ cscode: 404, error: 'order_unknown' }, 404);
      },
    },
    ...ORDER_ACTIONS.map((action): CheckoutRoute => ({
      method: 'POST',
      path: `${INTERNAL}/${action}`,
      async handle(request, context) {
        const input = await readInput(request, orderRefInput);
        if (!input.ok) return refuseInput(input);
        const outcome = await consoleOf(context)[actions[action]](input.data.order);
        return respondJson(outcome, outcome.ok ? 200 : outcome.problem === 'not_found' ? 404 : 409);
      },
    })),
  ];
}
