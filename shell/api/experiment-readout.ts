import { OLD_VISITOR_VARIANT, type CheckoutAttributionAnswer, type ExperimentDefinition } from '@reelkeep/shared-contracts';
import { estimateConversion, probabilityBeatsControl } from './experiment-statistics.ts';

/** One variant's line of the readout (docs/experiments.md "Readout"). */
export interface VariantReadout {
  variant: string;
  /** Exposures recorded: one per consenting visitor, else one per page view. */
  exposed: number;
  checkouts: number;
  orders: number;
  revenueCents: number;
  /** Orders per exposed visitor, and its 95 % interval. */
  conversion: number;
  conversionLow: number;
  conversionHigh: number;
  /** P(this variant converts better than the control, the first variant); null for the control and for `old`. */
  probabilityBeatsControl: number | null;
}

/** One experiment of the readout. */
export interface ExperimentReadout {
  experiment: string;
  version: string;
  open: boolean;
  control: string;
  variants: VariantReadout[];
}

/** Orders and revenue of one affiliate or ad. */
export interface SourceReadout {
  id: string;
  checkouts: number;
  orders: number;
  revenueCents: number;
}

/** The whole readout. `checkoutAvailable`: false when the checkout's figures could not be read (orders show as 0). */
export interface Readout {
  experiments: ExperimentReadout[];
  affiliates: SourceReadout[];
  ads: SourceReadout[];
  recentOrders: CheckoutAttributionAnswer['recentOrders'];
  checkoutAvailable: boolean;
}

/** Exposed visitors per experiment and variant, as the exposure table counts them. */
export interface ExposureCount {
  experiment: string;
  variant: string;
  exposed: number;
}

/**
 * docs/experiments.md "Readout": every experiment of the registry with every variant (and `old` or any other
 * value that has exposures or orders), its exposures, checkouts, orders, revenue, conversion with its
 * interval, and the probability that it beats the control; affiliates and ads by revenue.
 */
export function buildExperimentReadout(input: {
  registry: readonly ExperimentDefinition[];
  exposures: readonly ExposureCount[];
  checkout: CheckoutAttributionAnswer | null;
}): Readout {
  const experiments = input.registry.map((definition): ExperimentReadout => {
    const control = definition.variants[0]!.value;
    const sales = (input.checkout?.experiments ?? []).filter((row) => row.experiment === definition.key);
    const exposures = input.exposures.filter((row) => row.experiment === definition.key);
    const values = [
      ...new Set([
        ...definition.variants.map((variant) => variant.value),
        ...exposures.map((row) => row.variant),
        ...sales.map((row) => row.variant),
      ]),
    ];
    const counted = values.map((variant) => {
      const sold = sales.find((row) => row.variant === variant);
      return {
        variant,
        exposed: exposures.find((row) => row.variant === variant)?.exposed ?? 0,
        checkouts: sold?.checkouts ?? 0,
        orders: sold?.orders ?? 0,
        revenueCents: sold?.revenueCents ?? 0,
      };
    });
    const controlCounts = counted.find((row) => row.variant === control)!;
    const variants = counted.map((row): VariantReadout => {
      const estimate = estimateConversion({ visitors: row.exposed, orders: row.orders });
      const compared =
        row.variant !== control && row.variant !== OLD_VISITOR_VARIANT && definition.variants.some((variant) => variant.value === row.variant);
      return {
        ...row,
        conversion: estimate.rate,
        conversionLow: estimate.low,
        conversionHigh: estimate.high,
        probabilityBeatsControl: compared
          ? probabilityBeatsControl({ visitors: controlCounts.exposed, orders: controlCounts.orders }, { visitors: row.exposed, orders: row.orders })
          : null,
      };
    });
    return { experiment: definition.key, version: definition.version, open: definition.open, control, variants };
  });
  return {
    experiments,
    affiliates: (input.checkout?.affiliates ?? []).map(({ affiliate, ...counts }) => ({ id: affiliate, ...counts })),
    ads: (input.checkout?.ads ?? []).map(({ ad, ...counts }) => ({ id: ad, ...counts })),
    recentOrders: input.checkout?.recentOrders ?? [],
    checkoutAvailable: input.checkout !== null,
  };
}

const CSV_HEADER = [
  'section',
  'experiment',
  'variant',
  'exposed',
  'checkouts',
  'orders',
  'revenue_usd',
  'conversion',
  'conversion_low',
  'conversion_high',
  'p_beats_control',
];

/** A CSV field: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-` or `@` is neutralised for spreadsheets. */
function toCsvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The readout as CSV (docs/experiments.md "Readout"): one line per variant, then per affiliate and per ad. */
export function renderReadoutCsv(readout: Readout): string {
  const lines = [CSV_HEADER];
  for (const experiment of readout.experiments)
    for (const row of experiment.variants)
      lines.push([
        'experiment',
        experiment.experiment,
        row.variant,
        String(row.exposed),
        String(row.checkouts),
        String(row.orders),
        (row.revenueCents / 100).toFixed(2),
        String(round(row.conversion)),
        String(round(row.conversionLow)),
        String(round(row.conversionHigh)),
        row.probabilityBeatsControl === null ? '' : String(round(row.probabilityBeatsControl)),
      ]);
  for (const [section, rows] of [
    ['affiliate', readout.affiliates],
    ['ad', readout.ads],
  ] as const)
    for (const row of rows)
      lines.push([section, row.id, '', '', String(row.checkouts), String(row.orders), (row.revenueCents / 100).toFixed(2), '', '', '', '']);
  return `${lines.map((line) => line.map(toCsvField).join(',')).join('\r\n')}\r\n`;
}
