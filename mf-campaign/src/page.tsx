import { CONTRACT_VERSION, type PageDefinition, type RemotePageModule } from '@reelkeep/shared-contracts';
import { CampaignPage } from './CampaignPage.tsx';

const campaignPage: PageDefinition<null> = {
  Component: CampaignPage,
  head: (t) => ({ title: t('title'), description: t('description') }),
  namespaces: ({ pageName }) => [pageName],
};

export default {
  remote: 'mf-campaign',
  contractVersion: CONTRACT_VERSION,
  pages: {
    'sales-campaign': campaignPage,
    store: campaignPage,
    'event-center': campaignPage,
  },
} satisfies RemotePageModule;
