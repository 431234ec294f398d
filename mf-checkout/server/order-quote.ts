import {
  checkField,
  couponProblem,
  parsePlanId,
  planPriceCents,
  quotePlan,
  toCouponErrorCode,
  type OfferPlanDto,
  type PlanOs,
  type PlanType,
  type PriceVariant,
  type Quote,
} from '@reelkeep/shared-contracts';
import { CampaignUnavailableError } from './campaign-client.ts';
import { findPlans, findProduct, isCouponRunning, type CouponRow, type ProductRow } from './catalogue.ts';
import type { Query } from './order-repository.ts';

/** A refusal the checkout page shows next to a field (the code is a translation key). */
export interface OrderProblem {
  field: 'plan' | 'coupon' | 'email' | 'form';
  code: string;
}

/** What a new order is for and what it costs, every amount from the server's own tables. */
export interface OrderQuote {
  product: ProductRow;
  plan: { os: PlanOs; type: PlanType };
  row: OfferPlanDto;
  coupon: CouponRow | null;
  quote: Quote;
}

/**
 * Prices what a visitor chose: the product's plan row, the visitor's A/B variant (read by the caller from the
 * server-set cookie) and a coupon running now (read from the campaign squad by `findCoupon`); or the first problem with the choice, in the order the page
 * shows them (plan, e-mail, coupon). Any amount the browser sent plays no part.
 */
export async function quoteOrder(
  query: Query,
  choice: { product: string; pid: string; coupon: string; email: string; variant: PriceVariant },
  now: number,
  findCoupon: (code: string) => Promise<CouponRow | null>,
): Promise<OrderQuote | { problem: OrderProblem }> {
  const refuse = (field: OrderProblem['field'], code: string) => ({ problem: { field, code } });
  const plan = parsePlanId(choice.pid);
  if (!plan) return refuse('plan', 'plan_unknown');
  const product = await findProduct(query, choice.product);
  const plans = await findPlans(query, product);
  const list = plan.os === 'mac' ? plans.mac : plans.win;
  if (!list) return refuse('plan', 'mac_unavailable');
  const row = list.find((candidate) => candidate.type === plan.type);
  if (!row) return refuse('plan', 'plan_unknown');
  if (checkField('email', choice.email) !== 'valid') return refuse('email', choice.email ? 'value' : 'empty');

  let coupon: CouponRow | null = null;
  if (choice.coupon.trim()) {
    try {
      coupon = await findCoupon(choice.coupon);
    } catch (error) {
      if (error instanceof CampaignUnavailableError) return refuse('coupon', 'coupon_unavailable');
      throw error;
    }
    if (!coupon) return refuse('coupon', 'coupon_unknown');
    if (!isCouponRunning(coupon, now)) return refuse('coupon', 'coupon_expired');
    const problem = couponProblem(coupon, plan.type, planPriceCents(row, choice.variant).priceCents);
    if (problem) return refuse('coupon', toCouponErrorCode(problem));
  }
  return { product, plan, row, coupon, quote: quotePlan(row, choice.variant, coupon) };
}
