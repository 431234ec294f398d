import {
  checkField,
  couponProblem,
  parsePlanId,
  planPriceCents,
  quotePlan,
  quoteUpgrade,
  toCouponErrorCode,
  type OfferPlanDto,
  type PlanOs,
  type PlanType,
  type PriceVariant,
  type Quote,
  type UpgradeSource,
} from '@reelkeep/shared-contracts';
import { CampaignUnavailableError } from './campaign-client.ts';
import { findPlans, findProduct, isCouponRunning, type CouponRow, type ProductRow } from './catalogue.ts';
import { findUpgradeSource, type Query } from './order-repository.ts';

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
  /** docs/commerce.md "Upgrades": the credit of the licence the order replaces, already taken off `quote.totalCents`. */
  creditCents: number;
  /** The order whose licence is upgraded, or null. */
  upgradeOf: string | null;
}

/**
 * docs/commerce.md "Upgrades": prices an upgrade of the licence of order `upgradeId` to a plan, for the account that
 * owns it only. Somebody else's order, an unpaid one and one that does not exist are the same `upgrade_unknown`.
 */
async function quoteUpgradeOrder(
  query: Query,
  choice: { upgradeId: string; userId: string | null; coupon: string },
  plan: { os: PlanOs; type: PlanType; priceCents: number },
  now: number,
): Promise<{ creditCents: number; totalCents: number } | { problem: OrderProblem }> {
  if (!choice.userId) return { problem: { field: 'form', code: 'upgrade_sign_in' } };
  const source: UpgradeSource | null = await findUpgradeSource(query, choice.upgradeId, choice.userId);
  if (!source) return { problem: { field: 'form', code: 'upgrade_unknown' } };
  // The credit is the upgrade's price cut: a coupon does not come on top of it.
  if (choice.coupon.trim()) return { problem: { field: 'coupon', code: 'coupon_upgrade' } };
  const quote = quoteUpgrade(source, plan, now);
  return 'problem' in quote ? { problem: { field: 'plan', code: quote.problem } } : quote;
}

/**
 * Prices what a visitor chose: the product's plan row, the visitor's A/B variant (read by the caller from the
 * server-set cookie) and a coupon running now (read from the campaign squad by `findCoupon`), or the credit of the
 * licence an upgrade replaces; or the first problem with the choice, in the order the page shows them (plan, e-mail,
 * upgrade, coupon). Any amount the browser sent plays no part.
 */
export async function quoteOrder(
  query: Query,
  choice: { product: string; pid: string; coupon: string; email: string; variant: PriceVariant; upgradeId?: string; userId?: string | null },
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

  if (choice.upgradeId) {
    const upgradeId = choice.upgradeId;
    const priced = quotePlan(row, choice.variant, null);
    const upgrade = await quoteUpgradeOrder(
      query,
      { upgradeId, userId: choice.userId ?? null, coupon: choice.coupon },
      { ...plan, priceCents: priced.priceCents },
      now,
    );
    if ('problem' in upgrade) return upgrade;
    return {
      product,
      plan,
      row,
      coupon: null,
      quote: { ...priced, totalCents: upgrade.totalCents },
      creditCents: upgrade.creditCents,
      upgradeOf: upgradeId,
    };
  }

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
  return { product, plan, row, coupon, quote: quotePlan(row, choice.variant, coupon), creditCents: 0, upgradeOf: null };
}
