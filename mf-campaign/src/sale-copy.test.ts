import { describe, expect, it } from '@jest/globals';
import { type CouponRule, type PlanType } from '@reelkeep/shared-contracts';
import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { DEMO_COUPONS } from '../server/demo-campaign.ts';
import { composeSaleLine, describeSavings, describeTimeLeft, isLastDay, summarizeSavings, toUtcDayEnd } from './sale-copy.ts';

const coupon = (code: string, discountCents: number, minPriceCents = 0, allowedTypes: PlanType[] = []): CouponRule => ({
  code,
  discountCents,
  minPriceCents,
  allowedTypes,
});
const LIFETIME: PlanType[] = ['LFT', 'LFT_3', 'LFT_5'];
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('summarizeSavings: what every visitor really gets, plan by plan', () => {
  it.each<[string, CouponRule[], { maxCents: number; maxTypes: PlanType[]; floorCents: number }]>([
    ['no coupon', [], { maxCents: 0, maxTypes: [], floorCents: 0 }],
    // The demo: $40 only on lifetime licences, and the 1-month plan ($29.90) gets $5 at most.
    ['the demo coupons', DEMO_COUPONS, { maxCents: 4000, maxTypes: LIFETIME, floorCents: 500 }],
    ['one coupon for every plan', [coupon('ALL5', 500)], { maxCents: 500, maxTypes: ['1M', '6M', '1Y', ...LIFETIME], floorCents: 500 }],
    ['a minimum price leaves cheap plans out', [coupon('BIG30', 3000, 9990)], { maxCents: 3000, maxTypes: LIFETIME, floorCents: 0 }],
    // 1Y is $89.90 for base visitors and $104.90 for variant B: a coupon from $99.90 is not for every visitor of 1Y.
    ['a claim holds for every price variant', [coupon('B_ONLY', 2500, 9990, ['1Y'])], { maxCents: 0, maxTypes: [], floorCents: 0 }],
    ['the yearly plan alone', [coupon('YEAR', 2000, 0, ['1Y'])], { maxCents: 2000, maxTypes: ['1Y'], floorCents: 0 }],
    ['a discount as large as a price never counts', [coupon('FREE', 2990)], { maxCents: 2990, maxTypes: ['6M', '1Y', ...LIFETIME], floorCents: 0 }],
  ])('%s', (_name, coupons, expected) => expect(summarizeSavings(coupons)).toEqual(expected));
});

describe('describeSavings: which words the figures allow', () => {
  it.each([
    ['nothing to claim', { maxCents: 0, maxTypes: [], floorCents: 0 }, null],
    ['the same on every plan', { maxCents: 500, maxTypes: ['1M', '1Y'], floorCents: 500 }, 'sale.savings_every_plan'],
    ['lifetime, with a floor', { maxCents: 4000, maxTypes: LIFETIME, floorCents: 500 }, 'sale.savings_lifetime_floor'],
    ['lifetime, no floor', { maxCents: 3000, maxTypes: LIFETIME, floorCents: 0 }, 'sale.savings_lifetime'],
    ['two lifetime plans are not "lifetime licences"', { maxCents: 3000, maxTypes: ['LFT_3', 'LFT_5'], floorCents: 0 }, 'sale.savings_plans'],
    ['one plan', { maxCents: 2000, maxTypes: ['1Y'], floorCents: 0 }, 'sale.savings_plan'],
    ['one plan, with a floor', { maxCents: 2000, maxTypes: ['1Y'], floorCents: 500 }, 'sale.savings_plan_floor'],
    ['several plans, with a floor', { maxCents: 2000, maxTypes: ['6M', '1Y'], floorCents: 500 }, 'sale.savings_plans_floor'],
  ] as const)('%s', (_name, summary, key) => expect(describeSavings({ ...summary, maxTypes: [...summary.maxTypes] })?.key ?? null).toBe(key));
});

describe('the time left', () => {
  const now = Date.UTC(2026, 10, 24, 10, 0, 0);
  it.each([
    ['over', now, 'sale.ended', undefined],
    ['in 59 minutes', now + 59 * 60_000, 'sale.ends_within_hour', undefined],
    ['in 1 hour', now + HOUR, 'sale.ends_in_hours', 1],
    ['in 23 h 59 min', now + DAY - 60_000, 'sale.ends_in_hours', 23],
    ['in 13 days and 4 hours', now + 13 * DAY + 4 * HOUR, 'sale.ends_in_days', 13],
    ['in exactly one day', now + DAY, 'sale.ends_in_days', 1],
  ])('%s', (_name, endsAt, key, count) => {
    const text = describeTimeLeft(endsAt, now);
    expect(text.key).toBe(key);
    expect(text.values.count).toBe(count);
  });

  it.each([
    ['ends at 23:00 UTC the same day', Date.UTC(2026, 10, 24, 23, 0, 0), true],
    ['ends at the next UTC midnight', Date.UTC(2026, 10, 25, 0, 0, 0), true],
    ['ends one second after midnight', Date.UTC(2026, 10, 25, 0, 0, 1), false],
    ['ends in 13 days (the modal used to say "today only")', now + 13 * DAY, false],
    ['already over', now - 1, false],
  ])('"today only" when it %s: %s', (_name, endsAt, expected) => expect(isLastDay(endsAt, now)).toBe(expected));

  it('the UTC day ends at midnight', () => expect(toUtcDayEnd(Date.UTC(2026, 10, 24, 23, 59, 59))).toBe(Date.UTC(2026, 10, 25)));
});

describe('composeSaleLine', () => {
  const texts = {
    campaign: {
      sale: {
        line: '{{headline}}: {{savings}}. {{ends}}.',
        savings_none: 'see the offers',
        savings_lifetime_floor: 'up to {{max}} off lifetime licences, at least {{floor}} off every plan',
        ends_in_days_one: 'Ends in {{count}} day',
        ends_in_days_other: 'Ends in {{count}} days',
      },
    },
  };
  const t = fixedTranslate(createI18n('en', texts), 'campaign');
  const now = Date.UTC(2026, 10, 24, 10, 0, 0);

  it('says the real largest saving, what every plan gets and the days left', () =>
    expect(composeSaleLine(t, { headline: 'The holiday sale is on', coupons: DEMO_COUPONS, endsAt: now + 13 * DAY + HOUR, now, locale: 'en' })).toBe(
      'The holiday sale is on: up to $40.00 off lifetime licences, at least $5.00 off every plan. Ends in 13 days.',
    ));
  it('in the banner, leaves out the floor', () =>
    expect(
      composeSaleLine(
        fixedTranslate(
          createI18n('en', { campaign: { sale: { ...texts.campaign.sale, savings_lifetime: 'up to {{max}} off lifetime licences' } } }),
          'campaign',
        ),
        { headline: 'Sale', coupons: DEMO_COUPONS, endsAt: now + 2 * DAY, now, locale: 'en' },
        { compact: true },
      ),
    ).toBe('Sale: up to $40.00 off lifetime licences. Ends in 2 days.'));
  it('claims no saving when no coupon counts yet (a preview before the start)', () =>
    expect(composeSaleLine(t, { headline: 'The holiday sale is on', coupons: [], endsAt: now + DAY, now, locale: 'en' })).toBe(
      'The holiday sale is on: see the offers. Ends in 1 day.',
    ));
});
