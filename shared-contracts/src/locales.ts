/** Every locale the site serves; adding one is one entry here plus its files in `locales/`. */
export const LOCALES = ['en', 'fr', 'zh', 'ja', 'de', 'es', 'pt', 'it'] as const;

/** A supported locale code as it appears in URLs. */
export type Locale = (typeof LOCALES)[number];

/**
 * The cookie that remembers an explicit language choice (docs/routing.md "Language choice": it beats
 * Accept-Language), set by the site's pages and the operator console alike, and how long it lasts.
 */
export const LANGUAGE_COOKIE = 'rk_lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The locale served without a URL prefix. */
export const DEFAULT_LOCALE: Locale = 'en';

/** The hreflang value of each locale (zh is Traditional Chinese: docs/locales.md "Traditional Chinese"). */
export const HREFLANG: Record<Locale, string> = {
  en: 'en',
  fr: 'fr',
  zh: 'zh-Hant',
  ja: 'ja',
  de: 'de',
  es: 'es',
  pt: 'pt',
  it: 'it',
};

/** Tells whether a string names a supported locale. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The URL prefix of a locale: empty for the default locale, else `/` plus the code. */
export function toLocalePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** Builds a site path in a locale from a path written without prefix (`/checkout` → `/fr/checkout`). */
export function toLocalePath(locale: Locale, path: string): string {
  const prefix = toLocalePrefix(locale);
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix}${path}`;
}

/** Native names of the locales (the same in every language, so not translated): the site's and the console's language pickers. */
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
