import { CONTRACT_VERSION, type PageDefinition, type RemotePageModule, type Translate } from '@reelkeep/shared-contracts';
import { EventCenterPage, SalesCampaignPage, StorePage } from './CampaignPages.tsx';
import { loadCampaignPage, loadPlanPage, type CampaignPageData, type PlanPageData } from './loaders.server.ts';
import { listPlanOffers, toPlanCheckoutHref } from './plan-offers.ts';
import { AioSpecialOfferPage, PricingPage } from './PlanPages.tsx';

// The loader runs on the server only; the browser build drops it and what it reads (zod among them).
const campaignLoader = __SERVER__ ? loadCampaignPage : undefined;
const planLoader = __SERVER__ ? loadPlanPage : undefined;

/** The running sale as schema.org describes one (a `SaleEvent` with its dates and the page it lives on). */
function describeSale(t: Translate, data: CampaignPageData | undefined, path: string): Record<string, unknown>[] {
  const campaign = data?.campaign;
  if (!campaign) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'SaleEvent',
      name: t(`campaign:names.${campaign.nameKey}`),
      description: t(`campaign:names.${campaign.navTitleKey ?? campaign.nameKey}`),
      startDate: new Date(campaign.startsAt).toISOString(),
      endDate: new Date(campaign.endsAt).toISOString(),
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'VirtualLocation', url: path },
      ...(campaign.images.bgEvent ? { image: campaign.images.bgEvent } : {}),
    },
  ];
}

/** A campaign page: its own namespace for the head, the campaign namespace for names, coupons and offers. */
const campaignPage = (Component: PageDefinition<CampaignPageData>['Component']): PageDefinition<CampaignPageData> => ({
  Component,
  loader: campaignLoader,
  head: (t, match, data) => ({
    title: t('title'),
    description: t('description'),
    structuredData: describeSale(t, data, `/${match.route}`),
  }),
  namespaces: ({ pageName }) => [pageName, 'campaign'],
});

/**
 * The plans of a pricing page as schema.org describes a product's offers: each plan of the link's OS at the
 * base price with the running campaign's coupon applied, leading to the checkout that charges it.
 */
function describePlans(t: Translate, data: PlanPageData | undefined, source: string): Record<string, unknown>[] {
  if (!data) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: t(data.os === 'mac' ? 'pricing.product_mac' : 'pricing.product_win'),
      description: t('pricing.description'),
      brand: { '@type': 'Brand', name: t('common:brand.name') },
      offers: listPlanOffers(data.campaign, data.os, 'old', data.now).map((offer) => ({
        '@type': 'Offer',
        name: t(`pricing.plan_names.${offer.type}`),
        sku: offer.pid,
        price: (offer.totalCents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: toPlanCheckoutHref('', offer, source),
      })),
    },
  ];
}

/** A page that sells the plans: the campaign namespace holds its words (`pricing`, `aio`), head included. */
const planPage = (
  Component: PageDefinition<PlanPageData>['Component'],
  section: 'pricing' | 'aio',
  source: string,
): PageDefinition<PlanPageData> => ({
  Component,
  loader: planLoader,
  head: (t, _match, data) => ({
    title: t(`${section}.title`),
    description: t(`${section}.description`),
    structuredData: describePlans(t, data, source),
  }),
  namespaces: () => ['campaign'],
});

export default {
  remote: 'mf-campaign',
  contractVersion: CONTRACT_VERSION,
  pages: {
    'sales-campaign': campaignPage(SalesCampaignPage),
    store: campaignPage(StorePage),
    'event-center': campaignPage(EventCenterPage),
    pricing: planPage(PricingPage, 'pricing', 'pricing'),
    'aio-special-offer': planPage(AioSpecialOfferPage, 'aio', 'aio_special_offer'),
  },
} satisfies RemotePageModule;
