import { CONTRACT_VERSION, type RemotePageModule } from '@reelkeep/shared-contracts';
import { CheckoutPage } from './CheckoutPage.tsx';
import { loadCheckoutPage } from './loaders.server.ts';

export default {
  remote: 'mf-checkout',
  contractVersion: CONTRACT_VERSION,
  pages: {
    checkout: {
      Component: CheckoutPage,
      loader: loadCheckoutPage,
      head: (t) => ({ title: t('title'), description: t('description') }),
      namespaces: () => ['checkout', 'member'],
    },
  },
} satisfies RemotePageModule;
