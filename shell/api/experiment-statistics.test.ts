import { describe, expect, it } from '@jest/globals';
import { estimateConversion, normalCdf, probabilityBeatsControl } from './experiment-statistics.ts';

/**
 * The worked example of docs/experiments.md "Readout": A has 20 orders from 200 exposed visitors, B 30 from 200.
 * Wilson, z = 1.96: A 10 % [6.57 %, 14.94 %], B 15 % [10.71 %, 20.61 %]. Posteriors Beta(21, 181) and Beta(31, 171):
 * means 0.10396 and 0.15347, variances 0.000459 and 0.000640, z = 0.04950 / 0.03315 = 1.4934, P(B > A) = 0.9323.
 */
describe('readout statistics (docs/experiments.md "Readout")', () => {
  const A = { visitors: 200, orders: 20 };
  const B = { visitors: 200, orders: 30 };

  it('gives each variant its conversion and 95 % Wilson interval', () => {
    const a = estimateConversion(A);
    expect(a.rate).toBe(0.1);
    expect(a.low).toBeCloseTo(0.0657, 4);
    expect(a.high).toBeCloseTo(0.1494, 4);
    const b = estimateConversion(B);
    expect(b.rate).toBe(0.15);
    expect(b.low).toBeCloseTo(0.1071, 4);
    expect(b.high).toBeCloseTo(0.2061, 4);
  });

  it('gives the probability that B beats A, and its complement the other way round', () => {
    expect(probabilityBeatsControl(A, B)).toBeCloseTo(0.9323, 4);
    expect(probabilityBeatsControl(B, A)).toBeCloseTo(0.0677, 4);
  });

  it.each([
    { counts: { visitors: 0, orders: 0 }, expected: { rate: 0, low: 0, high: 1 } },
    { counts: { visitors: 10, orders: 0 }, expected: { rate: 0, low: 0, high: 0.2775 } },
    { counts: { visitors: 2, orders: 5 }, expected: { rate: 1, low: 0.3424, high: 1 } },
  ])('edges: $counts', ({ counts, expected }) => {
    const estimate = estimateConversion(counts);
    expect(estimate.rate).toBe(expected.rate);
    expect(estimate.low).toBeCloseTo(expected.low, 4);
    expect(estimate.high).toBeCloseTo(expected.high, 4);
  });

  it('says nothing either way without data, and the normal function is right', () => {
    expect(probabilityBeatsControl({ visitors: 0, orders: 0 }, { visitors: 0, orders: 0 })).toBeCloseTo(0.5, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
});
