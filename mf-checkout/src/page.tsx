import { CONTRACT_VERSION, type RemotePageModule } from '@reelkeep/shared-contracts';
import { CheckoutPage } from './CheckoutPage.tsx';

export default {
  remote: 'mf-checkout',
  contractVersion: CONTRACT_VERSION,
  pages: {
    checkout: {
      Component: CheckoutPage,
      head: (t) => ({ title: t('title'), description: t('description') }),
      namespaces: () => ['checkout', 'member'],
    },
  },
} satisfies RemotePageModule;
