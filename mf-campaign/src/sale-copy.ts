import {
  PLAN_TABLE,
  formatCents,
  PRICE_VARIANTS,
  pickTopCoupons,
  planPriceCents,
  type CouponRule,
  type PlanRow,
  type PlanType,
} from '@reelkeep/shared-contracts';

/**
 * What a sale's words may claim (docs/campaigns.md "Sale copy"): every figure and every deadline the banner, the
 * coupon modal and the campaign pages say is computed here from the campaign's real coupons, the checkout's plan
 * table and the campaign's end, never written into a translation. Pure: the frame's API and the browser's dialogs
 * call the same functions, and the table tests pin each claim.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Lifetime plan types: the ones a "lifetime licences" claim covers. */
const LIFETIME_TYPES: readonly PlanType[] = ['LFT', 'LFT_3', 'LFT_5'];

/** The largest coupon saving of each plan type, for every price variant a visitor may be shown. */
export interface SavingsSummary {
  /** The largest saving some plan gets, whatever the visitor's price variant; 0 without any usable coupon. */
  maxCents: number;
  /** The plan types that get `maxCents`. */
  maxTypes: PlanType[];
  /** The saving every plan gets at least, for every variant; 0 when some plan gets no coupon. */
  floorCents: number;
}

/**
 * The savings a sale may claim: for each plan and price variant the largest coupon the checkout would take off
 * (the same `pickTopCoupons` it charges with). A claim must hold for every visitor, so a plan's saving is its
 * smallest over the variants.
 */
export function summarizeSavings(coupons: readonly CouponRule[], table: readonly PlanRow[] = PLAN_TABLE): SavingsSummary {
  const savings = table.map((row) => ({
    type: row.type,
    cents: Math.min(
      ...PRICE_VARIANTS.map((variant) => pickTopCoupons(coupons, row.type, planPriceCents(row, variant).priceCents)[0]?.discountCents ?? 0),
    ),
  }));
  const maxCents = Math.max(0, ...savings.map((saving) => saving.cents));
  return {
    maxCents,
    maxTypes: maxCents > 0 ? savings.filter((saving) => saving.cents === maxCents).map((saving) => saving.type) : [],
    floorCents: savings.length > 0 ? Math.min(...savings.map((saving) => saving.cents)) : 0,
  };
}

/** A text to translate: a key of the `campaign` namespace with its values (amounts still in cents). */
export interface SaleText {
  key: string;
  values: Record<string, number>;
}

/** Which plans get the largest saving, as the words say it: only lifetime licences, one plan, or several. */
function toSavingScope(types: readonly PlanType[]): 'lifetime' | 'plan' | 'plans' {
  if (types.every((type) => LIFETIME_TYPES.includes(type)) && types.length === LIFETIME_TYPES.length) return 'lifetime';
  return types.length === 1 ? 'plan' : 'plans';
}

/**
 * The savings line of a sale (`sale.savings_*` keys): the same amount on every plan, the largest saving and where
 * it applies with what every plan gets at least, or only the largest saving; null when no coupon applies (the
 * words then claim no saving at all). `plan` values name a plan type (`sale.plan_names`).
 */
export function describeSavings(summary: SavingsSummary): { key: string; cents: { max: number; floor: number }; plan: PlanType | null } | null {
  if (summary.maxCents === 0) return null;
  const cents = { max: summary.maxCents, floor: summary.floorCents };
  if (summary.floorCents === summary.maxCents) return { key: 'sale.savings_every_plan', cents, plan: null };
  const scope = toSavingScope(summary.maxTypes);
  const plan = scope === 'plan' ? summary.maxTypes[0]! : null;
  return { key: `sale.savings_${scope}${summary.floorCents > 0 ? '_floor' : ''}`, cents, plan };
}

/** The end of the UTC day `now` is in, epoch ms. */
export function toUtcDayEnd(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS) + DAY_MS;
}

/** Whether the sale ends before the current UTC day does: only then may the words say "today only". */
export function isLastDay(endsAt: number, now: number): boolean {
  return now < endsAt && endsAt <= toUtcDayEnd(now);
}

/**
 * How long the sale still runs, in words (`sale.ends_*` keys with `count`, so each locale picks its plural): over,
 * within the hour, in hours (under a day), else in whole days. A cached page may show it a few minutes late, so it
 * never names minutes.
 */
export function describeTimeLeft(endsAt: number, now: number): SaleText {
  const left = endsAt - now;
  if (left <= 0) return { key: 'sale.ended', values: {} };
  if (left < HOUR_MS) return { key: 'sale.ends_within_hour', values: {} };
  if (left < DAY_MS) return { key: 'sale.ends_in_hours', values: { count: Math.floor(left / HOUR_MS) } };
  return { key: 'sale.ends_in_days', values: { count: Math.floor(left / DAY_MS) } };
}

/** What the words of a sale are built from. */
export interface SaleLineInput {
  /** The campaign's headline words in the locale (its `navTitleKey`, else its name): no figures. */
  headline: string;
  coupons: readonly CouponRule[];
  /** The end the visitor is shown (a personal deadline may bring it forward). */
  endsAt: number;
  now: number;
  locale: string;
}

/**
 * The banner's line and the campaign pages' lead: the headline, the savings the coupons really give, and the time
 * left, in the locale (`t` reads the `campaign` namespace). `compact` (the banner, a line above the navigation)
 * leaves out what every plan gets at least: still true, and two lines shorter on a phone.
 */
export function composeSaleLine(
  t: (key: string, options?: Record<string, unknown>) => string,
  input: SaleLineInput,
  { compact = false }: { compact?: boolean } = {},
): string {
  const described = describeSavings(summarizeSavings(input.coupons));
  const savings = described && compact ? { ...described, key: described.key.replace(/_floor$/, '') } : described;
  const timeLeft = describeTimeLeft(input.endsAt, input.now);
  const money = (cents: number) => formatCents(cents, input.locale);
  return t('sale.line', {
    headline: input.headline,
    savings: savings
      ? t(savings.key, {
          max: money(savings.cents.max),
          floor: money(savings.cents.floor),
          plan: savings.plan ? t(`pricing.plan_names.${savings.plan}`) : '',
        })
      : t('sale.savings_none'),
    ends: t(timeLeft.key, timeLeft.values),
  });
}
