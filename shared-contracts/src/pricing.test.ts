import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { findPlanRow, parsePlanId, PLAN_TABLE, PLAN_TYPES, toPlanId, toPlanType } from './plan-table.ts';
import {
  computeDayPrice,
  computeDiscountPercent,
  computeMonthlyPrice,
  computeUnitPrice,
  COUPON_ERROR_CODES,
  couponProblem,
  describeCoupon,
  pickTopCoupons,
  planPriceCents,
  PRICE_VARIANTS,
  quotePlan,
  toCents,
  toCouponErrorCode,
  toPriceVariant,
} from './pricing.ts';
import { formatUsd } from './usd-format.ts';

const row = (type: string) => PLAN_TABLE.find((plan) => plan.type === type)!;

describe('plan table and derived prices (docs/commerce.md "Plans and prices")', () => {
  it('reproduces the table', () => {
    expect(
      PLAN_TABLE.slice(0, 4).map(({ type, price, originPrice, priceB, originPriceB, dayNum, calculationNum, allowNum }) => [
        type,
        price,
        originPrice,
        priceB,
        originPriceB,
        dayNum,
        calculationNum,
        allowNum,
      ]),
    ).toEqual([
      ['1M', 29.9, 29.9, 34.9, 34.9, 30, 1, 1],
      ['6M', 59.9, 74.9, 69.9, 87.9, 180, 6, 1],
      ['1Y', 89.9, 129.9, 104.9, 149.9, 365, 12, 1],
      ['LFT', 149.9, 299.9, 174.9, 349.9, 1, null, 1],
    ]);
    expect(row('LFT_3').allowNum).toBe(3);
    expect(row('LFT_5').allowNum).toBe(5);
    expect(PLAN_TABLE.filter((plan) => plan.isMain).map((plan) => plan.type)).toEqual(['1Y', 'LFT_5']);
  });

  it('derives discounts as whole percentages rounded to nearest (docs/commerce.md "Derived prices": 1Y is 31 %)', () => {
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

  it('builds plan ids from option ids (docs/commerce.md "Plans and prices")', () => {
    expect(toPlanId('win', '1Y')).toBe('107211Y');
    expect(toPlanId('mac', 'LFT_5')).toBe('10781LFT_5');
  });

  it('formats dollars per locale', () => {
    expect(formatUsd(89.9, 'en')).toBe('$89.90');
    expect(formatUsd(89.9, 'de')).toBe('89,90\u00a0$');
  });

  it("writes every site locale's dollars to the character as Intl.NumberFormat does", () => {
    const amounts = [0, 0.005, 0.5, 1.005, 9.99, 29.9, 89.9, 149.9, 999.99, 1000, 1234.5, 9999.995, 12345.67, 123456.789, 1234567.5, -3, -1234.5];
    for (const locale of ['en', 'fr', 'zh', 'ja', 'de', 'es', 'pt', 'it']) {
      const reference = new Intl.NumberFormat(locale === 'zh' ? 'zh-Hant' : locale, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      });
      for (const amount of amounts) expect([locale, amount, formatUsd(amount, locale)]).toEqual([locale, amount, reference.format(amount)]);
    }
  });

  it('formats a locale outside the table through Intl.NumberFormat', () => {
    expect(formatUsd(1234.5, 'nl')).toBe(
      new Intl.NumberFormat('nl', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(1234.5),
    );
  });

  it('keeps each locale its own format when locales alternate', () => {
    expect(['en', 'de', 'en', 'fr', 'de'].map((locale) => formatUsd(1234.5, locale))).toEqual([
      '$1,234.50',
      '1.234,50\u00a0$',
      '$1,234.50',
      '1\u202f234,50\u00a0$',
      '1.234,50\u00a0$',
    ]);
  });
});

describe('quotes (property tests)', () => {
  const coupon = fc.record({
    code: fc.constantFrom('A1B', 'REEL20', 'X_Y-Z'),
    discountCents: fc.integer({ min: -100_000, max: 100_000 }),
    allowedTypes: fc.subarray([...PLAN_TYPES]),
    minPriceCents: fc.integer({ min: 0, max: 100_000 }),
  });

  it('never yield a negative or zero total, and always charge a table price less an applicable coupon', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_TABLE), fc.constantFrom(...PRICE_VARIANTS), fc.option(coupon, { nil: null }), (row, variant, applied) => {
        const quote = quotePlan(row, variant, applied);
        const { priceCents, originCents } = planPriceCents(row, variant);
        expect(quote.priceCents).toBe(priceCents);
        expect(quote.originCents).toBe(originCents);
        expect([toCents(row.price), toCents(row.priceA), toCents(row.priceB)]).toContain(quote.priceCents);
        expect(quote.totalCents).toBeGreaterThan(0);
        expect(quote.discountCents).toBeGreaterThanOrEqual(0);
        expect(quote.totalCents).toBe(quote.priceCents - quote.discountCents);
        const applies = applied !== null && couponProblem(applied, row.type, priceCents) === null;
        expect(quote.discountCents).toBe(applies ? applied.discountCents : 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any cookie or query text as a variant of the table, never anything else', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(PRICE_VARIANTS).toContain(toPriceVariant(value));
      }),
    );
  });

  it('applies the spec coupons as section 9 says', () => {
    const msbf30 = { code: 'MSBF30', discountCents: 3000, allowedTypes: [], minPriceCents: 9990 };
    const msbf10 = { code: 'MSBF10', discountCents: 1000, allowedTypes: [], minPriceCents: 7990 };
    expect(quotePlan(findPlanRow('1Y')!, 'old', msbf30).totalCents).toBe(8990);
    expect(quotePlan(findPlanRow('1Y')!, 'price_b', msbf30).totalCents).toBe(7490);
    expect(quotePlan(findPlanRow('1Y')!, 'old', msbf10).totalCents).toBe(7990);
    expect(quotePlan(findPlanRow('LFT')!, 'old', msbf30).totalCents).toBe(11990);
    expect(quotePlan(findPlanRow('6M')!, 'old', msbf10).totalCents).toBe(5990);
    expect(
      pickTopCoupons(
        [msbf10, msbf30, { ...msbf10, code: 'C3', discountCents: 500 }, { ...msbf10, code: 'C4', discountCents: 200 }],
        'LFT',
        14990,
      ).map((entry) => entry.code),
    ).toEqual(['MSBF30', 'MSBF10', 'C3']);
    expect(parsePlanId('107211Y')).toEqual({ os: 'win', type: '1Y' });
    expect(parsePlanId('10781LFT_5')).toEqual({ os: 'mac', type: 'LFT_5' });
    expect(parsePlanId('99999LFT')).toBeNull();
  });
});

