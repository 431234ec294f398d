import { describe, expect, it } from '@jest/globals';
import {
  areAdsAllowed,
  chooseAutoShownDialog,
  isBannerVisible,
  isBottomAdShown,
  isCampaignRunning,
  orderForEventCenter,
  pickFrameCampaign,
  readPersonalDeadline,
  readUtcDigits,
  splitCountdown,
  toDisplayedEnd,
  toSelectPlanHref,
  type CampaignWindow,
} from './campaign-rules.ts';

const START = Date.UTC(2026, 10, 20, 0, 0, 0);
const END = Date.UTC(2026, 11, 4, 0, 0, 0);
const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);

const HOLIDAY: CampaignWindow = {
  id: 'holiday',
  route: 'sales-campaign',
  startsAt: START,
  endsAt: END,
  isImportant: true,
  noNavRoutes: [],
  noAdRoutes: [],
};
const MSBF: CampaignWindow = { ...HOLIDAY, id: 'msbf', startsAt: Date.UTC(2020, 7, 30), endsAt: Date.UTC(2023, 11, 11) };

describe('readUtcDigits: exactly 14 digits of a real UTC moment, else 0', () => {
  it.each([
    ['20261204000000', END],
    ['20240229235959', Date.UTC(2024, 1, 29, 23, 59, 59)],
    ['2026120400000', 0],
    ['202612040000000', 0],
    ['', 0],
    [undefined, 0],
    ['2026120400000x', 0],
    ['20261304000000', 0],
    ['20250229000000', 0],
    ['20261204240000', 0],
    ['20261204006000', 0],
  ])('%s → %s', (value, expected) => expect(readUtcDigits(value)).toBe(expected));
});

describe('readPersonalDeadline: ac_endtime counts only from a known ac_source', () => {
  it.each([
    ['20261201000000', 'email', Date.UTC(2026, 11, 1)],
    ['20261201000000', 'newsletter', Date.UTC(2026, 11, 1)],
    ['20261201000000', 'app', Date.UTC(2026, 11, 1)],
    ['20261201000000', 'push', Date.UTC(2026, 11, 1)],
    ['20261201000000', 'twitter', 0],
    ['20261201000000', undefined, 0],
    ['2026120100000', 'email', 0],
    [undefined, 'email', 0],
  ])('%s from %s → %s', (endtime, source, expected) => expect(readPersonalDeadline(endtime, source)).toBe(expected));
});

describe('toDisplayedEnd: a personal deadline may only shorten', () => {
  it.each([
    [END, 0, END],
    [END, END - 1, END - 1],
    [END, END, END],
    [END, END + 1, END],
  ])('configured %s, personal %s → %s', (configured, personal, expected) => expect(toDisplayedEnd(configured, personal)).toBe(expected));
});

describe('isCampaignRunning: from the start (inclusive) to the end (exclusive), previews only forward of expiry', () => {
  it.each<[string, CampaignWindow, number, number | undefined, boolean]>([
    ['one ms before the start', HOLIDAY, START - 1, undefined, false],
    ['at the start', HOLIDAY, START, undefined, true],
    ['while it runs', HOLIDAY, NOW, undefined, true],
    ['one ms before the end', HOLIDAY, END - 1, undefined, true],
    ['at the end', HOLIDAY, END, undefined, false],
    ['previewed before it starts: start_time at the start', HOLIDAY, START - 86_400_000, START, true],
    ['previewed before its start', HOLIDAY, NOW, START - 1, false],
    ['an expired campaign previewed inside its window', MSBF, NOW, Date.UTC(2021, 0, 1), false],
    ['the upgrade campaign, by route', { ...HOLIDAY, route: 'upgrade-campaign' }, NOW, undefined, false],
    ['the upgrade campaign, by id', { ...HOLIDAY, id: 'upgrade-campaign' }, NOW, undefined, false],
  ])('%s', (_name, campaign, now, previewAt, expected) => expect(isCampaignRunning(campaign, now, previewAt)).toBe(expected));
});

describe('pickFrameCampaign: only running campaigns, important first, then the one ending first', () => {
  const minor: CampaignWindow = { ...HOLIDAY, id: 'minor', isImportant: false, endsAt: END - 1000 };
  const sooner: CampaignWindow = { ...HOLIDAY, id: 'sooner', endsAt: END - 1000 };
  it.each<[string, CampaignWindow[], number | undefined, string | null]>([
    ['none', [], undefined, null],
    ['only an expired one', [MSBF], undefined, null],
    ['expired beside running: never the expired one, even previewed at its time', [MSBF, HOLIDAY], Date.UTC(2021, 0, 1), null],
    ['expired beside running', [MSBF, HOLIDAY], undefined, 'holiday'],
    ['important before minor', [minor, HOLIDAY], undefined, 'holiday'],
    ['ending first among important ones', [HOLIDAY, sooner], undefined, 'sooner'],
  ])('%s', (_name, campaigns, previewAt, expected) => expect(pickFrameCampaign(campaigns, NOW, previewAt)?.id ?? null).toBe(expected));
});

