import { CONTRACT_VERSION, type RemotePageModule } from '@reelkeep/shared-contracts';
import { CheckoutPage } from './CheckoutPage.tsx';
import { loadCheckoutPage } from './loaders.server.ts';
import { checkoutSlice, openCheckoutEvents } from './checkout-slice.ts';

// The loader runs on the server only; the browser build drops it and what it reads (zod among them).
const checkoutLoader = __SERVER__ ? loadCheckoutPage : undefined;

export default {
  remote: 'mf-checkout',
  contractVersion: CONTRACT_VERSION,
  pages: {
    checkout: {
      Component: CheckoutPage,
      loader: checkoutLoader,
      head: (t) => ({ title: t('title'), description: t('description') }),
      namespaces: () => ['checkout', 'member'],
      openingEvents: openCheckoutEvents,
    },
  },
  slices: [checkoutSlice],
} satisfies RemotePageModule;
