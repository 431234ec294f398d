import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, type SharedState } from '@reelkeep/shared-contracts';
import * as styles from './Header.module.css';

/** The ReelKeep mark, drawn inline so the header needs no image request. */
function LogoMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
      <path d="M8 24h16" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity=".7" />
    </svg>
  );
}

/** The site header (spec §2 "Shared frame"): logo, main navigation, account buttons. */
export function Header({ clean }: { clean: boolean }) {
  const { t } = useTranslation('common');
  const locale = useSelector((state: SharedState) => state.locale.current);
  const session = useSelector((state: SharedState) => state.session);
  const link = (path: string) => toLocalePath(locale, path);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <a className={styles.logo} href={`${link('/')}?medium=top_nav_logo`} aria-label={t('brand.home_label')}>
          <LogoMark />
          <span>{t('brand.name')}</span>
        </a>
        {!clean && (
          <nav className={styles.nav} aria-label={t('nav.label')}>
            <a href={link('/product-overview')}>{t('nav.product')}</a>
            <a href={link('/movie-downloader')}>{t('nav.services')}</a>
            <a href={link('/blog/')}>{t('nav.posts')}</a>
            <a href={link('/contact')}>{t('nav.support')}</a>
          </nav>
        )}
        <div className={styles.actions}>
          {session.signedIn ? (
            <>
              <a className={styles.ghost} href={link('/my-account')}>{t('account.my_account')}</a>
            </>
          ) : (
            <>
              <a className={styles.ghost} href={link('/login')}>{t('account.login')}</a>
              <a className={styles.primary} href={link('/register')}>{t('account.register')}</a>
            </>
          )}
          {!clean && (
            <a className={styles.buy} href={link('/checkout')}>{t('nav.buy')}</a>
          )}
        </div>
      </div>
    </header>
  );
}
