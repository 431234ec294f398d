import { CONTRACT_VERSION, type PageDefinition, type RemotePageModule, type Translate } from '@reelkeep/shared-contracts';
import { EventCenterPage, SalesCampaignPage, StorePage } from './CampaignPages.tsx';
import { loadCampaignPage, type CampaignPageData } from './loaders.server.ts';

// The loader runs on the server only; the browser build drops it and what it reads (zod among them).
const campaignLoader = __SERVER__ ? loadCampaignPage : undefined;

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

export default {
  remote: 'mf-campaign',
  contractVersion: CONTRACT_VERSION,
  pages: {
    'sales-campaign': campaignPage(SalesCampaignPage),
    store: campaignPage(StorePage),
    'event-center': campaignPage(EventCenterPage),
  },
} satisfies RemotePageModule;
