/** A dictionary as stored in `locales/<locale>/<namespace>.json`. */
export type Dictionary = { [key: string]: string | Dictionary };

/** Every key path of a dictionary with its value (`nav.posts` → `Guides`). */
export function flattenDictionary(dictionary: Dictionary, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [nested, text] of flattenDictionary(value, `${prefix}${key}.`)) entries.set(nested, text);
  }
  return entries;
}

/** Names that are the same in every language (brands, products, formats). */
export const BRAND_NAMES = ['ReelKeep', 'DMCA', 'Netflix', 'Windows', 'macOS', 'Mac', 'MP4', 'MKV', 'SRT', 'AAC', 'Apple', 'Intel', 'AMD', 'Facebook'];
const BRAND_PATTERN = new RegExp(`\\b(?:${BRAND_NAMES.join('|')})\\b`, 'g');

/** A value may equal English when nothing translatable is left: placeholders, nesting, brand names, punctuation. */
export function isTranslationFree(value: string): boolean {
  return value.replace(/\{\{\w+\}\}/g, '').replace(/\$t\([^)]+\)/g, '').replace(BRAND_PATTERN, '').replace(/[\s\p{P}\p{S}\d]/gu, '') === '';
}

/** How source code refers to keys: exact literals and template literals with `${…}` holes. */
export interface KeyUsage {
  literals: Set<string>;
  patterns: RegExp[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Collects string literals of source files; a template literal becomes a pattern (`items.${x}.title`). */
export function collectKeyUsage(sources: readonly string[], dictionaries: readonly Dictionary[]): KeyUsage {
  const literals = new Set<string>();
  const patterns: RegExp[] = [];
  for (const source of sources) {
    for (const match of source.matchAll(/'([^'\\\n]+)'|"([^"\\\n]+)"|`([^`\\]+)`/g)) {
      const text = match[1] ?? match[2] ?? match[3]!;
      if (match[3]?.includes('${')) patterns.push(new RegExp(`^${text.split(/\$\{[^}]+\}/).map(escapeRegExp).join('[^.]+')}$`));
      else literals.add(text);
    }
  }
  // Nesting inside translations: `$t(items.{{article}}.title)` uses every `items.*.title`.
  for (const dictionary of dictionaries) {
    for (const value of flattenDictionary(dictionary).values()) {
      for (const match of value.matchAll(/\$t\(([^)]+)\)/g)) {
        patterns.push(new RegExp(`^${match[1]!.split(/\{\{\w+\}\}/).map(escapeRegExp).join('[^.]+')}$`));
      }
    }
  }
  return { literals, patterns };
}

/** A key is used when source names it whole, or names it through a pattern. */
export function isKeyUsed(key: string, usage: KeyUsage): boolean {
  return usage.literals.has(key) || usage.patterns.some((pattern) => pattern.test(key));
}

/** The problems of a set of translations: missing, extra, unused, or copied from English. */
export function findTranslationProblems(
  byLocale: ReadonlyMap<string, ReadonlyMap<string, Dictionary>>,
  referenceLocale: string,
  usage: KeyUsage,
): string[] {
  const problems: string[] = [];
  const reference = byLocale.get(referenceLocale);
  if (!reference) return [`no ${referenceLocale} dictionaries`];
  for (const [namespace, dictionary] of reference) {
    const englishEntries = flattenDictionary(dictionary);
    for (const key of englishEntries.keys()) if (!isKeyUsed(key, usage)) problems.push(`${referenceLocale}/${namespace}: ${key} is not used by any code`);
    for (const [locale, dictionaries] of byLocale) {
      if (locale === referenceLocale) continue;
      const translated = dictionaries.get(namespace);
      if (!translated) {
        problems.push(`${locale}/${namespace}.json is missing`);
        continue;
      }
      const entries = flattenDictionary(translated);
      for (const [key, english] of englishEntries) {
        const value = entries.get(key);
        if (value === undefined) problems.push(`${locale}/${namespace}: ${key} is missing`);
        else if (value.trim() === '') problems.push(`${locale}/${namespace}: ${key} is empty`);
        else if (value === english && !isTranslationFree(value)) {
          problems.push(`${locale}/${namespace}: ${key} is the English text (${JSON.stringify(value)})`);
        }
      }
      for (const key of entries.keys()) if (!englishEntries.has(key)) problems.push(`${locale}/${namespace}: ${key} is not in English`);
    }
  }
  for (const [locale, dictionaries] of byLocale) {
    for (const namespace of dictionaries.keys()) if (!reference.has(namespace)) problems.push(`${locale}/${namespace}.json has no English reference`);
  }
  return problems;
}
