/**
 * The site's i18next instances (docs/i18n.md): one per server render or mail, one per page in the browser, all
 * made here with the same options so a text reads the same wherever it is rendered. i18next and react-i18next
 * are shared singletons (docs/adr/0002-builds-and-sharing.md), so the shell and every remote use one copy.
 */
import { createInstance, type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { TEXT_FACTS } from './fact-values.ts';
import type { Translate } from './page-contract.ts';

/** One namespace's texts: nested objects whose leaves are strings (`{ faq: { q1: { q: '…' } } }`). */
export type NamespaceTexts = Record<string, unknown>;

/** The texts of one locale by namespace, as the server serialises them into the page. */
export type NamespaceResources = Record<string, NamespaceTexts>;

/** The i18next instance the shell creates and every component reaches through `useTranslation`. */
export type { I18n };

/** How the browser fetches a namespace the page did not bring: `GET /locales/<locale>/<namespace>.json`, parsed. */
export type FetchNamespace = (locale: string, namespace: string) => Promise<NamespaceTexts | null>;

/** The default locale's file answers when the locale's own cannot be read (docs/locales.md "Translation files"). */
const FALLBACK_LOCALE = 'en';

/**
 * An i18next backend over `/locales/{locale}/{namespace}.json`, in a few lines instead of i18next-http-backend:
 * the host already merges a locale over English key by key, and a locale whose file cannot be read falls back
 * to the English file whole.
 */
export function createLocalesBackend(fetchNamespace: FetchNamespace): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      const readOne = (locale: string) => fetchNamespace(locale, namespace).catch(() => null);
      void readOne(language)
        .then((texts) => texts ?? (language === FALLBACK_LOCALE ? null : readOne(FALLBACK_LOCALE)))
        .then((texts) => (texts ? callback(null, texts) : callback(new Error(`no texts for ${language}/${namespace}`), false)));
    },
  };
}

/** What `createI18n` may add to a locale and its texts. */
export interface CreateI18nOptions {
  /** The namespace of `t` without a `namespace:` prefix; `common` when absent. */
  defaultNS?: string;
  /** Loads namespaces the texts lack (the browser's, with `createLocalesBackend`); none on the server. */
  backend?: BackendModule;
}

/**
 * An i18next instance for `locale`, initialised synchronously over `resources` (the server's, or the hydration
 * state's in the browser: nothing is fetched again). There is no run-time fallback language: the host merged
 * English under every locale already. `{{facts.*}}` placeholders read the product fact sheet
 * (docs/content.md "Product facts") without the caller passing it.
 */
export function createI18n(locale: string, resources: NamespaceResources, options: CreateI18nOptions = {}): I18n {
  const instance = createInstance();
  if (options.backend) instance.use(options.backend);
  void instance.init({
    lng: locale,
    fallbackLng: false,
    load: 'currentOnly',
    resources: { [locale]: resources },
    // Namespaces a page adds later come from the backend; those given here are never fetched again.
    partialBundledLanguages: true,
    ns: Object.keys(resources),
    defaultNS: options.defaultNS ?? 'common',
    fallbackNS: false,
    // i18next's defaults, set explicitly: our keys are paths (`faq.q1.q`, `common:nav.skip`), never sentences, and
    // set separators spare every `t()` the test of whether a key "looks like natural language" (docs/i18n.md).
    keySeparator: '.',
    nsSeparator: ':',
    initAsync: false,
    returnNull: false,
    returnEmptyString: false,
    // React escapes what it renders, and mails are plain text.
    interpolation: { escapeValue: false, defaultVariables: { facts: TEXT_FACTS } },
    // <Trans> keeps these tags of a translation as bare elements (no attributes); any other shows as text.
    react: { useSuspense: false, transKeepBasicHtmlNodesFor: ['br', 'strong', 'b', 'em', 'i'] },
  });
  return instance;
}

/** The contract's `Translate` over one namespace of an instance (page heads, mails, server messages). */
export function fixedTranslate(i18n: I18n, namespace?: string): Translate {
  const t = i18n.getFixedT(null, namespace ?? null);
  return (key, options) => t(key, options ?? {}) as string;
}

/**
 * A mail's translate function over one namespace in the recipient's locale (docs/i18n.md "Mails"): a text
 * missing there is empty, so a mail never shows a key.
 */
export function createMailTranslate(locale: string, namespace: string, texts: NamespaceTexts): Translate {
  const t = fixedTranslate(createI18n(locale, { [namespace]: texts }), namespace);
  return (key, values) => t(key, { defaultValue: '', ...values });
}
