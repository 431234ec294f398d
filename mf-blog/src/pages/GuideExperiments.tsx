import { useRef } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import {
  DS,
  findExperiment,
  readCookie,
  RESOURCE_BANNER_EXPERIMENT_KEY,
  selectAbValues,
  selectLocale,
  SIDEBAR_EXPERIMENT_KEY,
  toLocalePath,
} from '@reelkeep/shared-contracts';
import { useExposure, type ExposureEnvironment } from './exposure.ts';
import * as styles from './GuideExperiments.module.css';

const SIDEBAR_COOKIE = findExperiment(SIDEBAR_EXPERIMENT_KEY)!.cookie;
const RESOURCE_BANNER_COOKIE = findExperiment(RESOURCE_BANNER_EXPERIMENT_KEY)!.cookie;

/**
 * The variant the server assigned this visitor (docs/experiments.md "Assignment"): `a`, `b`, or none while
 * closed. A full page load has it in the store; a client navigation to the first guide a visitor sees has it
 * in the cookie the page's data request just set (the cookie is readable for this, docs/experiments.md "Cookies").
 */
function useVariant(cookie: string): 'a' | 'b' | undefined {
  const value = useSelector(selectAbValues)[cookie] ?? (typeof document === 'undefined' ? undefined : readCookie(document.cookie, cookie));
  return value === 'a' || value === 'b' ? value : undefined;
}

interface ExperimentProps {
  /** The article on screen: each article is a page view of its own for the exposure. */
  pageKey: string;
  /** Test seam: the browser parts the exposure beacon uses. */
  environment?: () => ExposureEnvironment;
}

/**
 * The guide sidebar experiment (docs/experiments.md "The registry"): `a` offers the free download, `b` says
 * what the app does and links to the plans. Nothing while the experiment is closed.
 */
export function GuideSidebar({ pageKey, environment }: ExperimentProps) {
  const { t } = useTranslation('article_common');
  const locale = useSelector(selectLocale);
  const variant = useVariant(SIDEBAR_COOKIE);
  const card = useRef<HTMLElement>(null);
  useExposure(card, { experiment: SIDEBAR_EXPERIMENT_KEY, variant, pageKey }, environment);
  if (!variant) return null;
  return (
    <aside ref={card} className={styles.sidebar} aria-labelledby="guide-sidebar-title" data-experiment={`${SIDEBAR_EXPERIMENT_KEY}:${variant}`}>
      <h2 id="guide-sidebar-title" className={styles.sidebarTitle}>
        {variant === 'a' ? t('sidebar_a_title') : t('sidebar_b_title')}
      </h2>
      {variant === 'a' ? (
        <p className={styles.sidebarText}>{t('sidebar_a_text')}</p>
      ) : (
        <ul className={styles.points}>
          <li>{t('sidebar_b_point_quality')}</li>
          <li>{t('sidebar_b_point_subtitles')}</li>
          <li>{t('sidebar_b_point_batch')}</li>
        </ul>
      )}
      <a className={`${DS.buttonPrimary} ${styles.sidebarButton}`} href={toLocalePath(locale, variant === 'a' ? '/downloading' : '/store')}>
        {variant === 'a' ? t('sidebar_a_button') : t('sidebar_b_button')}
      </a>
    </aside>
  );
}

/**
 * The resource banner experiment under a guide (docs/experiments.md "The registry"): `a` a download banner,
 * `b` the lifetime licence with a link to the plans. Nothing while the experiment is closed.
 */
export function ResourceBanner({ pageKey, environment }: ExperimentProps) {
  const { t } = useTranslation('article_common');
  const locale = useSelector(selectLocale);
  const variant = useVariant(RESOURCE_BANNER_COOKIE);
  const banner = useRef<HTMLElement>(null);
  useExposure(banner, { experiment: RESOURCE_BANNER_EXPERIMENT_KEY, variant, pageKey }, environment);
  if (!variant) return null;
  return (
    <aside
      ref={banner}
      className={variant === 'a' ? styles.banner : `${styles.banner} ${styles.bannerOffer}`}
      aria-labelledby="resource-banner-title"
      data-experiment={`${RESOURCE_BANNER_EXPERIMENT_KEY}:${variant}`}
    >
      <div>
        <h2 id="resource-banner-title" className={styles.bannerTitle}>
          {variant === 'a' ? t('banner_a_title') : t('banner_b_title')}
        </h2>
        <p className={styles.bannerText}>{variant === 'a' ? t('banner_a_text') : t('banner_b_text')}</p>
      </div>
      <a className={`${DS.buttonPrimary} ${styles.bannerButton}`} href={toLocalePath(locale, variant === 'a' ? '/downloading' : '/store')}>
        {variant === 'a' ? t('banner_a_button') : t('banner_b_button')}
      </a>
    </aside>
  );
}
