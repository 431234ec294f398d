import type { CheckoutFunnelAnswer } from '@reelkeep/shared-contracts/console';
import { estimateConversion } from '../../api/experiment-statistics.ts';
import type { TimeSeries } from './console-charts.ts';

/*
 * The Experiments section's figures over time (docs/console.md "Experiments"): pure, from the rows the loader read.
 */

/** Exposures of one variant on one UTC day. */
export interface DailyExposure {
  experiment: string;
  variant: string;
  day: string;
  exposed: number;
}

/**
 * Cumulative conversion per variant, day by day (orders up to that day ÷ exposures up to that day, with its 95 %
 * Wilson interval): the readout as it stood at the end of each day. Days before a variant's first exposure are left out.
 */
export function buildConversionSeries(
  experiment: string,
  variants: readonly string[],
  exposures: readonly DailyExposure[],
  funnel: CheckoutFunnelAnswer | null,
): TimeSeries[] {
  const days = [
    ...new Set([
      ...exposures.filter((row) => row.experiment === experiment).map((row) => row.day),
      ...(funnel?.variants ?? []).filter((row) => row.experiment === experiment).map((row) => row.day),
    ]),
  ].sort();
  return variants.map((variant) => {
    let exposed = 0;
    let orders = 0;
    const points: TimeSeries['points'][number][] = [];
    for (const day of days) {
      exposed += exposures.find((row) => row.experiment === experiment && row.variant === variant && row.day === day)?.exposed ?? 0;
      orders += funnel?.variants.find((row) => row.experiment === experiment && row.variant === variant && row.day === day)?.orders ?? 0;
      if (exposed === 0) continue;
      const estimate = estimateConversion({ visitors: exposed, orders });
      points.push({ day, value: estimate.rate, low: estimate.low, high: estimate.high });
    }
    return { label: variant, points };
  });
}

/** One day of the funnel: visits, checkouts, orders, activations. */
export interface FunnelDay {
  day: string;
  visits: number;
  checkouts: number;
  orders: number;
  activations: number;
}

/** The funnel per day: visits from the site's tracking, the rest from the checkout (every day that has any). */
export function buildFunnelDays(visits: readonly { day: string; visits: number }[], funnel: CheckoutFunnelAnswer | null): FunnelDay[] {
  const days = [...new Set([...visits.map((row) => row.day), ...(funnel?.days ?? []).map((row) => row.day)])].sort();
  return days.map((day) => {
    const { checkouts = 0, orders = 0, activations = 0 } = funnel?.days.find((row) => row.day === day) ?? {};
    return { day, visits: visits.find((row) => row.day === day)?.visits ?? 0, checkouts, orders, activations };
  });
}
