import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PLAN_TYPES, type PlanType } from './plan-table.ts';
import { computeUpgradeCreditCents, isHigherPlan, quoteUpgrade, type UpgradeSource } from './upgrade-pricing.ts';

const DAY_MS = 24 * 3600_000;
const PAID_AT = Date.UTC(2026, 0, 1);
const year: UpgradeSource = { os: 'win', type: '1Y', paidCents: 8990, paidAt: PAID_AT, expiresAt: PAID_AT + 365 * DAY_MS, revoked: false };
const lifetime: UpgradeSource = { os: 'win', type: 'LFT', paidCents: 14990, paidAt: PAID_AT, expiresAt: null, revoked: false };

describe('spec: upgrade_id / applied_id give upgrade pricing against the existing licence (docs/commerce.md "Upgrades")', () => {
  it.each<[string, UpgradeSource, number, number]>([
    ['a lifetime licence is worth what was paid for it', lifetime, PAID_AT + 1000 * DAY_MS, 14990],
    ['a year bought today is worth all of it', year, PAID_AT, 8990],
    ['half a year left is worth half, rounded down', year, PAID_AT + 182.5 * DAY_MS, 4495],
    ['a day before its end, a day of it', year, PAID_AT + 364 * DAY_MS, 24],
    ['an ended licence is worth nothing', year, PAID_AT + 365 * DAY_MS, 0],
    ['a revoked licence is worth nothing', { ...year, revoked: true }, PAID_AT, 0],
    ['a licence paid with a coupon is worth what was paid', { ...year, paidCents: 5990 }, PAID_AT, 5990],
    ['a clock before the payment counts no more than the whole term', year, PAID_AT - 30 * DAY_MS, 8990],
  ])('credit: %s', (_case, source, now, credit) => {
    expect(computeUpgradeCreditCents(source, now)).toBe(credit);
  });

  it.each<[PlanType, PlanType, boolean]>([
    ['1M', '6M', true],
    ['1M', '1Y', true],
    ['6M', '1Y', true],
    ['1Y', 'LFT', true],
    ['1M', 'LFT_5', true],
    ['LFT', 'LFT_3', true],
    ['LFT_3', 'LFT_5', true],
    ['1Y', '1Y', false],
    ['1Y', '6M', false],
    ['LFT', '1Y', false],
    ['LFT_5', 'LFT_3', false],
    ['LFT_5', 'LFT_5', false],
    ['LFT', 'LFT', false],
  ])('%s → %s is an upgrade: %s', (from, to, higher) => {
    expect(isHigherPlan(from, to)).toBe(higher);
  });

  it.each<[string, UpgradeSource, { os: 'win' | 'mac'; type: PlanType; priceCents: number }, number, ReturnType<typeof quoteUpgrade>]>([
    ['a year bought today, to lifetime', year, { os: 'win', type: 'LFT', priceCents: 14990 }, PAID_AT, { creditCents: 8990, totalCents: 6000 }],
    [
      'half a year left, to lifetime',
      year,
      { os: 'win', type: 'LFT', priceCents: 14990 },
      PAID_AT + 182.5 * DAY_MS,
      { creditCents: 4495, totalCents: 10495 },
    ],
    ['lifetime to 5 devices', lifetime, { os: 'win', type: 'LFT_5', priceCents: 24990 }, PAID_AT, { creditCents: 14990, totalCents: 10000 }],
    ['price B of the buyer’s variant', year, { os: 'win', type: 'LFT', priceCents: 17490 }, PAID_AT, { creditCents: 8990, totalCents: 8500 }],
    [
      'the credit leaves at least a cent',
      { ...lifetime, paidCents: 30000 },
      { os: 'win', type: 'LFT_3', priceCents: 19990 },
      PAID_AT,
      { creditCents: 19989, totalCents: 1 },
    ],
    ['an ended licence', year, { os: 'win', type: 'LFT', priceCents: 14990 }, PAID_AT + 400 * DAY_MS, { problem: 'upgrade_inactive' }],
    ['a revoked licence', { ...lifetime, revoked: true }, { os: 'win', type: 'LFT_5', priceCents: 24990 }, PAID_AT, { problem: 'upgrade_inactive' }],
    ['a Windows licence to a Mac plan', year, { os: 'mac', type: 'LFT', priceCents: 14990 }, PAID_AT, { problem: 'upgrade_os' }],
    ['the same plan again', year, { os: 'win', type: '1Y', priceCents: 8990 }, PAID_AT, { problem: 'upgrade_not_higher' }],
    ['a lower plan', lifetime, { os: 'win', type: '1Y', priceCents: 8990 }, PAID_AT, { problem: 'upgrade_not_higher' }],
  ])('quote: %s', (_case, source, to, now, expected) => {
    expect(quoteUpgrade(source, to, now)).toEqual(expected);
  });

  it('never charges less than a cent nor more than the plan, and never credits more than was paid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAN_TYPES),
        fc.constantFrom(...PLAN_TYPES),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: -400, max: 800 }),
        (from, to, paidCents, priceCents, day) => {
          const source: UpgradeSource = { ...year, type: from, paidCents, expiresAt: from.startsWith('LFT') ? null : PAID_AT + 365 * DAY_MS };
          const quote = quoteUpgrade(source, { os: 'win', type: to, priceCents }, PAID_AT + day * DAY_MS);
          if ('problem' in quote) return;
          expect(quote.creditCents).toBeGreaterThanOrEqual(0);
          expect(quote.creditCents).toBeLessThanOrEqual(paidCents);
          expect(quote.totalCents).toBeGreaterThanOrEqual(1);
          expect(quote.totalCents).toBeLessThanOrEqual(priceCents);
          expect(quote.creditCents + quote.totalCents).toBe(priceCents);
        },
      ),
    );
  });
});
