import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { LOCALES, LOCALE_NATIVE_NAMES, toLocalePath, selectLocaleState, type Locale } from '@reelkeep/shared-contracts';
import { usePagePayload } from '../routing/navigator.ts';
import * as styles from './LanguagePicker.module.css';

/** docs/frame.md "Language picker": the picker's two groups, in this order. */
export const LANGUAGE_GROUPS: readonly (readonly Locale[])[] = [
  ['ja', 'zh'],
  ['en', 'fr', 'pt', 'de', 'es', 'it'],
];

export { LOCALE_NATIVE_NAMES };

/**
 * docs/frame.md "Language picker": the same page in the other language when it is among the page's alternates, else that
 * language's home; both tagged `source=lang_switch` (the server then remembers the choice).
 */
export function buildLanguageSwitchHref(locale: Locale, path: string, hasAlternate: boolean): string {
  return `${toLocalePath(locale, hasAlternate ? path : '/')}?source=lang_switch`;
}

function useLanguageLinks() {
  const { current, path } = useSelector(selectLocaleState);
  const payload = usePagePayload();
  // A not-found page has no alternates; a page that exists in some locales only lists those.
  const hasAlternate = (locale: Locale) => payload.match !== null && (payload.head.locales?.includes(locale) ?? true);
  return { current, href: (locale: Locale) => buildLanguageSwitchHref(locale, path, hasAlternate(locale)) };
}

/** The footer's language picker: two groups of locales, the current one marked. */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const { current, href } = useLanguageLinks();
  return (
    <nav className={styles.picker} aria-label={t('language.label')}>
      {LANGUAGE_GROUPS.map((group) => (
        <ul key={group.join()} className={styles.group}>
          {group.map((locale) => (
            <li key={locale}>
              <a
                href={href(locale)}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? 'true' : undefined}
                className={locale === current ? styles.current : undefined}
              >
                {LOCALE_NATIVE_NAMES[locale]}
              </a>
            </li>
          ))}
        </ul>
      ))}
    </nav>
  );
}

/** The header's compact language switch (works without JavaScript: a disclosure of links); `onToggle` hears it open and close. */
export function HeaderLanguageMenu({ onToggle }: { onToggle?: (open: boolean) => void }) {
  const { t } = useTranslation('common');
  const { current, href } = useLanguageLinks();
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // docs/frame.md "Navigation layouts": like the other menus, a click outside or Escape closes it. The listeners stay
    // for the component's life and read the disclosure itself: its `toggle` event comes a task after it opens, so a
    // listener added on that event missed an Escape pressed right after the click that opened it.
    const close = () => {
      if (detailsRef.current) detailsRef.current.open = false;
    };
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (detailsRef.current?.open && !detailsRef.current.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !detailsRef.current?.open) return;
      close();
      detailsRef.current.querySelector('summary')?.focus();
    };
    document.addEventListener('click', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, []);

  return (
    <details ref={detailsRef} className={styles.menu} onToggle={(event) => onToggle?.(event.currentTarget.open)}>
      <summary className={styles.summary}>
        <span className={styles.visuallyHidden}>{t('language.current', { language: LOCALE_NATIVE_NAMES[current] })}</span>
        <svg viewBox="0 0 20 20" className={styles.globe} aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M2 10h16M10 2c2.5 2.2 3.5 5 3.5 8s-1 5.8-3.5 8c-2.5-2.2-3.5-5-3.5-8s1-5.8 3.5-8z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
        <span className={styles.code} aria-hidden="true">
          {current.toUpperCase()}
        </span>
      </summary>
      <ul className={styles.menuList}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a href={href(locale)} hrefLang={locale} lang={locale} aria-current={locale === current ? 'true' : undefined}>
              {LOCALE_NATIVE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
