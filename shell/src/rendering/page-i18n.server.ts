import type { NamespaceResources } from '@reelkeep/shared-contracts';
import { createI18n, type I18n } from '@reelkeep/shared-contracts/i18n';

/** Texts one shared instance remembers at most (a few pages' worth); the oldest make room. */
export const TRANSLATIONS_KEPT_PER_INSTANCE = 4096;

/** Instances kept at most (locales × the pages' sets of namespaces); beyond it the set starts again. */
export const INSTANCES_KEPT = 512;

/**
 * `getFixedT` as i18next implements it, which its typings leave out: react-i18next's `useTranslation` passes a fourth
 * argument (`{ scopeNs }`), and `<Trans>` reads the `lng`, `ns` and `keyPrefix` of the `t` it returns.
 */
type FixedT = ((key: unknown, options?: unknown, ...more: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
type GetFixedT = (lng?: unknown, ns?: unknown, keyPrefix?: unknown, fixedOptions?: { scopeNs?: unknown }) => FixedT;

const isPrimitive = (value: unknown): value is string | number | boolean | undefined =>
  value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The memo key of one `t(key, options)` call, or null when i18next must answer it (a selector or several keys,
 * options holding objects such as `<Trans>` components or nested values, or more arguments). The key names every
 * option with its type, so `{ count: 1 }` and `{ count: '1' }` (a plural and a plain value) never share an entry.
 */
function toMemoKey(scope: string, key: unknown, options: unknown, more: number): string | null {
  if (typeof key !== 'string' || more > 0) return null;
  if (options === undefined) return `${scope}\u0000${key}`;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  let id = `${scope}\u0000${key}`;
  for (const [name, value] of Object.entries(options)) {
    if (!isPrimitive(value)) return null;
    id += `\u0000${name}\u0001${typeof value}\u0001${String(value)}`;
  }
  return id;
}

/**
 * Makes every `t` that `i18n.getFixedT` hands out (react-i18next's `useTranslation`, `fixedTranslate`) remember
 * its answers: i18next still resolves each text (plurals, context, interpolation, the fact sheet), once per
 * distinct call, and a repeated call is a map lookup. Only for an instance nobody changes after `init` (a fixed
 * language and preloaded namespaces, as on the server): a text is then a function of its call alone. Only strings
 * are kept (`returnObjects` answers are not), at most `limit` of them, the oldest dropped first.
 */
export function memoiseFixedTranslations(i18n: I18n, limit = TRANSLATIONS_KEPT_PER_INSTANCE): I18n {
  const answers = new Map<string, string>();
  const getFixedT = (i18n.getFixedT as unknown as GetFixedT).bind(i18n);
  const memoised: GetFixedT = (lng, ns, keyPrefix, fixedOptions) => {
    const fixed = getFixedT(lng, ns, keyPrefix, fixedOptions);
    // A key prefix given as a selector function has no name to remember it by: that `t` stays i18next's own.
    if (keyPrefix !== undefined && keyPrefix !== null && typeof keyPrefix !== 'string') return fixed;
    const list = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value ?? ''));
    const scope = [list(lng), list(ns), keyPrefix ?? '', list(fixedOptions?.scopeNs)].join('\u0002');
    const translate = (key: unknown, options?: unknown, ...more: unknown[]): unknown => {
      const id = toMemoKey(scope, key, options, more.length);
      if (id === null) return fixed(key, options, ...more);
      const known = answers.get(id);
      if (known !== undefined) return known;
      const answer = fixed(key, options);
      if (typeof answer === 'string') {
        if (answers.size >= limit) answers.delete(answers.keys().next().value!);
        answers.set(id, answer);
      }
      return answer;
    };
    // react-i18next's <Trans> reads the namespace and language a `t` was fixed to.
    return Object.assign(translate, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  i18n.getFixedT = memoised as unknown as I18n['getFixedT'];
  return i18n;
}

/**
 * The server's i18next instances (docs/i18n.md "One instance per page"): one per locale and set of namespaces,
 * shared by every request whose texts are the same dictionaries (the locale store hands out one object per
 * namespace and release, so a release with new texts gets a new instance). Nothing is built or initialised per
 * request, and each instance remembers its translations (`memoiseFixedTranslations`). On the server nothing
 * changes an instance after `init`: no language switch, no namespace loaded later (the browser's instance does
 * both, and is its own).
 */
export function createPageI18nCache(limits: { instances?: number; translations?: number } = {}) {
  const kept = new Map<string, { dictionaries: readonly object[]; i18n: I18n }>();
  const maxInstances = limits.instances ?? INSTANCES_KEPT;
  return {
    /** The instance over `resources` in `locale`: the same one while these are the same dictionaries. */
    instanceFor(locale: string, resources: NamespaceResources): I18n {
      const namespaces = Object.keys(resources);
      const key = `${locale}\u0000${namespaces.join(',')}`;
      const dictionaries = namespaces.map((namespace) => resources[namespace]!);
      const entry = kept.get(key);
      if (entry && entry.dictionaries.every((dictionary, index) => dictionary === dictionaries[index])) return entry.i18n;
      if (!entry && kept.size >= maxInstances) kept.clear();
      const i18n = memoiseFixedTranslations(createI18n(locale, resources), limits.translations);
      kept.set(key, { dictionaries, i18n });
      return i18n;
    },
  };
}
