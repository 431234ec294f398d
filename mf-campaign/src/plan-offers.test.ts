import { describe, expect, it } from '@jest/globals';
import type { CampaignCouponDto, PlanType } from '@reelkeep/shared-contracts';
import { applicableCoupons, listPlanOffers, readPlanOs, toPlanCheckoutHref, type CampaignWithCoupons } from './plan-offers.ts';

const START = Date.UTC(2026, 10, 20, 0, 0, 0);
const END = Date.UTC(2026, 11, 4, 0, 0, 0);
const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);

const coupon = (code: string, discountCents: number, minPriceCents: number, allowedTypes: PlanType[] = [], show = true): CampaignCouponDto => ({
  code,
  text: '',
  discountCents,
  allowedTypes,
  minPriceCents,
  show,
  campaignId: 'holiday',
  startsAt: START,
  endsAt: END,
});

/** The demo campaign's coupons (mf-campaign/server/demo-campaign.ts) and one the page must never show. */
const HOLIDAY: CampaignWithCoupons = {
  id: 'holiday',
  route: 'sales-campaign',
  startsAt: START,
  endsAt: END,
  isImportant: true,
  noNavRoutes: [],
  noAdRoutes: [],
  coupons: [
    coupon('HIDDEN90', 9000, 0, [], false),
    coupon('REEL40', 4000, 14990, ['LFT', 'LFT_3', 'LFT_5']),
    coupon('REEL20', 2000, 7990),
    coupon('REEL10', 1000, 4990),
    coupon('REEL5', 500, 2990),
  ],
};

const summary = (offers: ReturnType<typeof listPlanOffers>) =>
  offers.map((offer) => [offer.type, offer.priceCents, offer.coupon?.code ?? null, offer.totalCents, offer.monthlyCents]);

describe('listPlanOffers: every plan with the largest running coupon that fits it, priced as the checkout charges', () => {
  it('applies the best shown coupon per plan at the base prices', () => {
    expect(summary(listPlanOffers(HOLIDAY, 'win', 'old', NOW))).toEqual([
      ['1M', 2990, 'REEL5', 2490, 2490],
      ['6M', 5990, 'REEL10', 4990, 832],
      ['1Y', 8990, 'REEL20', 6990, 583],
      ['LFT', 14990, 'REEL40', 10990, null],
      ['LFT_3', 19990, 'REEL40', 15990, null],
      ['LFT_5', 24990, 'REEL40', 20990, null],
    ]);
  });

  it('prices the visitor’s variant: price B moves 1M over REEL5’s minimum and the yearly plan stays with REEL20', () => {
    const offers = listPlanOffers(HOLIDAY, 'mac', 'price_b', NOW);
    expect(summary(offers).slice(0, 3)).toEqual([
      ['1M', 3490, 'REEL5', 2990, 2990],
      ['6M', 6990, 'REEL10', 5990, 998],
      ['1Y', 10490, 'REEL20', 8490, 708],
    ]);
    expect(offers[2]).toMatchObject({ pid: '107811Y', os: 'mac', originCents: 14990, discountPercent: 30, savedCents: 6500 });
  });

  it.each<[string, CampaignWithCoupons | null, number]>([
    ['no campaign', null, NOW],
    ['one ms before the start (a start_time preview shows it, its coupons do not count yet)', HOLIDAY, START - 1],
    ['at the end', HOLIDAY, END],
    ['an expired campaign', { ...HOLIDAY, endsAt: Date.UTC(2023, 11, 11) }, NOW],
    ['the upgrade campaign', { ...HOLIDAY, route: 'upgrade-campaign' }, NOW],
  ])('gives no coupon for %s: everyday prices', (_name, campaign, now) => {
    const offers = listPlanOffers(campaign, 'win', 'old', now);
    expect(offers.every((offer) => offer.coupon === null && offer.totalCents === offer.priceCents)).toBe(true);
    expect(offers.find((offer) => offer.type === '1Y')).toMatchObject({ totalCents: 8990, discountPercent: 31, savedCents: 4000 });
  });
});

describe('applicableCoupons', () => {
  it('never gives a hidden coupon', () => {
    expect(applicableCoupons(HOLIDAY, NOW).map((entry) => entry.code)).toEqual(['REEL40', 'REEL20', 'REEL10', 'REEL5']);
  });
});

describe('toPlanCheckoutHref', () => {
  it.each([
    ['', { type: '1Y', os: 'win', coupon: HOLIDAY.coupons[2]! }, 'pricing', '/checkout?plan=1Y&os=win&coupon=REEL20&source=pricing'],
    ['/fr', { type: 'LFT_5', os: 'mac', coupon: null }, 'aio_special_offer', '/fr/checkout?plan=LFT_5&os=mac&source=aio_special_offer'],
  ] as const)('%s %j from %s → %s', (prefix, offer, source, expected) => expect(toPlanCheckoutHref(prefix, offer, source)).toBe(expected));
});

describe('readPlanOs', () => {
  it.each([
    ['mac', 'mac'],
    ['win', 'win'],
    ['MAC', 'win'],
    [null, 'win'],
    ['linux', 'win'],
  ] as const)('%s → %s', (value, expected) => expect(readPlanOs(value)).toBe(expected));
});
