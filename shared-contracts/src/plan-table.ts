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
