import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { toLocalePath, selectLocale, selectLocalePrefix, selectSession } from '@reelkeep/shared-contracts';
import { useNavigatorState } from '../routing/navigator.ts';
import { HeaderLanguageMenu } from './LanguagePicker.tsx';
import { ServicesPanel } from './ServicesPanel.tsx';
import * as styles from './Header.module.css';
import { promptsSlice } from '../store/prompts-slice.ts';

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

/** The person glyph of the account and login links (on small screens it stands in for their text). */
function AccountIcon() {
  return (
    <svg className={styles.accountIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="7" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3.5 17c1-3.3 3.5-5 6.5-5s5.5 1.7 6.5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** docs/accounts.md "Logout": the browser's storage is cleared as the session ends. */
export function clearBrowserStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage blocked by the browser: nothing to clear
  }
}

/** docs/frame.md "Header": the account link keeps `source=redeem_approved` and `id` when the route has them. */
export function buildAccountHref(prefix: string, search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  if (current.get('source') === 'redeem_approved') kept.set('source', 'redeem_approved');
  const id = current.get('id');
  if (id && kept.has('source')) kept.set('id', id);
  const query = kept.toString();
  return `${prefix}/my-account${query ? `?${query}` : ''}`;
}

/** The site header (docs/frame.md "Header"): logo, main navigation, language switch, account buttons. */
export function Header({ clean, reduced }: { clean: boolean; reduced: boolean }) {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  const prefix = useSelector(selectLocalePrefix);
  const session = useSelector(selectSession);
  const { location } = useNavigatorState();
  const [menuOpen, setMenuOpen] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const dispatch = useDispatch();
  const link = (path: string) => toLocalePath(locale, path);

  useEffect(() => {
    setMenuOpen(false);
    setServicesOpen(false);
  }, [location.key]);

  // docs/frame.md "Prompts": no prompt shows over an open menu.
  const anyMenuOpen = menuOpen || servicesOpen || languageOpen;
  const menuWasOpen = useRef(false);
  useEffect(() => {
    if (anyMenuOpen === menuWasOpen.current) return;
    menuWasOpen.current = anyMenuOpen;
    dispatch(promptsSlice.actions.menuToggled(anyMenuOpen));
  }, [anyMenuOpen, dispatch]);

  useEffect(() => {
    if (!menuOpen && !servicesOpen) return;
    // docs/frame.md "Navigation layouts": a click outside closes the menu.
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) {
        setMenuOpen(false);
        setServicesOpen(false);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        setServicesOpen(false);
      }
    };
    document.addEventListener('click', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [menuOpen, servicesOpen]);

  return (
    <header className={styles.header} ref={headerRef} data-menu-open={menuOpen}>
      <div className={styles.inner}>
        <a className={styles.logo} href={`${link('/')}?medium=top_nav_logo`} aria-label={t('brand.home_label')}>
          <LogoMark />
          <span>{t('brand.name')}</span>
        </a>
        {!clean && (
          <>
            <button
              type="button"
              className={styles.menuToggle}
              aria-expanded={menuOpen}
              aria-controls="site-navigation"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <span className={styles.burger} aria-hidden="true" />
              <span className={styles.menuLabel}>{menuOpen ? t('nav.close_menu') : t('nav.menu')}</span>
            </button>
            <nav id="site-navigation" className={styles.nav} aria-label={t('nav.label')}>
              <ul className={styles.navList}>
                {!reduced && (
                  <li className={styles.dropdown} data-open={servicesOpen}>
                    <button type="button" className={styles.navButton} aria-expanded={servicesOpen} onClick={() => setServicesOpen(!servicesOpen)}>
                      {t('nav.services')}
                      <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                        <path d="M3 4.5l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                      </svg>
                    </button>
                    <ServicesPanel onNavigate={() => setServicesOpen(false)} />
                  </li>
                )}
                <li>
                  <a className={styles.navLink} href={link('/product-overview')}>
                    {t('nav.product')}
                  </a>
                </li>
                <li>
                  <a className={styles.navLink} href={link('/blog/')}>
                    {t('nav.posts')}
                  </a>
                </li>
                <li>
                  <a className={styles.navLink} href={link('/contact')}>
                    {t('nav.support')}
                  </a>
                </li>
                {session.signedIn && (
                  <li className={styles.menuOnly}>
                    {/* Small screens: the header has room for the account link only, so logout moves into the menu. */}
                    <form method="post" action="/logout" className={styles.logout} onSubmit={clearBrowserStorage}>
                      <input type="hidden" name="locale" value={locale} />
                      <button type="submit" className={styles.navLink}>
                        {t('account.logout')}
                      </button>
                    </form>
                  </li>
                )}
              </ul>
            </nav>
          </>
        )}
        <div className={styles.actions}>
          {!clean && <HeaderLanguageMenu onToggle={setLanguageOpen} />}
          {session.signedIn ? (
            <>
              <a className={`${styles.ghost} ${styles.account}`} href={buildAccountHref(prefix, location.search)}>
                <AccountIcon />
                <span className={styles.accountLabel}>{t('account.my_account')}</span>
              </a>
              <form method="post" action="/logout" className={`${styles.logout} ${styles.wideOnly}`} onSubmit={clearBrowserStorage}>
                <input type="hidden" name="locale" value={locale} />
                <button type="submit" className={styles.ghost}>
                  {t('account.logout')}
                </button>
              </form>
            </>
          ) : (
            <>
              <a className={`${styles.ghost} ${styles.account}`} href={link('/login')}>
                <AccountIcon />
                <span className={styles.accountLabel}>{t('account.login')}</span>
              </a>
              <a className={styles.outline} href={link('/register')}>
                {t('account.register')}
              </a>
            </>
          )}
          {!clean && (
            <a className={styles.buy} href={link('/checkout')}>
              {t('nav.buy')}
            </a>
          )}
        </div>
      </div>
    </header>
  );
}
