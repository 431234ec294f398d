/**
 * The statistics of the experiment readout (docs/experiments.md "Readout"), apart from any I/O: a variant's
 * conversion with its 95 % Wilson interval, and the probability that a variant converts better than the
 * control, from Beta(1 + orders, 1 + visitors − orders) posteriors compared with a normal approximation.
 */

/** z for a two-sided 95 % interval. */
const Z_95 = 1.959964;

/** Visitors exposed to a variant and the orders among them. */
export interface ConversionCounts {
  visitors: number;
  orders: number;
}

/** A conversion rate and its 95 % interval, as fractions of 1. */
export interface ConversionEstimate {
  rate: number;
  low: number;
  high: number;
}

/**
 * Orders per exposed visitor with the Wilson score interval (it stays inside 0..1 and behaves for small
 * counts). More orders than visitors (orders of visitors whose exposure was not recorded) are capped at the
 * visitors; no visitors gives 0 with the interval 0..1.
 */
export function estimateConversion(counts: ConversionCounts): ConversionEstimate {
  const n = counts.visitors;
  if (n <= 0) return { rate: 0, low: 0, high: 1 };
  const p = Math.min(counts.orders, n) / n;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26: error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const betaMoments = ({ visitors, orders }: ConversionCounts) => {
  const alpha = 1 + Math.min(orders, visitors);
  const beta = 1 + visitors - Math.min(orders, visitors);
  const sum = alpha + beta;
  return { mean: alpha / sum, variance: (alpha * beta) / (sum * sum * (sum + 1)) };
};

/** P(B converts better than A) under uniform priors; 0.5 when neither has data. */
export function probabilityBeatsControl(control: ConversionCounts, variant: ConversionCounts): number {
  const a = betaMoments(control);
  const b = betaMoments(variant);
  return normalCdf((b.mean - a.mean) / Math.sqrt(a.variance + b.variance));
}
