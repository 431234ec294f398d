import { describe, expect, it } from '@jest/globals';
import type { CampaignCouponDto } from '@reelkeep/shared-contracts';
import { pickShownCoupons } from '../campaign-rules.ts';
import {
  describeCouponScope,
  describeImageAdStorage,
  isDesktopViewport,
  isFollowedImageAdVisible,
  toAdHref,
  toAutoShownClosedKey,
  toBottomAdStyle,
  toClockParts,
} from './dialog-rules.ts';

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

describe("image ad options: the image ad's own storage key and source type (spec: storageKey, sourceType)", () => {
  it.each([
    ['demo', 'rk_image_ad_demo', 'image_ad_demo'],
    ['black-friday', 'rk_image_ad_black-friday', 'image_ad_black-friday'],
  ])('campaign %s → flag %s, source rk_ad_source=%s', (id, storageKey, value) =>
    expect(describeImageAdStorage(id)).toEqual({ storageKey, sourceType: { key: 'rk_ad_source', value } }),
  );

  it.each([
    ['an important campaign reads the coupon modal flag', true, 'rk_coupon_modal_closed'],
    ['a campaign that is not important reads its image ad flag, never the coupon modal one', false, 'rk_image_ad_demo'],
  ])('%s', (_title, isImportant, key) => expect(toAutoShownClosedKey({ id: 'demo', isImportant }, 'rk_coupon_modal_closed')).toBe(key));
});

describe('image ad closes 3 s after a banner click, without covering the next page', () => {
  it.each([
    ['not followed: shown', null, '|home|', true],
    ['followed, still on the page it was clicked on (3 s not over): shown', '|home|', '|home|', true],
    ['followed, the next page is on screen: never over it', '|home|', '|sales-campaign|', false],
    ['followed, the same route with another query is another page', '|home|', '|home|?a=1', false],
  ])('%s', (_title, followedOn, current, visible) => expect(isFollowedImageAdVisible(followedOn, current)).toBe(visible));
});

describe('bottom ad options: the style options attr (spec: body, icon, iconHover styles)', () => {
  it.each([
    ['no attr: the stylesheet defaults', undefined, {}],
    [
      'body colours and radius',
      { body: { backgroundColor: '#102030', color: '#fff', borderColor: '#ffd166', borderRadiusPx: 8 } },
      {
        '--rk-ad-body-background': '#102030',
        '--rk-ad-body-color': '#fff',
        '--rk-ad-body-border-color': '#ffd166',
        '--rk-ad-body-radius': '8px',
      },
    ],
    [
      'icon and its hover style',
      { icon: { color: '#000', backgroundColor: '#ffffffcc' }, iconHover: { color: '#fff', backgroundColor: '#e63946' } },
      {
        '--rk-ad-icon-color': '#000',
        '--rk-ad-icon-background': '#ffffffcc',
        '--rk-ad-icon-hover-color': '#fff',
        '--rk-ad-icon-hover-background': '#e63946',
      },
    ],
    ['a radius of 0 is kept', { icon: { borderRadiusPx: 0 } }, { '--rk-ad-icon-radius': '0px' }],
  ])('%s', (_title, attr, style) => expect(toBottomAdStyle(attr)).toEqual(style));
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
