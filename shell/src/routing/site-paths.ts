import { LOCALES, toLocalePath, type Locale } from '@reelkeep/shared-contracts';

/** The absolute URL of a path in a locale (canonical and alternates). */
export function toAbsoluteUrl(siteUrl: string, locale: Locale, path: string): string {
  return new URL(toLocalePath(locale, path), siteUrl).href;
}

/** hreflang alternates of a locale-less path in the locales it exists in, plus x-default (English, else the first). */
export function listAlternates(
  siteUrl: string,
  path: string,
  locales: readonly Locale[] = LOCALES,
): { hreflang: Locale | 'x-default'; href: string }[] {
  if (locales.length === 0) return [];
  const fallback = locales.includes('en') ? 'en' : locales[0]!;
  return [
    ...locales.map((locale) => ({ hreflang: locale, href: toAbsoluteUrl(siteUrl, locale, path) })),
    { hreflang: 'x-default' as const, href: toAbsoluteUrl(siteUrl, fallback, path) },
  ];
}