describe('orderForEventCenter', () => {
  it('puts running campaigns first, then expired ones latest first, and leaves out future ones', () => {
    const older: CampaignWindow = { ...MSBF, id: 'older', endsAt: Date.UTC(2022, 0, 1) };
    const future: CampaignWindow = { ...HOLIDAY, id: 'future', startsAt: END, endsAt: END + 1 };
    expect(orderForEventCenter([older, MSBF, future, HOLIDAY], NOW).map((campaign) => campaign.id)).toEqual(['holiday', 'msbf', 'older']);
  });
});

describe('isBannerVisible: the routes of docs/campaigns.md "Banner and ad routes", the campaign’s no-nav routes, the close cookie', () => {
  const base = { campaign: HOLIDAY, route: 'home', cleanFrame: false, closed: false, now: NOW };
  it.each<[string, Partial<typeof base> & { previewAt?: number }, boolean]>([
    ['home, running', {}, true],
    ['no campaign', { campaign: null as unknown as CampaignWindow }, false],
    ['closed for the day', { closed: true }, false],
    ['a clean frame', { cleanFrame: true }, false],
    ['no route', { route: undefined }, false],
    ...['checkout', 'event-center', 'sales-campaign', 'aio-special-offer', 'upgrade-campaign', 'pricing'].map(
      (route): [string, Partial<typeof base>, boolean] => [`route ${route}`, { route }, false],
    ),
    ['the store page shows it', { route: 'store' }, true],
    ['a route in the campaign’s no-nav list', { campaign: { ...HOLIDAY, noNavRoutes: ['blog'] }, route: 'blog' }, false],
    ['after the end', { now: END }, false],
    ['before the start, previewed', { now: START - 1, previewAt: START }, true],
  ])('%s', (_name, override, expected) => expect(isBannerVisible({ ...base, ...override })).toBe(expected));
});

describe('areAdsAllowed: never on login, checkout and the campaign pages, nor the campaign’s no-ad routes', () => {
  it.each<[string | undefined, CampaignWindow, boolean]>([
    ['home', HOLIDAY, true],
    ['store', HOLIDAY, true],
    ['login', HOLIDAY, false],
    ['checkout', HOLIDAY, false],
    ['sales-campaign', HOLIDAY, false],
    ['event-center', HOLIDAY, false],
    ['aio-special-offer', HOLIDAY, false],
    ['upgrade-campaign', HOLIDAY, false],
    ['pricing', HOLIDAY, false],
    ['blog', { ...HOLIDAY, noAdRoutes: ['blog'] }, false],
    [undefined, HOLIDAY, false],
  ])('%s', (route, campaign, expected) => expect(areAdsAllowed(campaign, route)).toBe(expected));
});

describe('chooseAutoShownDialog', () => {
  const base = { campaign: HOLIDAY, route: 'home', isDesktop: true, referrer: '', siteHost: 'reelkeep.example', closedThisSession: false };
  it.each<[string, Partial<typeof base>, 'coupon-modal' | 'image-ad' | null]>([
    ['desktop, no referrer, important: the coupon modal', {}, 'coupon-modal'],
    ['a foreign referrer', { referrer: 'https://search.example/?q=reelkeep' }, 'coupon-modal'],
    ['an unreadable referrer counts as foreign', { referrer: 'not a url' }, 'coupon-modal'],
    ['from our own site', { referrer: 'https://reelkeep.example/blog/' }, null],
    ['a phone', { isDesktop: false }, null],
    ['closed this session', { closedThisSession: true }, null],
    ['an excluded route', { route: 'checkout' }, null],
    ['a non-important campaign: the image ad', { campaign: { ...HOLIDAY, isImportant: false } }, 'image-ad'],
  ])('%s', (_name, override, expected) => expect(chooseAutoShownDialog({ ...base, ...override })).toBe(expected));
});

describe('isBottomAdShown: once per session, desktop, allowed route, when the campaign has one', () => {
  const campaign = { ...HOLIDAY, hasBottomAd: true };
  it.each<[string, boolean, string, boolean, boolean, boolean]>([
    ['first time on desktop', true, 'home', true, false, true],
    ['already shown this session', true, 'home', true, true, false],
    ['a phone', true, 'home', false, false, false],
    ['login', true, 'login', true, false, false],
    ['no bottom ad configured', false, 'home', true, false, false],
  ])('%s', (_name, hasBottomAd, route, isDesktop, shown, expected) =>
    expect(isBottomAdShown({ ...campaign, hasBottomAd }, route, isDesktop, shown)).toBe(expected),
  );
});

describe('the countdown', () => {
  it('splits a duration', () => {
    expect(splitCountdown(90_061_500)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('toSelectPlanHref', () => {
  it.each([
    [{ route: 'store', campaignRoute: 'sales-campaign', code: 'REEL40', index: 0, prefix: '' }, '/checkout?source=coupon_modal&coupon=REEL40'],
    [{ route: 'home', campaignRoute: 'store', code: 'REEL20', index: 1, prefix: '/fr' }, '/fr/store?source=coupon_modal&coupon=REEL20'],
    [{ route: 'home', campaignRoute: 'sales-campaign', code: 'REEL10', index: 2, prefix: '/de' }, '/de/sales-campaign#coupon-3'],
  ])('%j → %s', (input, expected) => expect(toSelectPlanHref(input)).toBe(expected));
});
