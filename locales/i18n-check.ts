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

/** How source code refers to keys: exact keys, and patterns for keys built from template literals. */
export interface KeyUsage {
  literals: Set<string>;
  patterns: RegExp[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** i18next's plural suffixes: `devices_one` is used when `devices` is. */
const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/**
 * Keys read in a way the scan cannot see, each with where and why. Empty today: every key is named in a `t()`
 * call, an `i18nKey`, a key table or a `$t()` nesting.
 */
export const KEYS_READ_ELSEWHERE: readonly string[] = [];

/** The text of an expression starting at `from`, up to the first `,` `;` or closing bracket outside brackets and strings. */
function readExpression(source: string, from: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let index = from; index < source.length; index++) {
    const char = source[index]!;
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return source.slice(from, index);
      depth--;
    } else if ((char === ',' || char === ';') && depth === 0) return source.slice(from, index);
  }
  return source.slice(from);
}

/**
 * Where source code names translation keys:
 * - the first argument of a call to a function called `t` (`t('title')`, `i18n.t(…)`, `t(mac ? 'a' : 'b')`);
 * - `<Trans i18nKey="…">`;
 * - key tables read through `t(variable)`: the value given to a property or variable whose name ends in
 *   `Key` or `Keys` (`titleKey: 'faq.title'`, `key: 'coupon_off'`, `HEAD_KEYS = { title: '…' }`).
 */
const KEY_SITES = /(?<![\w$])t\(|\bi18nKey=\{?|\b\w*(?:[kK]ey|KEY)S?\s*(?:\??:(?!:)|=(?![=>]))\s*/g;
const LITERAL = /'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g;

/** Collects the keys source files name (`KEY_SITES`); a template literal becomes a pattern (`items.${x}.title`). */
export function collectKeyUsage(sources: readonly string[], dictionaries: readonly Dictionary[]): KeyUsage {
  const literals = new Set<string>(KEYS_READ_ELSEWHERE);
  const patterns: RegExp[] = [];
  for (const source of sources) {
    for (const site of source.matchAll(KEY_SITES)) {
      const expression = readExpression(source, site.index + site[0].length);
      // `i18nKey="…"` names one key; the attributes after it are no keys.
      const named = site[0] === 'i18nKey=' ? [...expression.matchAll(LITERAL)].slice(0, 1) : expression.matchAll(LITERAL);
      for (const match of named) {
        // A key may name its namespace (`checkout:title`); the scan matches keys in every namespace.
        const text = (match[1] ?? match[2] ?? match[3]!).replace(/^[a-z][a-z0-9_]*:/, '');
        if (text === '') continue;
        if (match[3]?.includes('${')) {
          // Built keys count in `t()` calls only: a table's template literal is a cookie or storage name more often than a key.
          if (site[0] === 't(') patterns.push(new RegExp(`^${text.split(/\$\{[^}]+\}/).map(escapeRegExp).join('[^.]+')}$`));
        } else literals.add(text);
      }
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

/** A key is used when source names it, or its plural base, whole or through a pattern. */
export function isKeyUsed(key: string, usage: KeyUsage): boolean {
  const names = PLURAL_SUFFIX.test(key) ? [key, key.replace(PLURAL_SUFFIX, '')] : [key];
  return names.some((name) => usage.literals.has(name) || usage.patterns.some((pattern) => pattern.test(name)));
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
