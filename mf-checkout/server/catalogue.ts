import type { Database } from '@reelkeep/platform/host-context';
import { type CampaignCouponDto, type OfferCouponDto, type OfferPlanDto, type PlanOs, type PlanType } from '@reelkeep/shared-contracts';

type Query = Database['query'];

/** A product the checkout sells (docs/commerce.md "Products"). */
export interface ProductRow {
  key: string;
  name: string;
  hasMac: boolean;
}

/** The all-in-one product whose plans every other product falls back to. */
export const DEFAULT_PRODUCT = 'aio';

/** Finds a product; unknown keys are the all-in-one product. */
export async function findProduct(query: Query, key: string | null | undefined): Promise<ProductRow> {
  const rows = await query<{ key: string; name: string; has_mac: boolean }>(
    `SELECT key, name, has_mac FROM checkout.products WHERE key = ANY($1) ORDER BY key = $2 DESC`,
    [[key ?? DEFAULT_PRODUCT, DEFAULT_PRODUCT], key ?? DEFAULT_PRODUCT],
  );
  const row = rows[0]!;
  return { key: row.key, name: row.name, hasMac: row.has_mac };
}

interface PlanDbRow {
  os: PlanOs;
  type: PlanType;
  option_id: number;
  pid: string;
  price_cents: number;
  origin_price_cents: number;
  price_a_cents: number;
  origin_price_a_cents: number;
  price_b_cents: number;
  origin_price_b_cents: number;
  allow_num: number;
  calculation_num: number | null;
  day_num: number;
  is_main: boolean;
}

const dollars = (cents: number) => cents / 100;

function toPlan(row: PlanDbRow): OfferPlanDto {
  return {
    os: row.os,
    type: row.type,
    pid: row.pid,
    price: dollars(row.price_cents),
    originPrice: dollars(row.origin_price_cents),
    priceA: dollars(row.price_a_cents),
    originPriceA: dollars(row.origin_price_a_cents),
    priceB: dollars(row.price_b_cents),
    originPriceB: dollars(row.origin_price_b_cents),
    dayNum: row.day_num,
    calculationNum: row.calculation_num,
    allowNum: row.allow_num,
    isMain: row.is_main,
  };
}

/** A product's plans per OS (the product's own, else `aio`'s: docs/commerce.md "Products"); Mac plans only when the product has a Mac build. */
export async function findPlans(query: Query, product: ProductRow): Promise<{ win: OfferPlanDto[]; mac: OfferPlanDto[] | null }> {
  const rows = await query<PlanDbRow>(
    `SELECT * FROM checkout.plans WHERE product_key = (
       SELECT CASE WHEN EXISTS (SELECT 1 FROM checkout.plans WHERE product_key = $1) THEN $1 ELSE $2 END
     ) ORDER BY os, sort`,
    [product.key, DEFAULT_PRODUCT],
  );
  const plans = rows.map(toPlan);
  const mac = plans.filter((plan) => plan.os === 'mac');
  return { win: plans.filter((plan) => plan.os === 'win'), mac: product.hasMac && mac.length > 0 ? mac : null };
}

/** A coupon with its campaign window, as the campaign squad's API answers it (`campaign-client.ts`). */
export type CouponRow = CampaignCouponDto;

/** Whether a coupon can be redeemed at this moment: only the campaign's real window counts (docs/commerce.md "Coupons"). */
export const isCouponRunning = (coupon: CouponRow, now: number): boolean => now >= coupon.startsAt && now < coupon.endsAt;

/** A coupon as the offer shows it. */
export const toOfferCoupon = ({ code, text, discountCents, allowedTypes, minPriceCents }: CouponRow): OfferCouponDto => ({
  code,
  text,
  discountCents,
  allowedTypes: [...allowedTypes],
  minPriceCents,
});

/** Sources a personal campaign deadline (`ac_source`) may come from; another source changes nothing (docs/commerce.md "Campaign links"). */
export const AC_SOURCES = ['email', 'newsletter', 'app', 'push'] as const;

/**
 * The end the page counts down to: a personal deadline (`ac_endtime`, read by `offerQuerySchema`) from a
 * known `ac_source` may only bring the configured end forward (docs/commerce.md "Campaign links"); it never changes what a coupon
 * is worth or when it stops.
 */
export function displayedCampaignEnd(configuredEnd: number, personalEnd: number | undefined, source: string | undefined): number {
  const fromKnownSource = AC_SOURCES.includes(source as (typeof AC_SOURCES)[number]);
  return fromKnownSource && personalEnd !== undefined && personalEnd < configuredEnd ? personalEnd : configuredEnd;
}
