/** Licence plan types (docs/commerce.md "Plans and prices"). */
export const PLAN_TYPES = ['1M', '6M', '1Y', 'LFT', 'LFT_3', 'LFT_5'] as const;
/** One plan type. */
export type PlanType = (typeof PLAN_TYPES)[number];

/** Operating systems plans are sold for, with their option ids (docs/commerce.md "Plans and prices"). */
export const OPTION_IDS = { win: 10721, mac: 10781 } as const;
/** An operating system of the plan table. */
export type PlanOs = keyof typeof OPTION_IDS;

/** One row of the plan table (docs/commerce.md "Plans and prices"), in US dollars. `calculationNum` is null for lifetime plans. */
export interface PlanRow {
  type: PlanType;
  price: number;
  originPrice: number;
  /** Price A and its origin price (docs/commerce.md "Price experiment"): the table gives no A figures, so A sells at the base price. */
  priceA: number;
  originPriceA: number;
  priceB: number;
  originPriceB: number;
  dayNum: number;
  calculationNum: number | null;
  allowNum: number;
  isMain: boolean;
}

/**
 * The plan table of docs/commerce.md "Plans and prices" (Windows and Mac identical). The product table gives no figures for LFT_3 and LFT_5 beyond
 * their device counts; their prices here are the product team's (a per-device discount on LFT).
 */
export const PLAN_TABLE: readonly PlanRow[] = [
  {
    type: '1M',
    price: 29.9,
    originPrice: 29.9,
    priceA: 29.9,
    originPriceA: 29.9,
    priceB: 34.9,
    originPriceB: 34.9,
    dayNum: 30,
    calculationNum: 1,
    allowNum: 1,
    isMain: false,
  },
  {
    type: '6M',
    price: 59.9,
    originPrice: 74.9,
    priceA: 59.9,
    originPriceA: 74.9,
    priceB: 69.9,
    originPriceB: 87.9,
    dayNum: 180,
    calculationNum: 6,
    allowNum: 1,
    isMain: false,
  },
  {
    type: '1Y',
    price: 89.9,
    originPrice: 129.9,
    priceA: 89.9,
    originPriceA: 129.9,
    priceB: 104.9,
    originPriceB: 149.9,
    dayNum: 365,
    calculationNum: 12,
    allowNum: 1,
    isMain: true,
  },
  {
    type: 'LFT',
    price: 149.9,
    originPrice: 299.9,
    priceA: 149.9,
    originPriceA: 299.9,
    priceB: 174.9,
    originPriceB: 349.9,
    dayNum: 1,
    calculationNum: null,
    allowNum: 1,
    isMain: false,
  },
  {
    type: 'LFT_3',
    price: 199.9,
    originPrice: 449.9,
    priceA: 199.9,
    originPriceA: 449.9,
    priceB: 229.9,
    originPriceB: 499.9,
    dayNum: 1,
    calculationNum: null,
    allowNum: 3,
    isMain: false,
  },
  {
    type: 'LFT_5',
    price: 249.9,
    originPrice: 599.9,
    priceA: 249.9,
    originPriceA: 599.9,
    priceB: 289.9,
    originPriceB: 649.9,
    dayNum: 1,
    calculationNum: null,
    allowNum: 5,
    isMain: true,
  },
];

/** The plan id of a type on an OS: option id plus type (docs/commerce.md "Plans and prices"). */
export function toPlanId(os: PlanOs, type: PlanType): string {
  return `${OPTION_IDS[os]}${type}`;
}

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

