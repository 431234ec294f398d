import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE, type Locale } from '@reelkeep/shared-contracts';

type Dictionary = Record<string, unknown>;

/** What a namespace nobody translated gives: one shared object, so equal resources stay identical. */
const NO_DICTIONARY: Dictionary = Object.freeze({});

function isPlainObject(value: unknown): value is Dictionary {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `override` onto `base` (missing keys fall back to the base language). */
export function mergeDictionaries(base: Dictionary, override: Dictionary): Dictionary {
  const merged: Dictionary = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = isPlainObject(value) && isPlainObject(base[key]) ? mergeDictionaries(base[key], value) : value;
  }
  return merged;
}

/** Namespace names are file names: lowercase words and underscores only. */
export const NAMESPACE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Reads `locales/<locale>/<namespace>.json`, falling back to English key by key and file by file
 * (docs/locales.md "Translation files"). Dictionaries are cached in memory; they change only with a deploy.
 */
export function createLocaleStore(localesDir: string) {
  const cache = new Map<string, Promise<Dictionary | null>>();
  const readDictionary = (locale: Locale, namespace: string): Promise<Dictionary | null> => {
    const key = `${locale}/${namespace}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = readFile(path.join(localesDir, locale, `${namespace}.json`), 'utf8').then(
        (text) => JSON.parse(text) as Dictionary,
        () => null,
      );
      cache.set(key, entry);
    }
    return entry;
  };
  const mergeOverEnglish = async (locale: Locale, namespace: string): Promise<Dictionary | null> => {
    const fallback = await readDictionary(DEFAULT_LOCALE, namespace);
    if (locale === DEFAULT_LOCALE) return fallback;
    const own = await readDictionary(locale, namespace);
    if (!own) return fallback;
    return fallback ? mergeDictionaries(fallback, own) : own;
  };
  // Merged once per locale and namespace: every render gets the same object (renders share i18n instances by it).
  const merged = new Map<string, Promise<Dictionary | null>>();
  /** The dictionary of a namespace in a locale, merged over English; null when English lacks it too. */
  const load = (locale: Locale, namespace: string): Promise<Dictionary | null> => {
    if (!NAMESPACE_PATTERN.test(namespace)) return Promise.resolve(null);
    const key = `${locale}/${namespace}`;
    let entry = merged.get(key);
    if (!entry) {
      entry = mergeOverEnglish(locale, namespace);
      merged.set(key, entry);
    }
    return entry;
  };
  return {
    load,
    async loadResources(locale: Locale, namespaces: readonly string[]): Promise<Record<string, Dictionary>> {
      const entries = await Promise.all(namespaces.map(async (namespace) => [namespace, (await load(locale, namespace)) ?? NO_DICTIONARY] as const));
      return Object.fromEntries(entries);
    },
  };
}

/** The translation dictionaries of the site. */
export type LocaleStore = ReturnType<typeof createLocaleStore>;
