/**
 * The site's translator: the rules of docs/i18n.md "Texts and how they are looked up", in a few hundred bytes
 * the shell and every remote bundle themselves instead of a shared i18n library.
 */

import { TEXT_FACTS } from './fact-values.ts';

/** One namespace's texts: nested objects whose leaves are strings (`{ faq: { q1: { q: '…' } } }`). */
export type NamespaceTexts = Record<string, unknown>;

/** The texts of one locale by namespace, as the server serialises them into the page. */
export type NamespaceResources = Record<string, NamespaceTexts>;

/** Translates a key; `options` holds the `{{placeholder}}` values, and `count`/`context` pick a variant. */
export type TranslateFunction = (key: string, options?: Record<string, unknown>) => string;

/**
 * One locale's texts and the translate functions over them. Part of the page contract: the shell creates it,
 * remotes read it through `useTranslation`, so its members only ever grow.
 */
export interface Translator {
  /** The locale the texts are in (`en`, `zh`, …). */
  readonly language: string;
  /** Translates in the default namespace (`common`), or another one with `namespace:key`. */
  readonly t: TranslateFunction;
  /** A translate function whose default namespace is `namespace`; the same function each time it is asked for. */
  getFixedT(namespace?: string): TranslateFunction;
  /** Whether the texts of `namespace` are loaded. */
  hasNamespace(namespace: string): boolean;
  /** Adds namespaces loaded later (after a client navigation); a namespace already loaded is kept as it is. */
  addNamespaces(resources: NamespaceResources): void;
}

const FACTS_PREFIX = 'facts.';
const NAMESPACE_PREFIX = /^([\w-]+):(.+)$/;
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const pluralRulesByLocale = new Map<string, Intl.PluralRules>();

function selectPluralCategory(language: string, count: number): string {
  let rules = pluralRulesByLocale.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesByLocale.set(language, rules);
  }
  return rules.select(count);
}

function readPath(node: unknown, path: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  if (Object.hasOwn(record, path)) return record[path];
  const dot = path.indexOf('.');
  if (dot < 0) return undefined;
  // A key may itself contain dots (`"v2.1": …`): the longest own key that prefixes the path wins.
  for (let end = path.lastIndexOf('.'); end > 0; end = path.lastIndexOf('.', end - 1)) {
    const head = path.slice(0, end);
    if (Object.hasOwn(record, head)) {
      const found = readPath(record[head], path.slice(end + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The keys tried for `key`, first to last (docs/i18n.md "Plurals and context"): with a numeric `count`, `key_zero`
 * for 0, then the locale's plural category, then `key`; with a `context`, the contextual keys first; `_other` forms last.
 */
export function listCandidateKeys(language: string, key: string, options: Record<string, unknown>): string[] {
  const count = typeof options.count === 'number' ? options.count : undefined;
  const context = typeof options.context === 'string' || typeof options.context === 'number' ? String(options.context) : '';
  const variants = (base: string) => {
    if (count === undefined) return [base];
    const category = selectPluralCategory(language, count);
    return [...(count === 0 ? [`${base}_zero`] : []), `${base}_${category}`, base];
  };
  const candidates = [...(context ? variants(`${key}_${context}`) : []), ...variants(key)];
  if (count !== undefined && selectPluralCategory(language, count) !== 'other') {
    if (context) candidates.push(`${key}_${context}_other`);
    candidates.push(`${key}_other`);
  }
  return candidates;
}

/**
 * Fills `{{name}}` placeholders from `values` as they are, without HTML escaping (React escapes). A value missing
 * from `values` leaves its placeholder visible; `null` or an `undefined` that is passed becomes empty text.
 */
export function interpolate(template: string, values: Record<string, unknown>): string {
  if (!template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    // `{{- name}}` is the unescaped form of `{{name}}`; nothing is escaped here, so both read the same value.
    const path = name.replace(/^-/, '').trim();
    const value = readPath(values, path);
    if (value === undefined) {
      // docs/content.md "Product facts": every text may name the sheet's qualities without its caller passing them.
      if (path.startsWith(FACTS_PREFIX) && Object.hasOwn(TEXT_FACTS, path.slice(FACTS_PREFIX.length)))
        return TEXT_FACTS[path.slice(FACTS_PREFIX.length)]!;
      return Object.hasOwn(values, path) ? '' : placeholder;
    }
    return value === null ? '' : String(value);
  });
}

/**
 * Translates `key` with `resources` of `language`. A key may name its namespace (`checkout:title`); without one
 * it is looked up in `defaultNamespace`. A key that is not found, whose text is empty, or that names a group of
 * texts rather than one, gives `options.defaultValue` when there is one, else the key itself (without the
 * namespace), so a missing text shows its key.
 */
export function translate(
  resources: NamespaceResources,
  language: string,
  defaultNamespace: string,
  fullKey: string,
  options: Record<string, unknown> = {},
): string {
  const prefixed = NAMESPACE_PREFIX.exec(fullKey);
  const namespace = prefixed ? prefixed[1]! : defaultNamespace;
  const key = prefixed ? prefixed[2]! : fullKey;
  const texts = resources[namespace];
  const fallback = typeof options.defaultValue === 'string' ? options.defaultValue : key;
  for (const candidate of listCandidateKeys(language, key, options)) {
    const text = readPath(texts, candidate);
    if (text === undefined || text === null) continue;
    return interpolate(typeof text === 'string' && text !== '' ? text : fallback, options);
  }
  return interpolate(fallback, options);
}

/** Creates the translator of one locale over `resources`; `t` translates in `common`. */
export function createTranslator(language: string, resources: NamespaceResources, defaultNamespace = 'common'): Translator {
  const loaded: NamespaceResources = { ...resources };
  const fixed = new Map<string, TranslateFunction>();
  const getFixedT = (namespace = defaultNamespace): TranslateFunction => {
    let t = fixed.get(namespace);
    if (!t) {
      t = (key, options) => translate(loaded, language, namespace, key, options);
      fixed.set(namespace, t);
    }
    return t;
  };
  return {
    language,
    t: getFixedT(),
    getFixedT,
    hasNamespace: (namespace) => Object.hasOwn(loaded, namespace),
    addNamespaces(added) {
      for (const [namespace, texts] of Object.entries(added)) if (!Object.hasOwn(loaded, namespace)) loaded[namespace] = texts;
    },
  };
}
