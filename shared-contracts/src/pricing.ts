/** Licence plan types (spec §3 "Plan"). */
export const PLAN_TYPES = ['1M', '6M', '1Y', 'LFT', 'LFT_3', 'LFT_5'] as const;
/** One plan type. */
export type PlanType = (typeof PLAN_TYPES)[number];

/** Operating systems plans are sold for, with their option ids (spec §9). */
export const OPTION_IDS = { win: 10721, mac: 10781 } as const;
/** An operating system of the plan table. */
export type PlanOs = keyof typeof OPTION_IDS;

/** One row of the plan table (spec §9), in US dollars. `calculationNum` is null for lifetime plans. */
export interface PlanRow {
  type: PlanType;
  price: number;
  originPrice: number;
  priceB: number;
  originPriceB: number;
  dayNum: number;
  calculationNum: number | null;
  allowNum: number;
  isMain: boolean;
}

/**
 * spec §9 plan table (Windows and Mac identical). The spec gives no figures for LFT_3 and LFT_5 beyond
 * their device counts; their prices here are the product team's (a per-device discount on LFT).
 */
export const PLAN_TABLE: readonly PlanRow[] = [
  { type: '1M', price: 29.9, originPrice: 29.9, priceB: 34.9, originPriceB: 34.9, dayNum: 30, calculationNum: 1, allowNum: 1, isMain: false },
  { type: '6M', price: 59.9, originPrice: 74.9, priceB: 69.9, originPriceB: 87.9, dayNum: 180, calculationNum: 6, allowNum: 1, isMain: false },
  { type: '1Y', price: 89.9, originPrice: 129.9, priceB: 104.9, originPriceB: 149.9, dayNum: 365, calculationNum: 12, allowNum: 1, isMain: true },
  { type: 'LFT', price: 149.9, originPrice: 299.9, priceB: 174.9, originPriceB: 349.9, dayNum: 1, calculationNum: null, allowNum: 1, isMain: false },
  { type: 'LFT_3', price: 199.9, originPrice: 449.9, priceB: 229.9, originPriceB: 499.9, dayNum: 1, calculationNum: null, allowNum: 3, isMain: false },
  { type: 'LFT_5', price: 249.9, originPrice: 599.9, priceB: 289.9, originPriceB: 649.9, dayNum: 1, calculationNum: null, allowNum: 5, isMain: true },
];

/** The plan id of a type on an OS: option id plus type (spec §3 "pid"). */
export function toPlanId(os: PlanOs, type: PlanType): string {
  return `${OPTION_IDS[os]}${type}`;
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** spec §3: discount = whole-number percentage 100 × (1 − price / origin price), rounded to nearest (decisions.md). */
export function computeDiscountPercent(price: number, originPrice: number): number {
  return originPrice > 0 ? Math.round(100 * (1 - price / originPrice)) : 0;
}

/** spec §3: monthly price = price / calculation_num (2 decimals); null for lifetime plans. */
export function computeMonthlyPrice(row: Pick<PlanRow, 'price' | 'calculationNum'>): number | null {
  return row.calculationNum ? roundTo(row.price / row.calculationNum, 2) : null;
}

/** spec §3: unit price = price / (allow_num × calculation_num), 2 decimals; null for lifetime plans. */
export function computeUnitPrice(row: Pick<PlanRow, 'price' | 'calculationNum' | 'allowNum'>): number | null {
  return row.calculationNum ? roundTo(row.price / (row.allowNum * row.calculationNum), 2) : null;
}

/** spec §3: day price = price / (allow_num × day_num), 2 decimals. */
export function computeDayPrice(row: Pick<PlanRow, 'price' | 'dayNum' | 'allowNum'>): number {
  return roundTo(row.price / (row.allowNum * row.dayNum), 2);
}

/** Formats US dollars for a locale (spec §3: the currency is always the dollar sign). */
export function formatUsd(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-Hant' : locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(amount);
}
