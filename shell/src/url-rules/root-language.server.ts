import { DEFAULT_LOCALE, isLocale, toLocalePath, type Locale } from '@reelkeep/shared-contracts';
import { CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

/**
 * The `Vary` value of every response at `/`: the answer there depends on Accept-Language and on the
 * `rk_lang` cookie. Redirects carry it; the caller sets it on the `/` page it renders when the rule continues.
 */
export const ROOT_LANGUAGE_VARY = 'Accept-Language, Cookie';

/** The `source` query value of the language picker's links: the visitor has just chosen a language. */
export const LANGUAGE_SWITCH_SOURCE = 'lang_switch';

/** Tells whether a query (`?…` as received) marks a language switch. */
export function isLanguageSwitch(search: string): boolean {
  return new URLSearchParams(search).get('source') === LANGUAGE_SWITCH_SOURCE;
}

// docs/locales.md "Traditional Chinese": these regions read Traditional, zh-CN/zh-SG/zh-Hans do not (zh-cn is skipped).
const TRADITIONAL_CHINESE_REGIONS: readonly string[] = ['tw', 'hk', 'mo'];

/** Maps one language tag to the supported locale it asks for; null when it names none (or Simplified Chinese). */
export function matchLanguageTag(tag: string): Locale | null {
  const [primary = '', ...rest] = tag.trim().toLowerCase().split('-');
  if (primary === 'zh') {
    if (rest.includes('hant')) return 'zh';
    if (rest.includes('hans')) return null;
    return rest[0] !== undefined && TRADITIONAL_CHINESE_REGIONS.includes(rest[0]) ? 'zh' : null;
  }
  return isLocale(primary) ? primary : null;
}

/** Reads the first tag of an Accept-Language header (docs/routing.md "Language choice": the first tag decides, q-values aside). */
function readFirstLanguageTag(acceptLanguage: string): string {
  return acceptLanguage.split(',')[0]!.split(';')[0]!;
}

/**
 * docs/routing.md "Language choice": only for `/`. A language switch to English (`/?source=lang_switch`)
 * is the newest choice and stays on `/` (the page gate stores it); otherwise an explicit earlier choice
 * (`rk_lang` cookie) beats the header, and without one the first Accept-Language tag picks a supported
 * non-default locale. A 302, never a 301 (browsers would keep a 301 for good); English, crawlers without
 * the header and zh-CN stay on `/`.
 */
export function redirectRootByLanguage(request: RuleRequest): UrlDecision {
  if (decodeRequestPath(request.rawPath) !== '/' || isLanguageSwitch(request.search)) return CONTINUE_DECISION;
  const chosen =
    request.localeCookie !== undefined && isLocale(request.localeCookie)
      ? request.localeCookie
      : matchLanguageTag(readFirstLanguageTag(request.acceptLanguage ?? ''));
  if (chosen === null || chosen === DEFAULT_LOCALE) return CONTINUE_DECISION;
  return { kind: 'redirect', status: 302, location: toLocalePath(chosen, '/') + request.search, vary: ROOT_LANGUAGE_VARY };
}
