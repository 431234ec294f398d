import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, type Locale, type SharedState } from '@reelkeep/shared-contracts';
import * as styles from './LanguagePicker.module.css';

/** Spec §2: the picker's two groups, in this order. */
export const LANGUAGE_GROUPS: readonly (readonly Locale[])[] = [
  ['ja', 'zh'],
  ['en', 'fr', 'pt', 'de', 'es', 'it'],
];

/** Native names of the locales (the same in every language, so not translated). */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  zh: '繁體中文',
  ja: '日本語',
  de: 'Deutsch',
  es: 'Español',
  pt: 'Português',
  it: 'Italiano',
};

/** Spec §2: the same page in the other language, tagged `source=lang_switch`. */
export function buildLanguageSwitchHref(locale: Locale, path: string, hasAlternate: boolean): string {
  return `${toLocalePath(locale, hasAlternate ? path : '/')}?source=lang_switch`;
}

/** The language picker: two groups of locales, the current one marked. */
export function LanguagePicker({ hasAlternates }: { hasAlternates: boolean }) {
  const { t } = useTranslation('common');
  const { current, path } = useSelector((state: SharedState) => state.locale);
  return (
    <nav className={styles.picker} aria-label={t('language.label')}>
      {LANGUAGE_GROUPS.map((group) => (
        <ul key={group.join()} className={styles.group}>
          {group.map((locale) => (
            <li key={locale}>
              <a
                href={buildLanguageSwitchHref(locale, path, hasAlternates)}
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
