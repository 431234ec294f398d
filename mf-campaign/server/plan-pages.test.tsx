/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CampaignDto, PriceVariant } from '@reelkeep/shared-contracts';
import { renderWithShell } from '@reelkeep/shell/testing';
import { AioSpecialOfferPage, PricingPage } from '../src/PlanPages.tsx';
import type { PlanPageData } from '../src/loaders.server.ts';
import { buildDemoCampaign } from './demo-campaign.ts';

const readCampaign = (locale: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}/campaign.json`), 'utf8')) as Record<string, never>;
const fr = readCampaign('fr') as unknown as {
  pricing: Record<string, string> & { plan_names: Record<string, string> };
  aio: Record<string, string>;
  names: Record<string, string>;
};

const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const demo = buildDemoCampaign(NOW - 1000);
/** The demo campaign as the campaign API answers it (coupons REEL40 on lifetime plans, REEL20, REEL10, REEL5). */
const DEMO: CampaignDto = {
  ...demo,
  displayedEndsAt: demo.endsAt,
  expired: false,
  coupons: demo.coupons.map(({ code, text, discountCents, allowedTypes, minPriceCents, show }) => ({
    code,
    text,
    discountCents,
    allowedTypes,
    minPriceCents,
    show,
    campaignId: demo.id,
    startsAt: demo.startsAt,
    endsAt: demo.endsAt,
  })),
};

function renderPage(Page: typeof PricingPage, route: 'pricing' | 'aio-special-offer', data: PlanPageData, variant: PriceVariant = 'old') {
  return renderWithShell(<Page data={data} route={route} locale="fr" params={{}} pageName={route.replace(/-/g, '_')} />, {
    locale: 'fr',
    path: `/${route}`,
    namespaces: ['campaign'],
    state: { ab: { values: { abPlanPrice: variant } } },
  });
}

const buyLinks = () => screen.getAllByRole('link', { name: fr.pricing.buy }).map((link) => link.getAttribute('href'));

describe('the pricing page', () => {
  it('sells every plan of the OS with the running campaign’s best coupon applied, each leading to the checkout with it', () => {
    renderPage(PricingPage, 'pricing', { campaign: DEMO, eventCenter: [], now: NOW, os: 'mac', query: 'start_time=20261124000000' });
    expect(screen.getByText(fr.names.demo!)).toBeTruthy();
    expect(buyLinks()).toEqual([
      '/fr/checkout?plan=1M&os=mac&coupon=REEL5&source=pricing',
      '/fr/checkout?plan=6M&os=mac&coupon=REEL10&source=pricing',
      '/fr/checkout?plan=1Y&os=mac&coupon=REEL20&source=pricing',
      '/fr/checkout?plan=LFT&os=mac&coupon=REEL40&source=pricing',
      '/fr/checkout?plan=LFT_3&os=mac&coupon=REEL40&source=pricing',
      '/fr/checkout?plan=LFT_5&os=mac&coupon=REEL40&source=pricing',
    ]);
    const yearly = document.querySelector<HTMLElement>('[data-plan="1Y"]')!;
    // 89.90 − 20 = 69.90, against 129.90 regular.
    expect(within(yearly).getByText(/69,90/)).toBeTruthy();
    expect(within(yearly).getByText(/129,90/)).toBeTruthy();
    expect(within(yearly).getByText(fr.pricing.badge_main!)).toBeTruthy();
    // The OS switch keeps the link's preview.
    expect(screen.getByRole('link', { name: 'Windows' }).getAttribute('href')).toBe('/fr/pricing?start_time=20261124000000&os=win');
    expect(screen.getByRole('link', { name: 'Mac' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the visitor’s price variant, as the checkout charges it', () => {
    renderPage(PricingPage, 'pricing', { campaign: DEMO, eventCenter: [], now: NOW, os: 'win', query: '' }, 'price_b');
    // Price B of the yearly plan is 104.90, minus REEL20.
    expect(within(document.querySelector<HTMLElement>('[data-plan="1Y"]')!).getByText(/84,90/)).toBeTruthy();
  });

  it('sells at everyday prices, without a coupon, when no campaign runs or only a previewed one', () => {
    for (const campaign of [null, { ...DEMO, startsAt: NOW + 1000 }]) {
      const view = renderPage(PricingPage, 'pricing', { campaign, eventCenter: [], now: NOW, os: 'win', query: '' });
      expect(screen.getByText(fr.pricing.everyday_note!)).toBeTruthy();
      expect(buyLinks().every((href) => !href!.includes('coupon='))).toBe(true);
      expect(screen.queryByRole('timer')).toBeNull();
      view.unmount();
    }
  });
});

describe('the all-in-one special offer', () => {
  it('leads with the lifetime licence at its sale price, its deals and its coupons', () => {
    renderPage(AioSpecialOfferPage, 'aio-special-offer', { campaign: DEMO, eventCenter: [], now: NOW, os: 'win', query: '' });
    expect(screen.getByRole('heading', { level: 1, name: fr.aio.heading })).toBeTruthy();
    // 149.90 − 40 = 109.90, in the hero and on the lifetime deal.
    expect(screen.getAllByText(/109,90/, { selector: 'strong' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: fr.aio.cta }).getAttribute('href')).toBe(
      '/fr/checkout?plan=LFT&os=win&coupon=REEL40&source=aio_special_offer',
    );
    expect(buyLinks()).toHaveLength(3);
    expect(screen.getAllByRole('listitem').filter((item) => item.id.startsWith('coupon-'))).toHaveLength(4);
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it('keeps its special price and says no coupon is needed when no campaign runs', () => {
    renderPage(AioSpecialOfferPage, 'aio-special-offer', { campaign: null, eventCenter: [], now: NOW, os: 'win', query: '' });
    expect(screen.getByText(fr.aio.no_coupon_needed!)).toBeTruthy();
    expect(screen.getByRole('link', { name: fr.aio.cta }).getAttribute('href')).toBe('/fr/checkout?plan=LFT&os=win&source=aio_special_offer');
    expect(document.getElementById('coupons')).toBeNull();
  });
});

describe('the plan pages’ head', () => {
  it('describes the plans as a schema.org Product with an offer per plan at the price the checkout link charges', async () => {
    Object.assign(globalThis, { __SERVER__: true });
    const { default: campaignPages } = await import('../src/page.tsx');
    const head = campaignPages.pages.pricing.head;
    const match = { route: 'pricing' as const, locale: 'fr' as const, params: {}, pageName: 'pricing' };
    const t = (key: string) => key;
    const [product] = head(t, match, { campaign: DEMO, eventCenter: [], now: NOW, os: 'win', query: '' }).structuredData as Record<string, unknown>[];
    expect(product).toMatchObject({ '@type': 'Product', name: 'pricing.product_win' });
    expect((product!.offers as Record<string, unknown>[]).map((offer) => [offer.sku, offer.price, offer.url])).toEqual([
      ['107211M', '24.90', '/checkout?plan=1M&os=win&coupon=REEL5&source=pricing'],
      ['107216M', '49.90', '/checkout?plan=6M&os=win&coupon=REEL10&source=pricing'],
      ['107211Y', '69.90', '/checkout?plan=1Y&os=win&coupon=REEL20&source=pricing'],
      ['10721LFT', '109.90', '/checkout?plan=LFT&os=win&coupon=REEL40&source=pricing'],
      ['10721LFT_3', '159.90', '/checkout?plan=LFT_3&os=win&coupon=REEL40&source=pricing'],
      ['10721LFT_5', '209.90', '/checkout?plan=LFT_5&os=win&coupon=REEL40&source=pricing'],
    ]);
    // Without a running campaign, the Mac plans at their everyday prices.
    const everyday = campaignPages.pages['aio-special-offer'].head(
      t,
      { ...match, route: 'aio-special-offer' },
      { campaign: null, eventCenter: [], now: NOW, os: 'mac', query: '' },
    );
    expect(everyday.title).toBe('aio.title');
    const [macProduct] = everyday.structuredData as Record<string, unknown>[];
    expect(macProduct).toMatchObject({ name: 'pricing.product_mac' });
    expect((macProduct!.offers as Record<string, unknown>[]).map((offer) => [offer.sku, offer.price])[2]).toEqual(['107811Y', '89.90']);
  });
});
