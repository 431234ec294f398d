import { formatCents } from './usd-format.ts';
import type { PlanRow, PlanType } from './plan-table.ts';

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** docs/commerce.md "Derived prices": discount = whole-number percentage 100 × (1 − price / origin price), rounded to nearest. */
export function computeDiscountPercent(price: number, originPrice: number): number {
  return originPrice > 0 ? Math.round(100 * (1 - price / originPrice)) : 0;
}

/** docs/commerce.md "Derived prices": monthly price = price / calculation_num (2 decimals); null for lifetime plans. */
export function computeMonthlyPrice(row: Pick<PlanRow, 'price' | 'calculationNum'>): number | null {
  return row.calculationNum ? roundTo(row.price / row.calculationNum, 2) : null;
}

/** docs/commerce.md "Derived prices": unit price = price / (allow_num × calculation_num), 2 decimals; null for lifetime plans. */
export function computeUnitPrice(row: Pick<PlanRow, 'price' | 'calculationNum' | 'allowNum'>): number | null {
  return row.calculationNum ? roundTo(row.price / (row.allowNum * row.calculationNum), 2) : null;
}

/** docs/commerce.md "Derived prices": day price = price / (allow_num × day_num), 2 decimals. */
export function computeDayPrice(row: Pick<PlanRow, 'price' | 'dayNum' | 'allowNum'>): number {
  return roundTo(row.price / (row.allowNum * row.dayNum), 2);
}

/**
 * The price variant (docs/commerce.md "Price experiment"), as the `abPlanPrice` cookie names it: `old` (and `new`) see the base prices,
 * `price_a` price A, `price_b` price B. Anything else reads as the base.
 */
export const PRICE_VARIANTS = ['old', 'new', 'price_a', 'price_b'] as const;
/** A value of the `abPlanPrice` cookie. */
export type PriceVariant = (typeof PRICE_VARIANTS)[number];
/** Name of the A/B price cookie and store value (docs/commerce.md "Price experiment"). */
export const PRICE_VARIANT_COOKIE = 'abPlanPrice';

/** Reads a cookie or query value as a price variant; unknown values are `old` (base prices). */
export function toPriceVariant(value: string | null | undefined): PriceVariant {
  return PRICE_VARIANTS.includes(value as PriceVariant) ? (value as PriceVariant) : 'old';
}

/** docs/commerce.md "Price experiment": value 0 base prices, 1 price A with origin_priceA, any other positive value price B. */
export function variantIndex(variant: PriceVariant): 0 | 1 | 2 {
  return variant === 'price_a' ? 1 : variant === 'price_b' ? 2 : 0;
}

/** Whole cents of a dollar amount of the table (no float drift: 89.9 → 8990). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Price and origin price of a plan for a visitor's variant, in cents. */
export function planPriceCents(row: PlanRow, variant: PriceVariant): { priceCents: number; originCents: number } {
  const index = variantIndex(variant);
  if (index === 1) return { priceCents: toCents(row.priceA), originCents: toCents(row.originPriceA) };
  if (index === 2) return { priceCents: toCents(row.priceB), originCents: toCents(row.originPriceB) };
  return { priceCents: toCents(row.price), originCents: toCents(row.originPrice) };
}

/** What decides whether a coupon applies (docs/commerce.md "Coupons": discount, allowed types, minimum price). */
export interface CouponRule {
  code: string;
  discountCents: number;
  /** Plan types the coupon is for; empty means every type. */
  allowedTypes: readonly PlanType[];
  /** `allow_price` (docs/commerce.md "Coupons"): the plan price must be at least this. */
  minPriceCents: number;
}

/** Why a coupon does not apply to a plan: no usable discount, another plan type, or a plan price too low. */
export type CouponProblem = 'invalid' | 'type' | 'min_price';

/** Why a coupon does not apply to a plan, or null when it does. */
export function couponProblem(coupon: CouponRule, type: PlanType, priceCents: number): CouponProblem | null {
  if (!Number.isInteger(coupon.discountCents) || coupon.discountCents <= 0) return 'invalid';
  if (coupon.allowedTypes.length > 0 && !coupon.allowedTypes.includes(type)) return 'type';
  // A coupon never takes a plan to zero or below: it must leave at least a cent to pay.
  if (priceCents < coupon.minPriceCents || coupon.discountCents >= priceCents) return 'min_price';
  return null;
}

/** The amounts of one line: the only place a charged price is computed (server) and shown (browser). */
export interface Quote {
  originCents: number;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  /** Whole-number percentage of the plan price against its origin price. */
  discountPercent: number;
}

/** Prices a plan for a variant with an optional coupon that has already been found valid for the moment. */
export function quotePlan(row: PlanRow, variant: PriceVariant, coupon: CouponRule | null): Quote {
  const { priceCents, originCents } = planPriceCents(row, variant);
  const discountCents = coupon && couponProblem(coupon, row.type, priceCents) === null ? coupon.discountCents : 0;
  return {
    originCents,
    priceCents,
    discountCents,
    totalCents: priceCents - discountCents,
    discountPercent: computeDiscountPercent(priceCents, originCents),
  };
}

/**
 * The codes a refused coupon is answered with (`POST /api/checkout/coupon`, `POST /api/checkout/orders`), each
 * a translation key under `errors.` of the checkout namespace.
 */
export const COUPON_ERROR_CODES = ['coupon_unknown', 'coupon_expired', 'coupon_plan', 'coupon_min_price'] as const;
/** One coupon refusal code. */
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

const COUPON_ERROR_BY_PROBLEM: Record<CouponProblem, CouponErrorCode> = {
  // A coupon without a usable discount is one we do not know, as far as the buyer can tell.
  invalid: 'coupon_unknown',
  type: 'coupon_plan',
  min_price: 'coupon_min_price',
};

/** The code the server answers and the page shows for a coupon that does not apply to the chosen plan. */
export function toCouponErrorCode(problem: CouponProblem): CouponErrorCode {
  return COUPON_ERROR_BY_PROBLEM[problem];
}

/**
 * How a coupon is described to the buyer ('$discount off' and its condition: docs/commerce.md "Coupons"): translation keys of the
 * checkout namespace with their values, the amounts already formatted for the locale.
 */
export interface CouponDescription {
  /** `coupon_off`: '$20 off'. */
  headline: { key: 'coupon_off'; values: { amount: string } };
  /** `coupon_any` (every plan) or `coupon_types` (the lifetime plans the typed coupons are sold for), from a minimum price. */
  condition: { key: 'coupon_any' | 'coupon_types'; values: { min: string } };
}

/** Describes a coupon for a locale (the chips of the checkout page). */
export function describeCoupon(coupon: CouponRule, locale: string): CouponDescription {
  return {
    headline: { key: 'coupon_off', values: { amount: formatCents(coupon.discountCents, locale) } },
    condition: { key: coupon.allowedTypes.length > 0 ? 'coupon_types' : 'coupon_any', values: { min: formatCents(coupon.minPriceCents, locale) } },
  };
}

/** docs/commerce.md "Coupons": coupons shown as '$discount off', sorted by discount, at most 3. */
export const MAX_COUPONS_SHOWN = 3;

/** The coupons to show for a plan price: the ones that apply, largest discount first, at most 3. */
export function pickTopCoupons<C extends CouponRule>(coupons: readonly C[], type: PlanType, priceCents: number): C[] {
  return coupons
    .filter((coupon) => couponProblem(coupon, type, priceCents) === null)
    .sort((a, b) => b.discountCents - a.discountCents)
    .slice(0, MAX_COUPONS_SHOWN);
}
