import { describe, expect, it } from '@jest/globals';
import type { CampaignCouponDto } from '@reelkeep/shared-contracts';
import { pickShownCoupons } from '../campaign-rules.ts';
import { describeCouponScope, isDesktopViewport, msUntilAutoShow, toAdHref, toClockParts } from './dialog-rules.ts';

const coupon = (code: string, discountCents: number, show = true): CampaignCouponDto => ({
  code,
  text: '',
  discountCents,
  allowedTypes: [],
  minPriceCents: 0,
  show,
  campaignId: 'demo',
  startsAt: 0,
  endsAt: 1,
});

describe('isDesktopViewport: 900 px and wider', () => {
  it.each([
    [1280, true],
    [900, true],
    [899, false],
    [390, false],
  ])('%i px → %s', (width, desktop) => expect(isDesktopViewport(width)).toBe(desktop));
});

describe('msUntilAutoShow: 5 s after the page started loading', () => {
  it.each([
    [0, 5000],
    [1200, 3800],
    [4999, 1],
    [5000, 0],
    [9000, 0],
  ])('%i ms after load → waits %i ms', (since, wait) => expect(msUntilAutoShow(since)).toBe(wait));
});

describe('pickShownCoupons: shown coupons, largest first, three at most', () => {
  it.each([
    [
      [coupon('A', 500), coupon('B', 4000), coupon('C', 1000), coupon('D', 2000)],
      ['B', 'D', 'C'],
    ],
    [[coupon('A', 500), coupon('B', 4000, false)], ['A']],
    [
      [coupon('Z', 1000), coupon('Y', 1000)],
      ['Y', 'Z'],
    ],
    [[], []],
  ])('%#', (coupons, codes) => expect(pickShownCoupons(coupons).map((picked) => picked.code)).toEqual(codes));
});

describe('describeCouponScope', () => {
  it.each([
    [{ allowedTypes: ['LFT' as const], minPriceCents: 14990 }, 'types'],
    [{ allowedTypes: [], minPriceCents: 7990 }, 'min'],
    [{ allowedTypes: [], minPriceCents: 0 }, 'any'],
  ])('%j → %s', (input, scope) => expect(describeCouponScope(input)).toBe(scope));
});

describe('toAdHref: a route name or a path under the locale prefix', () => {
  it.each([
    ['store', '', '/store'],
    ['store', '/de', '/de/store'],
    ['/sales-campaign#coupon-1', '/ja', '/ja/sales-campaign#coupon-1'],
  ])('%s with %j → %s', (target, prefix, href) => expect(toAdHref(target, prefix)).toBe(href));
});

describe('toClockParts: hours, minutes, seconds of two digits', () => {
  it.each([
    [86_400_000, ['24', '00', '00']],
    [3_723_000, ['01', '02', '03']],
    [59_999, ['00', '00', '59']],
    [-5, ['00', '00', '00']],
  ])('%i ms → %j', (ms, parts) => expect(toClockParts(ms)).toEqual(parts));
});