/** How a locale writes US dollars (CLDR's currency pattern with the narrow `$`, as `Intl.NumberFormat` writes it). */
interface UsdPattern {
  decimal: string;
  group: string;
  /** Digits before the first group separator appears: 2 writes 1234 but 12.345. */
  minimumGroupingDigits: 1 | 2;
  symbolFirst: boolean;
  /** Between the symbol and the number. */
  gap: string;
}

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';
const ENGLISH_USD: UsdPattern = { decimal: '.', group: ',', minimumGroupingDigits: 1, symbolFirst: true, gap: '' };
const USD_PATTERNS: Readonly<Record<string, UsdPattern>> = {
  en: ENGLISH_USD,
  zh: ENGLISH_USD,
  ja: ENGLISH_USD,
  fr: { decimal: ',', group: NARROW_NBSP, minimumGroupingDigits: 1, symbolFirst: false, gap: NBSP },
  de: { decimal: ',', group: '.', minimumGroupingDigits: 1, symbolFirst: false, gap: NBSP },
  es: { decimal: ',', group: '.', minimumGroupingDigits: 2, symbolFirst: false, gap: NBSP },
  it: { decimal: ',', group: '.', minimumGroupingDigits: 2, symbolFirst: false, gap: NBSP },
  pt: { decimal: ',', group: '.', minimumGroupingDigits: 1, symbolFirst: true, gap: NBSP },
};

// Building a number format costs far more than using one: one per other locale, kept.
const USD_FORMATS = new Map<string, Intl.NumberFormat>();
const USD_FORMATS_KEPT = 32;

function formatUsdWithIntl(amount: number, locale: string): string {
  let format = USD_FORMATS.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'zh' ? 'zh-Hant' : locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    if (USD_FORMATS.size < USD_FORMATS_KEPT) USD_FORMATS.set(locale, format);
  }
  return format.format(amount);
}

/**
 * A non-negative amount in whole cents, rounded half away from zero on its shortest decimal form (as ICU
 * rounds: 1.005 is 1.01); null for what that form does not write plainly (exponents, over 10^13).
 */
function roundToDisplayedCents(amount: number): number | null {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(String(amount));
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1 : 0);
}

/**
 * Formats US dollars for a locale (the currency is always the dollar sign: docs/locales.md "Formats"). The
 * site's locales are written from a table, to the character what `Intl.NumberFormat` writes: building the first
 * number format of a page costs the browser a long task while the page hydrates (ICU's locale data), and the
 * server and every browser then write the same text. Other locales go through `Intl.NumberFormat`.
 */
export function formatUsd(amount: number, locale: string): string {
  const pattern = USD_PATTERNS[locale];
  if (!pattern) return formatUsdWithIntl(amount, locale);
  const cents = roundToDisplayedCents(Math.abs(amount));
  if (cents === null) return formatUsdWithIntl(amount, locale);
  const whole = String(Math.floor(cents / 100));
  const grouped =
    whole.length < 4 || (pattern.minimumGroupingDigits === 2 && whole.length < 5) ? whole : whole.replace(/\B(?=(\d{3})+$)/g, pattern.group);
  const number = `${grouped}${pattern.decimal}${String(cents % 100).padStart(2, '0')}`;
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return pattern.symbolFirst ? `${sign}$${pattern.gap}${number}` : `${sign}${number}${pattern.gap}$`;
}

/** Formats cents as US dollars for a locale. */
export const formatCents = (cents: number, locale: string): string => formatUsd(cents / 100, locale);

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

/** A plan's table row by type. */
export function findPlanRow(type: string, table: readonly PlanRow[] = PLAN_TABLE): PlanRow | undefined {
  return table.find((row) => row.type === type);
}

/** Reads text (a link's `plan`, a stored value) as a plan type; null when it is not one. */
export function toPlanType(value: string | null | undefined): PlanType | null {
  return PLAN_TYPES.find((type) => type === value) ?? null;
}

/** Reads a plan id (option id plus type, docs/commerce.md "Plans and prices") back into its OS and type; null when it is not one. */
export function parsePlanId(pid: string): { os: PlanOs; type: PlanType } | null {
  for (const os of Object.keys(OPTION_IDS) as PlanOs[]) {
    const prefix = String(OPTION_IDS[os]);
    const type = pid.startsWith(prefix) ? toPlanType(pid.slice(prefix.length)) : null;
    if (type) return { os, type };
  }
  return null;
}
