import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { DS, toLocalePath, selectLocale, selectOs, type PageProps } from '@reelkeep/shared-contracts';
import { DownloadButtons, toDownloadHref, toInstallAttributes } from '../components/DownloadButtons.tsx';
import { FeatureGrid } from '../components/FeatureGrid.tsx';
import { Hero } from '../components/Hero.tsx';
import { Icon } from '../components/Icon.tsx';
import { PlansTeaser } from '../components/PlansTeaser.tsx';
import { ServiceChips } from '../components/ServiceChips.tsx';
import { StepList } from '../components/StepList.tsx';
import type { DownloadingPageData, ProductPageData, ShowcaseData } from './page-data.ts';
import * as styles from './InfoPages.module.css';

const STEPS = ['one', 'two', 'three'] as const;

/** `/movie-downloader`: films from every service, with the services that carry them. */
export function MovieDownloaderPage({ data, pageName }: PageProps<ShowcaseData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  return (
    <>
      <Hero title={t('heading')} lead={t('lead')}>
        <DownloadButtons installers={data.installers} buyHref={toLocalePath(locale, '/checkout')} />
      </Hero>
      <section className={DS.sectionMuted} aria-labelledby="movie-services">
        <div className={DS.container}>
          <h2 id="movie-services" className={DS.h2}>
            {t('services_title')}
          </h2>
          <p className={DS.lead}>{t('services_lead', { count: data.serviceCount })}</p>
          <ServiceChips services={data.services} />
        </div>
      </section>
      <StepList title={t('steps.title')} steps={STEPS.map((step) => ({ title: t(`steps.${step}.title`), text: t(`steps.${step}.text`) }))} />
    </>
  );
}

const OVERVIEW_FEATURES = ['quality', 'audio', 'subtitles', 'batch', 'formats', 'speed', 'library', 'privacy', 'updates'] as const;
const OVERVIEW_ICONS = ['quality', 'audio', 'subtitles', 'batch', 'formats', 'speed', 'play', 'shield', 'download'] as const;
const REQUIREMENTS = ['os', 'cpu', 'memory', 'disk', 'network'] as const;

