import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { emitSiteEvent, toLocalePath, selectCanonicalUrl, selectLocale } from '@reelkeep/shared-contracts';
import { useFrameData } from './frame-data.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { NewsletterBox } from './NewsletterBox.tsx';
import * as styles from './Footer.module.css';

const POLICY_LINKS = [
  ['/cookies-policy', 'footer.cookies'],
  ['/privacy-policy', 'footer.privacy'],
  ['/purchase-policy', 'footer.purchase'],
  ['/refund-policy', 'footer.refund'],
  ['/terms-of-use', 'footer.terms'],
] as const;

/** docs/frame.md "Footer": up to 20 hot products, cut to 6 for German. */
const HOT_PRODUCT_LIMIT = 20;
const HOT_PRODUCT_LIMIT_DE = 6;

/** Facebook's own share page (docs/sharing.md): a plain link, no script of theirs. */
const FACEBOOK_SHARER = 'https://www.facebook.com/sharer/sharer.php?u=';

/** The site footer (docs/frame.md "Footer"): newsletter, hot products, support, guide centre, policies, share, copyright, languages. */
export function Footer({ reduced, siteUrl }: { reduced: boolean; siteUrl: string }) {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  const canonicalUrl = useSelector(selectCanonicalUrl);
  const { catalogue, articles } = useFrameData();
  const link = (path: string) => toLocalePath(locale, path);
  const hot =
    catalogue.groups.find((group) => group.id === 'hot')?.services.slice(0, locale === 'de' ? HOT_PRODUCT_LIMIT_DE : HOT_PRODUCT_LIMIT) ?? [];
  // The footer's share link shares the page on screen, the home only where the page has no canonical URL (docs/sharing.md "Footer share link").
  const sharedUrl = canonicalUrl || new URL(link('/'), siteUrl).href;
  return (
    <footer className={styles.footer}>
      {!reduced && <NewsletterBox />}
      <div className={styles.inner}>
        {!reduced && (
          <div className={styles.columns}>
            <div>
              <p className={styles.brand}>{t('brand.name')}</p>
              <p className={styles.tagline}>{t('footer.tagline')}</p>
              <a className={styles.share} href={FACEBOOK_SHARER + encodeURIComponent(sharedUrl)} rel="noopener noreferrer" target="_blank">
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z"
                  />
                </svg>
                {t('footer.share')}
              </a>
            </div>
            <div>
              <h2 className={styles.heading}>{t('footer.hot_products')}</h2>
              <ul className={`${styles.list} ${styles.hotList}`}>
                {hot.map((service) => (
                  <li key={service.slug}>
                    <a href={link(`/${service.slug}-downloader`)}>{service.name}</a>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h2 className={styles.heading}>{t('footer.support')}</h2>
              <ul className={styles.list}>
                <li>
                  <a href={link('/contact')}>{t('footer.contact')}</a>
                </li>
                <li>
                  <a href={link('/faqs')}>{t('footer.faq')}</a>
                </li>
              </ul>
            </div>
            <div>
              <h2 className={styles.heading}>{t('footer.guide_centre')}</h2>
              <ul className={styles.list}>
                {articles.map((article) => (
                  <li key={article.uuid}>
                    <a href={link(`/${article.new_uuid}`)}>{article.title}</a>
                  </li>
                ))}
                <li>
                  <a className={styles.more} href={link('/blog/')}>
                    {t('footer.guides')}
                  </a>
                </li>
              </ul>
            </div>
          </div>
        )}
        <nav className={styles.policies} aria-label={t('footer.policies')}>
          {POLICY_LINKS.map(([path, key]) => (
            <a key={path} href={link(path)}>
              {t(key)}
            </a>
          ))}
          {/* The cookies policy promises a way to change or withdraw consent at any time. */}
          <button type="button" className={styles.settings} onClick={() => emitSiteEvent('consentRequested', {})}>
            {t('footer.cookie_settings')}
          </button>
        </nav>
        <div className={styles.bottom}>
          <LanguagePicker />
          <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
