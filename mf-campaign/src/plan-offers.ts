import {
  PLAN_TABLE,
  planPriceCents,
  pickTopCoupons,
  computeDiscountPercent,
  toPlanId,
  type CampaignCouponDto,
  type PlanOs,
  type PlanRow,
  type PlanType,
  type PriceVariant,
} from '@reelkeep/shared-contracts';
import { isCampaignRunning, type CampaignWindow } from './campaign-rules.ts';

/**
 * What the pricing and special-offer pages sell (docs/campaigns.md "Campaign pages"): the plans of the
 * checkout's table for one OS, each with the largest coupon of the running campaign that applies to it, priced
 * with the same pure functions the checkout charges with, so the page shows what the checkout will charge.
 */

/** A plan as the campaign pages show it, with the coupon the checkout link applies. */
export interface PlanOffer {
  type: PlanType;
  os: PlanOs;
  pid: string;
  allowNum: number;
  /** Months of a subscription; null for lifetime plans. */
  months: number | null;
  isMain: boolean;
  originCents: number;
  priceCents: number;
  /** Whole percentage of the price against the origin price. */
  discountPercent: number;
  /** The largest running coupon that applies to this plan at this price, or null. */
  coupon: CampaignCouponDto | null;
  /** What the buyer pays with the coupon. */
  totalCents: number;
  /** The total spread over the months of a subscription; null for lifetime plans. */
  monthlyCents: number | null;
  /** The whole saving against the origin price, coupon included. */
  savedCents: number;
}

/** A campaign as the offers read it: its window and its coupons. */
export type CampaignWithCoupons = CampaignWindow & { coupons: readonly CampaignCouponDto[] };

/**
 * The coupons a page may apply: the shown coupons of a campaign that runs now, in real time. A `start_time`
 * preview shows a campaign before it starts, but its coupons only count inside its window (docs/commerce.md
 * "Campaign links"), and an expired campaign never gives a coupon.
 */
export function applicableCoupons(campaign: CampaignWithCoupons | null, now: number): CampaignCouponDto[] {
  if (!campaign || !isCampaignRunning(campaign, now)) return [];
  return campaign.coupons.filter((coupon) => coupon.show);
}

/** One plan priced for a variant with the best of these coupons. */
export function toPlanOffer(row: PlanRow, os: PlanOs, variant: PriceVariant, coupons: readonly CampaignCouponDto[]): PlanOffer {
  const { priceCents, originCents } = planPriceCents(row, variant);
  const coupon = pickTopCoupons(coupons, row.type, priceCents)[0] ?? null;
  const totalCents = priceCents - (coupon?.discountCents ?? 0);
  return {
    type: row.type,
    os,
    pid: toPlanId(os, row.type),
    allowNum: row.allowNum,
    months: row.calculationNum,
    isMain: row.isMain,
    originCents,
    priceCents,
    discountPercent: computeDiscountPercent(priceCents, originCents),
    coupon,
    totalCents,
    monthlyCents: row.calculationNum === null ? null : Math.round(totalCents / row.calculationNum),
    savedCents: originCents - totalCents,
  };
}

/** Every plan of the table for an OS, in the table's order, priced for a variant with the campaign's coupons. */
export function listPlanOffers(campaign: CampaignWithCoupons | null, os: PlanOs, variant: PriceVariant, now: number): PlanOffer[] {
  const coupons = applicableCoupons(campaign, now);
  return PLAN_TABLE.map((row) => toPlanOffer(row, os, variant, coupons));
}

/** A link's `os`: the Mac when it says so, else Windows (the pages open on Windows, as the checkout does). */
export function readPlanOs(value: string | null | undefined): PlanOs {
  return value === 'mac' ? 'mac' : 'win';
}

/**
 * The checkout link of a plan: the plan, the OS, the coupon the page applied and where the visitor came from
 * (docs/commerce.md "Campaign links"); the checkout checks the coupon again at the visitor's price.
 */
export function toPlanCheckoutHref(prefix: string, offer: Pick<PlanOffer, 'type' | 'os' | 'coupon'>, source: string): string {
  const query = new URLSearchParams({ plan: offer.type, os: offer.os });
  if (offer.coupon) query.set('coupon', offer.coupon.code);
  query.set('source', source);
  return `${prefix}/checkout?${query}`;
}