describe('coupon refusals and descriptions (one place for server and page)', () => {
  const REEL40 = { code: 'REEL40', discountCents: 4000, allowedTypes: ['LFT', 'LFT_3', 'LFT_5'] as const, minPriceCents: 14990 };
  const REEL20 = { code: 'REEL20', discountCents: 2000, allowedTypes: [], minPriceCents: 7990 };
  const BROKEN = { code: 'ZERO', discountCents: 0, allowedTypes: [], minPriceCents: 0 };

  it.each([
    ['a lifetime coupon on a lifetime plan', REEL40, 'LFT', 14990, null],
    ['a lifetime coupon on 1 year', REEL40, '1Y', 8990, 'coupon_plan'],
    ['a lifetime coupon on a lifetime plan under its minimum', REEL40, 'LFT', 14980, 'coupon_min_price'],
    ['$20 off from $79.90 on 1 year', REEL20, '1Y', 8990, null],
    ['$20 off from $79.90 on 6 months', REEL20, '6M', 5990, 'coupon_min_price'],
    ['$20 off that would take the plan to zero', { ...REEL20, minPriceCents: 0 }, '1M', 2000, 'coupon_min_price'],
    ['a coupon without a discount', BROKEN, '1Y', 8990, 'coupon_unknown'],
  ] as const)('%s', (_case, coupon, type, priceCents, code) => {
    const problem = couponProblem(coupon, type, priceCents);
    expect(problem === null ? null : toCouponErrorCode(problem)).toBe(code);
  });

  it('maps every refusal to a code the page translates', () => {
    expect(Object.fromEntries((['invalid', 'type', 'min_price'] as const).map((problem) => [problem, toCouponErrorCode(problem)]))).toEqual({
      invalid: 'coupon_unknown',
      type: 'coupon_plan',
      min_price: 'coupon_min_price',
    });
    for (const problem of ['invalid', 'type', 'min_price'] as const) expect(COUPON_ERROR_CODES).toContain(toCouponErrorCode(problem));
  });

  it.each([
    ['en', REEL20, { headline: { key: 'coupon_off', values: { amount: '$20.00' } }, condition: { key: 'coupon_any', values: { min: '$79.90' } } }],
    [
      'de',
      REEL20,
      { headline: { key: 'coupon_off', values: { amount: '20,00\u00a0$' } }, condition: { key: 'coupon_any', values: { min: '79,90\u00a0$' } } },
    ],
    ['en', REEL40, { headline: { key: 'coupon_off', values: { amount: '$40.00' } }, condition: { key: 'coupon_types', values: { min: '$149.90' } } }],
  ] as const)('describes a coupon in %s (%#)', (locale, coupon, description) => {
    expect(describeCoupon(coupon, locale)).toEqual(description);
  });

  it.each([
    ['1Y', '1Y'],
    ['LFT_5', 'LFT_5'],
    ['lft', null],
    ['2Y', null],
    ['', null],
    [null, null],
  ] as const)('reads %p as the plan type %p', (value, type) => {
    expect(toPlanType(value)).toBe(type);
  });
});
