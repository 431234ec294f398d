import {
  CONTRACT_VERSION,
  type HeadFields,
  type PageDefinition,
  type RemotePageModule,
  type RouteMatch,
  type Translate,
} from '@reelkeep/shared-contracts';
import {
  loadAllInOne,
  loadContactPage,
  loadDownloadingPage,
  loadProductPage,
  loadServicePage,
  loadShowcase,
  loadUninstallationPage,
} from './loaders.server.ts';
import { buildHomeFaq, HomePage } from './pages/HomePage.tsx';
import { lazyPage } from './lazy-page.tsx';
import { buildServiceFaq, ServiceLandingPage, toServiceValues } from './pages/ServiceLandingPage.tsx';
import { toFaqStructuredData } from './components/FaqList.tsx';
import { buildSoftwareApplication } from './structured-data.ts';
import type { DownloadingPageData, ProductPageData, ServicePageData, ShowcaseData } from './pages/page-data.ts';

// Loaders run on the server only; the browser build drops them and the catalogue they read.
const serviceLoader = __SERVER__ ? loadServicePage : undefined;
const showcaseLoader = __SERVER__ ? loadShowcase : undefined;
const productLoader = __SERVER__ ? loadProductPage : undefined;
const allInOneLoader = __SERVER__ ? loadAllInOne : undefined;
const downloadingLoader = __SERVER__ ? loadDownloadingPage : undefined;
const contactLoader = __SERVER__ ? loadContactPage : undefined;
const uninstallationLoader = __SERVER__ ? loadUninstallationPage : undefined;
const pingLoader = __SERVER__ ? () => ({ checkedAt: new Date().toISOString() }) : undefined;

const headFromPage = (t: Translate, _match: RouteMatch, data: unknown): HeadFields => {
  const values = (data ?? {}) as Record<string, string>;
  return { title: t('title', values), description: t('description', values), keywords: t('keywords', { ...values, defaultValue: '' }) };
};

// Pages off the landing routes (home, a service's page) load in chunks of their own, after the page module.
const infoPages = () => import('./pages/InfoPages.tsx');
const formPages = () => import('./pages/FormPages.tsx');
const MovieDownloaderPage = lazyPage(async () => (await infoPages()).MovieDownloaderPage);
const ProductOverviewPage = lazyPage(async () => (await infoPages()).ProductOverviewPage);
const DownloadingPage = lazyPage(async () => (await infoPages()).DownloadingPage);
const ThanksPage = lazyPage(async () => (await infoPages()).ThanksPage);
const PingPage = lazyPage(async () => (await infoPages()).PingPage);
const PageLinkPage = lazyPage(async () => (await infoPages()).PageLinkPage);
const ContactPage = lazyPage(async () => (await formPages()).ContactPage);
const UninstallationPage = lazyPage(async () => (await formPages()).UninstallationPage);

/** A page of this squad that reads its own namespace plus the shared landing copy (CTA, plans). */
function page<Data>(
  code: PageDefinition<Data>['Component'] | Pick<PageDefinition<Data>, 'Component' | 'preload'>,
  loader?: PageDefinition<Data>['loader'],
  head: PageDefinition<Data>['head'] = headFromPage,
): PageDefinition<Data> {
  const { Component, preload } = 'Component' in code ? code : { Component: code, preload: undefined };
  return { Component, preload, loader, head, namespaces: ({ pageName }) => [pageName, 'landing'] };
}

export default {
  remote: 'mf-landing',
  contractVersion: CONTRACT_VERSION,
  pages: {
    home: page<ShowcaseData>(HomePage, showcaseLoader, (t, match, data) => ({
      ...headFromPage(t, match, data),
      structuredData: [buildSoftwareApplication(t('description')), toFaqStructuredData(buildHomeFaq(t, data.serviceCount))],
    })),
    'service-downloader': {
      Component: ServiceLandingPage,
      loader: serviceLoader,
      namespaces: () => ['landing'],
      head: (t, _match, data: ServicePageData) => {
        const values = toServiceValues(t, data.service);
        const description = t('description', values);
        return {
          title: t('title', values),
          description,
          keywords: t('keywords', values),
          type: 'product',
          structuredData: [buildSoftwareApplication(description), toFaqStructuredData(buildServiceFaq(t, data.service))],
        };
      },
    },
    'movie-downloader': page<ShowcaseData>(MovieDownloaderPage, showcaseLoader, (t, _match, data) => ({
      title: t('title'),
      description: t('description', { count: data.serviceCount }),
    })),
    'product-overview': page<ProductPageData>(ProductOverviewPage, allInOneLoader, (t, match, data) => ({
      ...headFromPage(t, match, data),
      structuredData: [buildSoftwareApplication(t('description'))],
    })),
    downloading: page<DownloadingPageData>(DownloadingPage, downloadingLoader),
    'thanks-for-installing': page<ProductPageData>(ThanksPage, productLoader),
    'thanks-for-using': page<ProductPageData>(ThanksPage, productLoader),
    ping: page(PingPage, pingLoader),
    pagelink: page(PageLinkPage),
    uninstallation: page(UninstallationPage, uninstallationLoader),
    contact: page(ContactPage, contactLoader),
  },
} satisfies RemotePageModule;
