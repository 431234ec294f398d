import { LOCALES, toLocalePath, type Locale } from '@reelkeep/shared-contracts';

/** The absolute URL of a path in a locale (canonical and alternates). */
export function toAbsoluteUrl(siteUrl: string, locale: Locale, path: string): string {
  return new URL(toLocalePath(locale, path), siteUrl).href;
}

/** hreflang alternates of a locale-less path: every locale plus x-default (English). */
export function listAlternates(siteUrl: string, path: string): { hreflang: Locale | 'x-default'; href: string }[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: toAbsoluteUrl(siteUrl, locale, path) })),
    { hreflang: 'x-default' as const, href: toAbsoluteUrl(siteUrl, 'en', path) },
  ];
}
