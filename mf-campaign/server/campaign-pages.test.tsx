/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderWithShell } from '@reelkeep/shell/testing';
import type { CampaignDto } from '@reelkeep/shared-contracts';
import { EventCenterPage, SalesCampaignPage, StorePage } from '../src/CampaignPages.tsx';
import type { CampaignPageData } from '../src/loaders.server.ts';
import { buildDemoCampaign } from './demo-campaign.ts';

const read = (namespace: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/fr/${namespace}.json`), 'utf8')) as Record<string, never>;
const campaign = read('campaign') as unknown as { ui: Record<string, string>; names: Record<string, string>; carousel: Record<string, string> };
const carouselTexts = campaign.carousel;

const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const DEMO: CampaignDto = {
  id: 'demo',
  nameKey: 'demo',
  newsletterKey: null,
  navTitleKey: 'demo_nav',
  route: 'sales-campaign',
  startsAt: NOW - 3_600_000,
  endsAt: NOW + 86_400_000,
  displayedEndsAt: NOW + 86_400_000 + 3_661_000,
  isImportant: true,
  noNavRoutes: [],
  noAdRoutes: [],
  images: {},
  bottomAd: null,
  carousel: [],
  coupons: [
    {
      code: 'REEL40',
      text: '',
      discountCents: 4000,
      allowedTypes: ['LFT'],
      minPriceCents: 14990,
      show: true,
      campaignId: 'demo',
      startsAt: 0,
      endsAt: 1,
    },
    { code: 'REEL5', text: '', discountCents: 500, allowedTypes: [], minPriceCents: 0, show: true, campaignId: 'demo', startsAt: 0, endsAt: 1 },
    { code: 'REEL20', text: '', discountCents: 2000, allowedTypes: [], minPriceCents: 7990, show: true, campaignId: 'demo', startsAt: 0, endsAt: 1 },
    { code: 'REEL1', text: '', discountCents: 100, allowedTypes: [], minPriceCents: 0, show: true, campaignId: 'demo', startsAt: 0, endsAt: 1 },
    { code: 'HIDDEN', text: '', discountCents: 900, allowedTypes: [], minPriceCents: 0, show: false, campaignId: 'demo', startsAt: 0, endsAt: 1 },
  ],
  expired: false,
};

function renderPage(Page: typeof StorePage, pageName: string, data: CampaignPageData) {
  const match = { route: pageName.replace('_', '-') as 'store', locale: 'fr' as const, params: {}, pageName };
  renderWithShell(<Page data={data} {...match} />, { locale: 'fr', path: '/store', namespaces: [pageName, 'campaign'] });
}

describe('the campaign pages', () => {
  it('list the three largest shown coupons, each leading to the checkout with it applied, and copy a code with a tip', async () => {
    // The countdown reads the clock once hydrated: the test's clock is the loader's.
    jest.useFakeTimers({ now: NOW });
    renderPage(StorePage, 'store', { campaign: DEMO, eventCenter: [], now: NOW });
    expect(screen.getByText(campaign.names.demo!)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: campaign.ui.use_coupon });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/fr/checkout?coupon=REEL40&source=store',
      '/fr/checkout?coupon=REEL20&source=store',
      '/fr/checkout?coupon=REEL5&source=store',
    ]);
    expect(screen.queryByText('REEL1')).toBeNull();
    expect(screen.queryByText('HIDDEN')).toBeNull();
    // The countdown renders the server's time left: 1 day, 1 hour, 1 minute, 1 second.
    expect(screen.getByRole('timer').textContent).toMatch(/01\D+01\D+01\D+01\D+$/);
    jest.useRealTimers();

    const writeText = jest.fn<(text: string) => Promise<void>>().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.assign(navigator, { clipboard: { writeText } });
    const [first, second] = screen.getAllByRole('button', { name: campaign.ui.copy });
    await act(async () => fireEvent.click(first!));
    expect(writeText).toHaveBeenCalledWith('REEL40');
    expect(screen.getByText(campaign.ui.copied!)).toBeTruthy();
    await act(async () => fireEvent.click(second!));
    expect(screen.getByText(campaign.ui.copy_failed!)).toBeTruthy();
  });

  it('say that no sale runs, and lead to the plans, when none does', () => {
    renderPage(SalesCampaignPage, 'sales_campaign', { campaign: null, eventCenter: [], now: NOW });
    expect(screen.getByRole('heading', { level: 2, name: campaign.ui.none_heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: campaign.ui.see_plans }).getAttribute('href')).toBe('/fr/checkout');
  });

  it('list the event centre’s entries with their texts, float text and button; masked and ended ones without a button', () => {
    const carousel = buildDemoCampaign(NOW).carousel;
    const msbf = {
      ...DEMO,
      id: 'msbf',
      nameKey: 'msbf',
      endsAt: NOW - 1,
      expired: true,
      carousel: [{ ...carousel[1]!, titleKey: 'msbf_title', descriptionKey: 'msbf_description', couponCode: undefined }],
    };
    renderPage(EventCenterPage, 'event_center', { campaign: null, eventCenter: [{ ...DEMO, carousel }, msbf], now: NOW });
    const groups = screen.getAllByRole('region');
    expect(groups.map((group) => group.getAttribute('data-campaign'))).toEqual(['demo', 'msbf']);
    const cards = [...groups[0]!.querySelectorAll('li')];
    // Featured first, with its float text, the quoted coupon's amount and code in the locale's words, and its button.
    expect(cards.map((card) => [card.dataset.state, card.dataset.featured])).toEqual([
      ['live', 'true'],
      ['live', 'false'],
      ['masked', 'false'],
    ]);
    expect(cards[0]!.textContent).toContain(carouselTexts.demo_lifetime_float);
    expect(cards[0]!.textContent).toMatch(/40,00\s\$/);
    expect(cards[0]!.textContent).toContain('REEL40');
    expect(cards[0]!.querySelector('a')!.getAttribute('href')).toBe('/fr/store?source=event_center&coupon=REEL40');
    expect(cards[1]!.textContent).toContain('REEL20');
    expect(cards[2]!.textContent).toContain(carouselTexts.demo_gift_float);
    expect(cards[2]!.querySelector('a')).toBeNull();
    const ended = groups[1]!.querySelector('li')!;
    expect(ended.dataset.state).toBe('expired');
    expect(ended.querySelector('a')).toBeNull();
    expect(ended.textContent).toContain(campaign.ui.expired);
    expect(screen.getByText(campaign.ui.running!)).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('describe the running sale as a schema.org SaleEvent, and nothing when none runs', async () => {
    // The page module reads the build's target flag when it loads.
    Object.assign(globalThis, { __SERVER__: true });
    const { default: campaignPages } = await import('../src/page.tsx');
    const head = campaignPages.pages['sales-campaign'].head;
    const match = { route: 'sales-campaign' as const, locale: 'fr' as const, params: {}, pageName: 'sales_campaign' };
    const t = (key: string) => key;
    expect(head(t, match, { campaign: DEMO, eventCenter: [], now: NOW }).structuredData).toEqual([
      expect.objectContaining({
        '@type': 'SaleEvent',
        name: 'campaign:names.demo',
        startDate: new Date(DEMO.startsAt).toISOString(),
        endDate: new Date(DEMO.endsAt).toISOString(),
      }),
    ]);
    expect(head(t, match, { campaign: null, eventCenter: [], now: NOW }).structuredData).toEqual([]);
  });
});
