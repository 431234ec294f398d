/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { onSiteEvent, type FrameCampaignDto } from '@reelkeep/shared-contracts';
import { renderCampaignBannerHtml } from '../rendering/campaign-banner.server.ts';
import { startCampaignBanner } from './campaign-banner-controller.ts';
import { shouldShowCampaignBanner, toCampaignBannerHref } from './campaign-banner-rules.ts';

const CAMPAIGN: FrameCampaignDto = {
  id: 'demo',
  title: 'Soldes des fêtes : <jusqu’à 40 $>',
  name: 'Soldes des fêtes',
  route: 'sales-campaign',
  thumb: '/assets/campaign/demo-thumb.svg',
  background: '/assets/campaign/demo-wide.svg',
  endsAt: Date.UTC(2026, 11, 8),
  isImportant: true,
  bannerHiddenOn: ['checkout', 'event-center', 'sales-campaign', 'aio-special-offer', 'upgrade-campaign', 'pricing', 'blog'],
  adsHiddenOn: ['login'],
};
const LABELS = { label: 'Offre en cours', cta: 'Voir l’offre', coupons: 'Voir les coupons', close: 'Masquer l’offre' };

describe('shouldShowCampaignBanner', () => {
  it.each<[string, FrameCampaignDto | null, string | undefined, boolean, boolean, boolean]>([
    ['a running campaign on home', CAMPAIGN, 'home', true, false, true],
    ['the store page', CAMPAIGN, 'store', true, false, true],
    ['no campaign', null, 'home', true, false, false],
    ['closed for the day', CAMPAIGN, 'home', false, false, false],
    ['a clean frame (checkout, login)', CAMPAIGN, 'login', true, true, false],
    ...CAMPAIGN.bannerHiddenOn.map((route): [string, FrameCampaignDto, string, boolean, boolean, boolean] => [
      `route ${route}`,
      CAMPAIGN,
      route,
      true,
      false,
      false,
    ]),
    ['an unknown route (404)', CAMPAIGN, undefined, true, false, false],
  ])('%s', (_case, campaign, route, visible, clean, expected) => expect(shouldShowCampaignBanner(campaign, route, visible, clean)).toBe(expected));

  it('links to the campaign page in the locale, or to the store page’s own coupons', () => {
    expect(toCampaignBannerHref(CAMPAIGN, 'home', '/fr')).toBe('/fr/sales-campaign');
    expect(toCampaignBannerHref(CAMPAIGN, 'store', '/fr')).toBe('#coupons');
  });
});

describe('the server-rendered banner', () => {
  it('writes the localised line, escaped, with art of known size (no layout shift) and a labelled close button', () => {
    document.body.innerHTML = renderCampaignBannerHtml({ campaign: CAMPAIGN, route: 'home', prefix: '/fr', hidden: false, labels: LABELS });
    const banner = document.getElementById('rk-campaign-banner')!;
    expect(banner.getAttribute('aria-label')).toBe('Offre en cours');
    expect(banner.hidden).toBe(false);
    expect(banner.querySelector('.rk-campaign-banner__title')!.textContent).toBe(CAMPAIGN.title);
    expect(banner.querySelector('a')!.getAttribute('href')).toBe('/fr/sales-campaign');
    expect([...banner.querySelectorAll('img')].every((image) => image.getAttribute('width') && image.getAttribute('height'))).toBe(true);
    expect(banner.querySelector('button')!.getAttribute('aria-label')).toBe('Masquer l’offre');
  });

  it('is written hidden on a route that hides it, so a client navigation can show it', () => {
    document.body.innerHTML = renderCampaignBannerHtml({ campaign: CAMPAIGN, route: 'pricing', prefix: '', hidden: true, labels: LABELS });
    expect(document.getElementById('rk-campaign-banner')!.hidden).toBe(true);
  });
});

describe('the banner after hydration', () => {
  it('closes for a day: cookie, header_close, the store told; hidden on excluded routes after a navigation', () => {
    document.body.innerHTML = renderCampaignBannerHtml({ campaign: CAMPAIGN, route: 'home', prefix: '', hidden: false, labels: LABELS });
    const banner = document.getElementById('rk-campaign-banner')!;
    const tracked: unknown[] = [];
    const stop = onSiteEvent('trackRequested', (detail) => tracked.push(detail));
    let closed = 0;
    expect(banner.dataset.ready).toBeUndefined();
    const controller = startCampaignBanner(banner, CAMPAIGN, () => closed++);
    // Says when its close button works (it is wired when the browser is idle, after hydration).
    expect(banner.dataset.ready).toBe('true');
    controller.update('pricing', '', false);
    expect(banner.hidden).toBe(true);
    controller.update('home', '', false);
    expect(banner.hidden).toBe(false);
    banner.querySelector<HTMLButtonElement>('.rk-campaign-banner__close')!.click();
    expect(banner.hidden).toBe(true);
    expect(document.cookie).toContain('rk_campaign_closed=1');
    expect(tracked).toEqual([{ event: 'custom', event_category: 'campaign', event_label: 'header_close', event_target: 'demo' }]);
    expect(closed).toBe(1);
    controller.update('netflix-downloader', '', false);
    expect(banner.hidden).toBe(true);
    stop();
  });

  it('asks for the coupon modal on the store page', () => {
    document.body.innerHTML = renderCampaignBannerHtml({ campaign: CAMPAIGN, route: 'store', prefix: '', hidden: false, labels: LABELS });
    const banner = document.getElementById('rk-campaign-banner')!;
    const asked: unknown[] = [];
    const stop = onSiteEvent('couponModalRequested', (detail) => asked.push(detail));
    startCampaignBanner(banner, CAMPAIGN, () => undefined).update('store', '', false);
    banner.querySelector('a')!.click();
    expect(asked).toEqual([{}]);
    stop();
  });
});
