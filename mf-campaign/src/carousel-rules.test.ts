import { describe, expect, it } from '@jest/globals';
import type { CampaignCarouselEntryDto, CampaignCouponDto, CampaignDto } from '@reelkeep/shared-contracts';
import { listCarouselCards, toCardHref, toCardState } from './carousel-rules.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

const entry = (titleKey: string, flags: Partial<CampaignCarouselEntryDto> = {}): CampaignCarouselEntryDto => ({
  titleKey,
  descriptionKey: `${titleKey}_description`,
  floatKey: `${titleKey}_float`,
  buttonKey: 'shop_now',
  image: '/assets/campaign/demo-lifetime.svg',
  href: 'store',
  featured: false,
  mask: false,
  expired: false,
  showFloat: true,
  showInEventCenter: true,
  showInCarousel: true,
  ...flags,
});
const coupon = (code: string, show = true): CampaignCouponDto => ({
  code,
  text: '',
  discountCents: 4000,
  allowedTypes: [],
  minPriceCents: 0,
  show,
  campaignId: 'demo',
  startsAt: NOW - DAY,
  endsAt: NOW + DAY,
});
const campaign = (id: string, carousel: CampaignCarouselEntryDto[], flags: Partial<CampaignDto> = {}): CampaignDto => ({
  id,
  nameKey: id,
  newsletterKey: null,
  navTitleKey: null,
  route: 'sales-campaign',
  startsAt: NOW - DAY,
  endsAt: NOW + DAY,
  displayedEndsAt: NOW + DAY,
  isImportant: true,
  noNavRoutes: [],
  noAdRoutes: [],
  images: {},
  bottomAd: null,
  carousel,
  coupons: [coupon('REEL40'), coupon('HIDDEN', false)],
  expired: false,
  ...flags,
});

describe('toCardState', () => {
  it.each([
    ['a plain entry of a running campaign', { mask: false, expired: false }, false, 'live'],
    ['a masked entry', { mask: true, expired: false }, false, 'masked'],
    ['an entry marked expired', { mask: false, expired: true }, false, 'expired'],
    ['masked and expired: expired wins', { mask: true, expired: true }, false, 'expired'],
    ['any entry of an ended campaign', { mask: false, expired: false }, true, 'expired'],
  ] as const)('%s → %s', (_name, flags, campaignExpired, state) => expect(toCardState(flags, campaignExpired)).toBe(state));
  it('an entry whose quoted coupon is no longer shown is masked, not offered', () =>
    expect(toCardState({ mask: false, expired: false }, false, true)).toBe('masked'));
});

describe('toCardHref', () => {
  it.each([
    ['event centre, with its coupon', 'event-center', coupon('REEL40'), '/fr', '/fr/store?source=event_center&coupon=REEL40'],
    ['store page, no coupon', 'store', null, '', '/store?source=store'],
    ['sales page', 'sales-campaign', null, '/ja', '/ja/store?source=sales_campaign'],
  ] as const)('%s', (_name, placement, quoted, prefix, href) => expect(toCardHref({ href: 'store' }, quoted, placement, prefix)).toBe(href));
});

describe('listCarouselCards', () => {
  const running = campaign('demo', [
    entry('yearly'),
    entry('lifetime', { featured: true, couponCode: 'REEL40' }),
    entry('gift', { mask: true }),
    entry('hidden_float', { showFloat: false }),
    entry('carousel_only', { showInEventCenter: false }),
    entry('event_only', { showInCarousel: false }),
    entry('quotes_hidden_coupon', { couponCode: 'HIDDEN' }),
  ]);
  const ended = campaign('msbf', [entry('msbf', { mask: true, expired: true, showInCarousel: false })], { endsAt: NOW - DAY, expired: true });

  it('the event centre: each campaign in turn, featured entries first, only those marked for it', () => {
    const cards = listCarouselCards([running, ended], 'event-center', NOW, '');
    expect(cards.map((card) => [card.id, card.state, card.featured])).toEqual([
      ['demo-lifetime', 'live', true],
      ['demo-yearly', 'live', false],
      ['demo-gift', 'masked', false],
      ['demo-hidden_float', 'live', false],
      ['demo-event_only', 'live', false],
      ['demo-quotes_hidden_coupon', 'masked', false],
      ['msbf-msbf', 'expired', false],
    ]);
  });

  it('the sales and store pages: the entries marked for the carousel', () => {
    expect(listCarouselCards([running], 'store', NOW, '').map((card) => card.id)).toContain('demo-carousel_only');
    expect(listCarouselCards([running], 'store', NOW, '').map((card) => card.id)).not.toContain('demo-event_only');
    expect(listCarouselCards([ended], 'sales-campaign', NOW, '')).toEqual([]);
  });

  it('a float text only when the entry shows one and is not over; a button only when live; the quoted coupon only while shown', () => {
    const cards = Object.fromEntries(listCarouselCards([running, ended], 'event-center', NOW, '/de').map((card) => [card.id, card]));
    expect(cards['demo-lifetime']).toMatchObject({ floatKey: 'lifetime_float', href: '/de/store?source=event_center&coupon=REEL40' });
    expect(cards['demo-lifetime']!.coupon?.code).toBe('REEL40');
    expect(cards['demo-gift']).toMatchObject({ floatKey: 'gift_float', href: null });
    expect(cards['demo-hidden_float']).toMatchObject({ floatKey: null, href: '/de/store?source=event_center' });
    expect(cards['demo-quotes_hidden_coupon']).toMatchObject({ coupon: null, href: null });
    expect(cards['msbf-msbf']).toMatchObject({ floatKey: null, href: null });
  });

  it('a campaign that ended since the answer was read shows its entries as over', () => {
    const justEnded = campaign('demo', [entry('lifetime')], { endsAt: NOW });
    expect(listCarouselCards([justEnded], 'event-center', NOW, '')[0]).toMatchObject({ state: 'expired', href: null });
  });
});
