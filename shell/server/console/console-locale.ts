import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, readCookie, type Locale } from '@reelkeep/shared-contracts';
// The site's own language rule and cookie (docs/routing.md "Language choice"), not a second one.
import { matchLanguageTag } from '../../src/url-rules/root-language.server.ts';

/**
 * The locale of a console page, by the site's own rule (docs/routing.md "Language choice"): a choice made now
 * (`?lang=`, the console's language links) is kept in the site's `rk_lang` cookie; else that cookie (a choice made
 * on the site or the console before); else the first Accept-Language tag, read as the site reads it; else English.
 */
export function pickConsoleLocale(url: URL, headers: { cookie?: string; 'accept-language'?: string }): { locale: Locale; chosen: boolean } {
  const asked = url.searchParams.get('lang');
  if (asked && isLocale(asked)) return { locale: asked, chosen: true };
  const remembered = readCookie(headers.cookie, LANGUAGE_COOKIE);
  if (remembered && isLocale(remembered)) return { locale: remembered, chosen: false };
  const first = (headers['accept-language'] ?? '').split(',')[0]!.split(';')[0]!;
  return { locale: matchLanguageTag(first) ?? DEFAULT_LOCALE, chosen: false };
}
