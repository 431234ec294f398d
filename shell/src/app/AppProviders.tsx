import { createContext, useContext, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { FrameData } from '@reelkeep/shared-contracts';
import type { I18n } from '@reelkeep/shared-contracts/i18n';
import { PageModulesContext, type PageModules } from '../federation/page-modules.ts';
import { NavigatorContext, type Navigator } from '../routing/navigator.ts';
import type { createSiteStore } from '../store/create-site-store.ts';
import { FrameDataContext } from './frame-data.ts';

/** Whether React renders the page head (the browser), or the server wrote it into the document already. */
const HeadInTreeContext = createContext(false);

/** Tells the head components whether they render the head tags. */
export function useHeadInTree(): boolean {
  return useContext(HeadInTreeContext);
}

/** Everything the frame and the pages read from context. */
export interface AppProvidersProps {
  store: ReturnType<typeof createSiteStore>['store'];
  /** The page's i18next instance (one per render on the server, one per page in the browser). */
  i18n: I18n;
  modules: PageModules;
  frame: FrameData;
  navigator: Navigator;
  /** True in the browser: React keeps the head in step with the page (docs/routing.md "Page head"). */
  headInTree: boolean;
  children: ReactNode;
}

/** The one provider tree of the site, the same for the server render and the browser. */
export function AppProviders({ store, i18n, modules, frame, navigator, headInTree, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <PageModulesContext.Provider value={modules}>
          <FrameDataContext.Provider value={frame}>
            <NavigatorContext.Provider value={navigator}>
              <HeadInTreeContext.Provider value={headInTree}>{children}</HeadInTreeContext.Provider>
            </NavigatorContext.Provider>
          </FrameDataContext.Provider>
        </PageModulesContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}
