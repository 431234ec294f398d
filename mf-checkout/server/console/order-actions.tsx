import { z } from 'zod';
import { orderIdInput } from '@reelkeep/shared-contracts';
import { answerSectionRefusal, defineConsoleAction } from '@reelkeep/shared-contracts/console';
import { API, CheckoutUnavailableError, readJson } from './orders-api.ts';
import { orderActionSchema, type OrderAction } from './orders-contract.ts';

/** The permission each action needs (docs/console.md "Roles"). */
export const ACTION_PERMISSIONS = {
  refund: { resource: 'order', action: 'refund' },
  resend: { resource: 'order', action: 'resend' },
  'reset-devices': { resource: 'order', action: 'reset-devices' },
  'revoke-key': { resource: 'order', action: 'revoke-key' },
} as const satisfies Record<OrderAction, { resource: 'order'; action: string }>;

/** The notice an action's redirect asks the order page for. */
export const DONE = { refund: 'refunded', resend: 'resent', 'reset-devices': 'devices_reset', 'revoke-key': 'key_revoked' } as const;

const actionInput = z.object({ order: orderIdInput, confirm: z.literal('yes') });

/** An action taken after its confirmation: done through the checkout's API, audited, then back to the order with a notice. */
export function orderAction(action: OrderAction) {
  return defineConsoleAction({
    path: action,
    permission: ACTION_PERMISSIONS[action],
    input: actionInput,
    async handle(context, input) {
      const { t } = context;
      const response = await context.fetchApi(`${API}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order: input.order }),
      });
      const outcome = await readJson(response, orderActionSchema);
      if (!outcome) throw new CheckoutUnavailableError(`${action} answered ${response.status}`);
      if (!outcome.ok) return answerSectionRefusal(t, outcome.problem, `${context.basePath}/order?id=${encodeURIComponent(input.order)}`);
      await context.audit({ action: `order.${action}`, target: `order:${input.order}`, before: outcome.before, after: outcome.after });
      return { kind: 'redirect', to: `order?id=${encodeURIComponent(input.order)}&done=${DONE[action]}` };
    },
  });
}
