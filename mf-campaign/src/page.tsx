import { CONTRACT_VERSION, type PageDefinition, type RemotePageModule } from '@reelkeep/shared-contracts';
import { EventCenterPage, SalesCampaignPage, StorePage } from './CampaignPages.tsx';
import { loadCampaignPage, type CampaignPageData } from './loaders.server.ts';

// The loader runs on the server only; the browser build drops it and what it reads (zod among them).
const campaignLoader = __SERVER__ ? loadCampaignPage : undefined;

/** A campaign page: its own namespace for the head, the campaign namespace for names, coupons and offers. */
const campaignPage = (Component: PageDefinition<CampaignPageData>['Component']): PageDefinition<CampaignPageData> => ({
  Component,
  loader: campaignLoader,
  head: (t) => ({ title: t('title'), description: t('description') }),
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
