import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_VERSION, type PageDefinition, type PageProps, type RemotePageModule, type Translate } from '@reelkeep/shared-contracts';
import { loadProductPage, loadServicePage } from './loaders.server.ts';
import { TitledPage } from './pages/TitledPage.tsx';
import * as styles from './pages/TitledPage.module.css';

type Values = Record<string, string> | null;

const headFromPage = (t: Translate, _match: unknown, data: Values) => ({
  title: t('title', data ?? {}),
  description: t('description', data ?? {}),
  keywords: t('keywords', { ...data, defaultValue: '' }),
});

function titledPage(loader?: PageDefinition<Values>['loader']): PageDefinition<Values> {
  return { Component: TitledPage, loader, head: headFromPage, namespaces: ({ pageName }) => [pageName] };
}

/** The home page; it keeps one direct React hook so a wrong React copy on the server fails loudly (TOOLCHAIN pitfall 1). */
function HomePage({ pageName }: PageProps<Values>) {
  const { t } = useTranslation(pageName);
  const [highlighted] = useState('home');
  return (
    <article className={styles.page} data-page={highlighted}>
      <h1 className={styles.heading}>{t('heading')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
    </article>
  );
}

// Loaders run on the server only; the browser build drops them and the catalogue they read.
const productLoader = __SERVER__ ? loadProductPage : undefined;
const serviceLoader = __SERVER__ ? loadServicePage : undefined;

/** Names the service of a landing page; the generic adult page takes its name from the translations. */
function serviceHead(t: Translate, match: unknown, data: Values) {
  return headFromPage(t, match, data?.service === undefined ? { service: t('adult_name') } : data);
}

function ServiceLandingPage(props: PageProps<Values>) {
  const { t } = useTranslation(props.pageName);
  const data = props.data?.service === undefined ? { service: t('adult_name') } : props.data;
  return <TitledPage {...props} data={data} />;
}

export default {
  remote: 'mf-landing',
  contractVersion: CONTRACT_VERSION,
  pages: {
    home: { Component: HomePage, head: headFromPage, namespaces: () => ['home'] },
    downloading: titledPage(),
    'product-overview': titledPage(),
    contact: titledPage(),
    pagelink: titledPage(),
    ping: titledPage(),
    uninstallation: titledPage(),
    'thanks-for-installing': titledPage(productLoader),
    'thanks-for-using': titledPage(productLoader),
    'movie-downloader': titledPage(),
    'service-downloader': {
      Component: ServiceLandingPage,
      head: serviceHead,
      namespaces: () => ['landing'],
      loader: serviceLoader,
    },
  },
} satisfies RemotePageModule;
