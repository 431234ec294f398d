import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@reelkeep/shared-contracts';

/** Resources of one locale by namespace, as serialised into the page. */
export type NamespaceResources = Record<string, Record<string, unknown>>;

/** Creates an i18next instance for one locale with the given namespaces already loaded (sync init). */
export function createI18n(locale: Locale, resources: NamespaceResources): I18n {
  const instance = createInstance();
  const resource: Resource = { [locale]: resources as Resource[string] };
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: resource,
    ns: Object.keys(resources),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}

/** Adds namespaces to a running instance (browser, after a client navigation). */
export function addNamespaces(instance: I18n, locale: Locale, resources: NamespaceResources): void {
  for (const [namespace, bundle] of Object.entries(resources)) {
    if (!instance.hasResourceBundle(locale, namespace)) instance.addResourceBundle(locale, namespace, bundle, true, true);
  }
}