/** `/product-overview`: everything the app does, its requirements and plans. */
export function ProductOverviewPage({ data, pageName }: PageProps<ProductPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  return (
    <>
      <Hero eyebrow={t('eyebrow')} title={t('heading')} lead={t('lead')}>
        <DownloadButtons installers={data.installers} buyHref={toLocalePath(locale, '/checkout')} />
      </Hero>
      <section className={DS.sectionMuted} aria-labelledby="inside-title">
        <div className={`${DS.container} ${styles.inside}`}>
          <h2 id="inside-title" className={DS.h2}>
            {t('inside_title')}
          </h2>
          <picture>
            <source
              type="image/avif"
              srcSet="/assets/landing/app-window-640.avif 640w, /assets/landing/app-window-1280.avif 1280w"
              sizes="(max-width: 700px) 100vw, 640px"
            />
            <source
              type="image/webp"
              srcSet="/assets/landing/app-window-640.webp 640w, /assets/landing/app-window-1280.webp 1280w"
              sizes="(max-width: 700px) 100vw, 640px"
            />
            <img
              className={styles.screenshot}
              src="/assets/landing/app-window-640.png"
              srcSet="/assets/landing/app-window-1280.png 1280w"
              sizes="(max-width: 700px) 100vw, 640px"
              width="640"
              height="434"
              loading="lazy"
              decoding="async"
              alt={t('inside_alt')}
            />
          </picture>
        </div>
      </section>
      <FeatureGrid
        title={t('features_title')}
        features={OVERVIEW_FEATURES.map((key, index) => ({
          icon: OVERVIEW_ICONS[index]!,
          title: t(`features.${key}.title`),
          text: t(`features.${key}.text`),
        }))}
      />
      <section className={DS.sectionMuted} aria-labelledby="requirements-title">
        <div className={DS.container}>
          <h2 id="requirements-title" className={DS.h2}>
            {t('requirements.title')}
          </h2>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>{t('requirements.item')}</span>
                  </th>
                  <th scope="col">
                    <Icon name="windows" className={styles.osIcon} /> Windows
                  </th>
                  <th scope="col">
                    <Icon name="apple" className={styles.osIcon} /> macOS
                  </th>
                </tr>
              </thead>
              <tbody>
                {REQUIREMENTS.map((row) => (
                  <tr key={row}>
                    <th scope="row">{t(`requirements.${row}.label`)}</th>
                    <td>{t(`requirements.${row}.win`)}</td>
                    <td>{t(`requirements.${row}.mac`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
      <PlansTeaser />
    </>
  );
}

/** `/downloading`: the installer for the detected OS and how to install it. */
export function DownloadingPage({ data, pageName }: PageProps<DownloadingPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const os = useSelector(selectOs);
  const mac = os === 'mac' && data.installers.mac !== null;
  // docs/routing.md "Server paths": the version `/product/info` gave; none when it could not be asked.
  const version = mac ? data.versions?.mac : data.versions?.win;
  return (
    <>
      <section className={`${DS.section} ${styles.centered}`}>
        <div className={DS.container}>
          <span className={styles.bigIcon}>
            <Icon name="download" />
          </span>
          <h1 className={DS.display}>{t('heading')}</h1>
          <p className={`${DS.lead} ${styles.centeredLead}`}>{t('lead')}</p>
          <p className={styles.actions}>
            <a
              className={`${DS.buttonPrimary} ${DS.buttonLarge}`}
              href={toDownloadHref(mac ? data.installers.mac! : data.installers.win)}
              {...toInstallAttributes(mac ? data.installers.ids?.mac : data.installers.ids?.win)}
            >
              <Icon name={mac ? 'apple' : 'windows'} className={styles.osIcon} />
              {t(mac ? 'download_mac' : 'download_win')}
            </a>
          </p>
          {version && (
            <p className={DS.muted} data-testid="app-version">
              {t('version', { version })}
            </p>
          )}
          <p className={DS.muted}>
            {t('other_os_hint')} <a href={toLocalePath(locale, '/product-overview')}>{t('other_os_link')}</a>
          </p>
        </div>
      </section>
      <StepList
        title={t('steps.title')}
        steps={STEPS.map((step) => ({ title: t(`steps.${step}.title`), text: t(mac ? `steps.${step}.mac` : `steps.${step}.win`) }))}
      />
    </>
  );
}

/** `/thanks-for-installing-{product}` and `/thanks-for-using-{product}`. */
export function ThanksPage({ data, pageName }: PageProps<ProductPageData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  return (
    <section className={`${DS.section} ${styles.centered}`}>
      <div className={DS.container}>
        <span className={styles.bigIcon}>
          <Icon name="check" />
        </span>
        <h1 className={DS.display}>{t('heading', { product: data.product })}</h1>
        <p className={`${DS.lead} ${styles.centeredLead}`}>{t('lead', { product: data.product })}</p>
        <ol className={styles.tips}>
          {STEPS.map((step) => (
            <li key={step} className={DS.card}>
              <h2 className={DS.h3}>{t(`tips.${step}.title`)}</h2>
              <p>{t(`tips.${step}.text`, { product: data.product })}</p>
            </li>
          ))}
        </ol>
        <p className={styles.actions}>
          <a className={DS.buttonPrimary} href={toLocalePath(locale, '/checkout')}>
            {t('cta_primary')}
          </a>
          <a className={DS.buttonSecondary} href={toLocalePath(locale, '/blog/')}>
            {t('cta_secondary')}
          </a>
        </p>
      </div>
    </section>
  );
}

/** `/ping`: tells the visitor the site is reachable, with the server's time of the answer. */
export function PingPage({ data, pageName }: PageProps<{ checkedAt: string }>) {
  const { t } = useTranslation(pageName);
  return (
    <section className={`${DS.section} ${styles.centered}`}>
      <div className={DS.container}>
        <span className={styles.bigIcon}>
          <Icon name="check" />
        </span>
        <h1 className={DS.display}>{t('heading')}</h1>
        <p className={`${DS.lead} ${styles.centeredLead}`}>{t('lead')}</p>
        <p className={DS.muted}>
          {t('checked_at')} <time dateTime={data.checkedAt}>{data.checkedAt.replace('T', ' ').slice(0, 19)} UTC</time>
        </p>
      </div>
    </section>
  );
}

const LINK_GROUPS = {
  download: [
    ['/downloading', 'links.downloading'],
    ['/product-overview', 'links.overview'],
    ['/checkout', 'links.checkout'],
  ],
  help: [
    ['/blog/', 'links.guides'],
    ['/faqs', 'links.faqs'],
    ['/contact', 'links.contact'],
  ],
  legal: [
    ['/privacy-policy', 'links.privacy'],
    ['/refund-policy', 'links.refund'],
    ['/terms-of-use', 'links.terms'],
  ],
} as const;

/** `/pagelink`: the useful links of the site in one place. */
export function PageLinkPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  return (
    <section className={DS.section}>
      <div className={DS.container}>
        <h1 className={DS.display}>{t('heading')}</h1>
        <p className={DS.lead}>{t('lead')}</p>
        <div className={`${DS.grid3} ${styles.linkGrid}`}>
          {(Object.keys(LINK_GROUPS) as (keyof typeof LINK_GROUPS)[]).map((group) => (
            <section key={group} className={DS.card}>
              <h2 className={DS.h3}>{t(`groups.${group}`)}</h2>
              <ul className={styles.linkList}>
                {LINK_GROUPS[group].map(([path, key]) => (
                  <li key={path}>
                    <a href={toLocalePath(locale, path)}>{t(key)}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
