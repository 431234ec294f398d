import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import type { OrderSummary } from './orders-contract.ts';

/** A moment as the console shows it: UTC, to the minute, with the exact time for machines. */
export function When({ at }: { at: string | null }) {
  if (!at) return <>—</>;
  return <time dateTime={at}>{`${at.slice(0, 10)} ${at.slice(11, 16)} UTC`}</time>;
}

/** An order's status in the console's language. */
export const statusLabel = (t: TranslateFunction, status: OrderSummary['status']) => t(`status.${status}`);
/** An order's plan and OS, in the checkout's own words for them. */
export const planLabel = (t: TranslateFunction, order: Pick<OrderSummary, 'planType' | 'os'>) =>
  `${t(`checkout:plan_names.${order.planType}`)} · ${t(order.os === 'mac' ? 'checkout:os_mac' : 'checkout:os_win')}`;
