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
 * Where a namespace's files are read from: the live release that owns it (docs/i18n.md "Texts ship with their
 * squad"), or the source folder. Dictionaries are kept per source id, so a new version is read afresh.
 */
export interface NamespaceSource {
  /** Names the files' version (`mf-landing@0.1.0-…`): dictionaries are cached under it. */
  id: string;
  /** The text of `<locale>/<namespace>.json`, or null when this source has none (or it failed its check). */
  read: (locale: Locale, namespace: string) => Promise<string | null>;
}

/** The source folder `locales/` itself. */
export function createFolderSource(localesDir: string): NamespaceSource {
  return {
    id: 'folder',
    read: (locale, namespace) => readFile(path.join(localesDir, locale, `${namespace}.json`), 'utf8').catch(() => null),
  };
}

/**
 * Reads `<locale>/<namespace>.json` from the namespace's source (the folder unless `findSource` names another),
 * falling back to English key by key and file by file (docs/locales.md "Translation files"). Dictionaries are
 * cached in memory per source: a release's files never change, and a new release is a new source.
 */
export function createLocaleStore(localesDir: string, options: { findSource?: (namespace: string) => Promise<NamespaceSource | undefined> } = {}) {
  const folder = createFolderSource(localesDir);
  const cache = new Map<string, Promise<Dictionary | null>>();
  const readDictionary = (source: NamespaceSource, locale: Locale, namespace: string): Promise<Dictionary | null> => {
    const key = `${source.id}/${locale}/${namespace}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = source.read(locale, namespace).then((text) => {
        if (text === null) return null;
        try {
          return JSON.parse(text) as Dictionary;
        } catch {
          return null;
        }
      });
      cache.set(key, entry);
    }
    return entry;
  };
  const mergeOverEnglish = async (source: NamespaceSource, locale: Locale, namespace: string): Promise<Dictionary | null> => {
    const fallback = await readDictionary(source, DEFAULT_LOCALE, namespace);
    if (locale === DEFAULT_LOCALE) return fallback;
    const own = await readDictionary(source, locale, namespace);
    if (!own) return fallback;
    return fallback ? mergeDictionaries(fallback, own) : own;
  };
  // Merged once per source, locale and namespace: every render gets the same object (renders share i18n instances by it).
  const merged = new Map<string, Promise<Dictionary | null>>();
  /** The dictionary of a namespace in a locale, merged over English; null when English lacks it too. */
  const load = async (locale: Locale, namespace: string): Promise<Dictionary | null> => {
    if (!NAMESPACE_PATTERN.test(namespace)) return null;
    const source = (await options.findSource?.(namespace)) ?? folder;
    const key = `${source.id}/${locale}/${namespace}`;
    let entry = merged.get(key);
    if (!entry) {
      entry = mergeOverEnglish(source, locale, namespace);
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
    /** Drops the dictionaries of sources no longer kept (a release nobody may name any more: docs/operations.md "Memory"). */
    forget(keep: (sourceId: string) => boolean): void {
      for (const map of [cache, merged]) for (const key of map.keys()) if (!keep(key.slice(0, key.indexOf('/')))) map.delete(key);
    },
  };
}

/** The translation dictionaries of the site. */
export type LocaleStore = ReturnType<typeof createLocaleStore>;
