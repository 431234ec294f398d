import { checkoutAccountAnswerSchema, parseJsonAnswer } from '@reelkeep/shared-contracts';
import type { HostContext } from '@reelkeep/platform/host-context';
import type { OrderRow } from './order-repository.ts';

/**
 * The account a visitor's order joins: the order's own, else the one mf-account makes for the address (it
 * mails a set-password link) or already has. Null when the account squad cannot say: the licence is still
 * issued and mailed, and the order joins an account when one is made for the address.
 */
export async function joinBuyerAccount(context: Pick<HostContext, 'fetchApi' | 'logger'>, order: OrderRow): Promise<string | null> {
  if (order.user_id) return order.user_id;
  try {
    const answer = await context.fetchApi('/api/account/internal/checkout-account', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: order.email, locale: order.locale }),
    });
    if (!answer.ok) throw new Error(`account API answered ${answer.status}`);
    const account = parseJsonAnswer(checkoutAccountAnswerSchema, await answer.json());
    if (!account) throw new Error('account API answered no account');
    return account.userId;
  } catch (error) {
    context.logger.warn('could not make an account for a checkout buyer', { orderId: order.id, error: String(error) });
    return null;
  }
}
