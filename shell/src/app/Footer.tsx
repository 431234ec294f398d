import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, type SharedState } from '@reelkeep/shared-contracts';
import { LanguagePicker } from './LanguagePicker.tsx';
import * as styles from './Footer.module.css';

const POLICY_LINKS = [
  ['/cookies-policy', 'footer.cookies'],
  ['/privacy-policy', 'footer.privacy'],
  ['/purchase-policy', 'footer.purchase'],
  ['/refund-policy', 'footer.refund'],
  ['/terms-of-use', 'footer.terms'],
] as const;

/** The site footer (spec §2): support links, the five policy links, copyright and the language picker. */
export function Footer({ hasAlternates }: { hasAlternates: boolean }) {
  const { t } = useTranslation('common');
  const locale = useSelector((state: SharedState) => state.locale.current);
  const link = (path: string) => toLocalePath(locale, path);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <div>
            <p className={styles.brand}>{t('brand.name')}</p>
            <p className={styles.tagline}>{t('footer.tagline')}</p>
          </div>
          <div>
            <h2 className={styles.heading}>{t('footer.support')}</h2>
            <ul className={styles.list}>
              <li><a href={link('/contact')}>{t('footer.contact')}</a></li>
              <li><a href={link('/downloading')}>{t('footer.download')}</a></li>
              <li><a href={link('/blog/')}>{t('footer.guides')}</a></li>
            </ul>
          </div>
        </div>
        <nav className={styles.policies} aria-label={t('footer.policies')}>
          {POLICY_LINKS.map(([path, key]) => (
            <a key={path} href={link(path)}>{t(key)}</a>
          ))}
        </nav>
        <div className={styles.bottom}>
          <LanguagePicker hasAlternates={hasAlternates} />
          <p className={styles.copyright}>{t('footer.copyright', { year: 2026 })}</p>
        </div>
      </div>
    </footer>
  );
}
