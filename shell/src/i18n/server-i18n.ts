import type { i18n as I18n } from 'i18next';
import type { Locale } from '@reelkeep/shared-contracts';
import { createI18n, type NamespaceResources } from './create-i18n.ts';

/** Translations one shared server instance remembers at most (a page asks for some 200). */
export const TRANSLATION_MEMO_LIMIT = 4096;

interface CachedInstance {
  dictionaries: unknown[];
  i18n: I18n;
}

type Primitive = string | number | boolean | null | undefined;

/** A fixed translator as i18next makes it: callable, with the language, namespace and prefix it is bound to. */
type FixedTranslate = ((...args: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };

/** Options a memoised translation may carry: plain values only (never objects a caller could change). */
function toMemoOptions(options: unknown): string | null {
  if (options === undefined) return '';
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  const values = Object.values(options as Record<string, unknown>);
  const plain = values.every((value): value is Primitive => value === null || (typeof value !== 'object' && typeof value !== 'function'));
  return plain ? JSON.stringify(options) : null;
}

/**
 * Makes every `getFixedT` of a server instance remember its answers: the resources of a server instance
 * never change, so a key (with the same plain options) always translates the same. Object results and
 * calls with object options go through unchanged.
 */
function memoiseFixedTranslations(instance: I18n): void {
  const memo = new Map<string, string>();
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedTranslate;
  const memoised = (...args: unknown[]): FixedTranslate => {
    const fixed = getFixedT(...args);
    const scope = JSON.stringify([args[0], args[1], args[2], (args[3] as { scopeNs?: unknown } | undefined)?.scopeNs]);
    const translate = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      const optionsKey = typeof key === 'string' && rest.length === 0 ? toMemoOptions(options) : null;
      if (optionsKey === null) return fixed(key, options, ...rest);
      const memoKey = `${scope}\u0000${key}\u0000${optionsKey}`;
      const known = memo.get(memoKey);
      if (known !== undefined) return known;
      const translated = fixed(key, options);
      if (typeof translated === 'string' && memo.size < TRANSLATION_MEMO_LIMIT) memo.set(memoKey, translated);
      return translated;
    };
    return Object.assign(translate, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  instance.getFixedT = memoised as unknown as I18n['getFixedT'];
}

/**
 * The i18next instance a server render uses for a locale and its namespaces' dictionaries: made once and
 * shared by every render with the same dictionaries (the locale store hands out the same objects), instead
 * of an instance per request. Renders only read it. Any other dictionaries get an instance of their own.
 */
export function createServerI18nCache() {
  const instances = new Map<string, CachedInstance>();
  return (locale: Locale, resources: NamespaceResources): I18n => {
    const namespaces = Object.keys(resources);
    const key = `${locale}|${namespaces.join(',')}`;
    const dictionaries = namespaces.map((namespace) => resources[namespace]);
    const cached = instances.get(key);
    if (cached && cached.dictionaries.every((dictionary, index) => dictionary === dictionaries[index])) return cached.i18n;
    const i18n = createI18n(locale, resources);
    memoiseFixedTranslations(i18n);
    instances.set(key, { dictionaries, i18n });
    return i18n;
  };
}

/** The server bundle's shared instances (one cache per shell version: it lives and goes with the bundle). */
export const getServerI18n = createServerI18nCache();
