import { describe, expect, it } from '@jest/globals';
import { computeDayPrice, computeDiscountPercent, computeMonthlyPrice, computeUnitPrice, formatUsd, PLAN_TABLE, toPlanId } from './pricing.ts';

const row = (type: string) => PLAN_TABLE.find((plan) => plan.type === type)!;

describe('spec §9 plan table and derived prices', () => {
  it('reproduces the table', () => {
    expect(PLAN_TABLE.slice(0, 4).map(({ type, price, originPrice, priceB, originPriceB, dayNum, calculationNum, allowNum }) => [type, price, originPrice, priceB, originPriceB, dayNum, calculationNum, allowNum])).toEqual([
      ['1M', 29.9, 29.9, 34.9, 34.9, 30, 1, 1],
      ['6M', 59.9, 74.9, 69.9, 87.9, 180, 6, 1],
      ['1Y', 89.9, 129.9, 104.9, 149.9, 365, 12, 1],
      ['LFT', 149.9, 299.9, 174.9, 349.9, 1, null, 1],
    ]);
    expect(row('LFT_3').allowNum).toBe(3);
    expect(row('LFT_5').allowNum).toBe(5);
    expect(PLAN_TABLE.filter((plan) => plan.isMain).map((plan) => plan.type)).toEqual(['1Y', 'LFT_5']);
  });

  it('derives discounts as whole percentages rounded to nearest (decisions.md: 1Y is 31 %)', () => {
    expect(computeDiscountPercent(89.9, 129.9)).toBe(31);
    expect(computeDiscountPercent(59.9, 74.9)).toBe(20);
    expect(computeDiscountPercent(149.9, 299.9)).toBe(50);
    expect(computeDiscountPercent(29.9, 29.9)).toBe(0);
  });

  it('derives monthly, unit and day prices with 2 decimals', () => {
    expect(computeMonthlyPrice(row('1Y'))).toBe(7.49);
    expect(computeMonthlyPrice(row('6M'))).toBe(9.98);
    expect(computeMonthlyPrice(row('LFT'))).toBeNull();
    expect(computeUnitPrice(row('1Y'))).toBe(7.49);
    expect(computeDayPrice(row('1Y'))).toBe(0.25);
    expect(computeDayPrice(row('1M'))).toBe(1);
  });

  it('builds plan ids from option ids (spec §9)', () => {
    expect(toPlanId('win', '1Y')).toBe('107211Y');
    expect(toPlanId('mac', 'LFT_5')).toBe('10781LFT_5');
  });

  it('formats dollars per locale', () => {
    expect(formatUsd(89.9, 'en')).toBe('$89.90');
    expect(formatUsd(89.9, 'de')).toBe('89,90\u00a0$');
  });
});
