import { describe, expect, it } from '@jest/globals';
import { createI18n, createLocalesBackend, createMailTranslate, fixedTranslate, type NamespaceTexts } from './i18n.ts';
import { BEST_QUALITY, USUAL_QUALITY } from './fact-values.ts';

const common = {
  hello: 'Bonjour {{name}}',
  files_one: '{{count}} fichier',
  files_many: '{{count}} de fichiers',
  files_other: '{{count}} fichiers',
  greeting: 'Salut',
  greeting_formal: 'Bonjour',
  quality: 'Jusqu’en {{facts.usual_quality}}, {{facts.best_quality}} si le service le propose',
  empty: '',
};

describe('createI18n', () => {
  const i18n = createI18n('fr', { common, checkout: { title: 'Paiement' } });
  const t = fixedTranslate(i18n);

  it('is ready at once over the given texts, in their locale', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('fr');
    expect(t('checkout:title')).toBe('Paiement');
  });

  it("interpolates without escaping, keeps a placeholder whose value is missing, and fills the fact sheet's", () => {
    expect(t('hello', { name: '<Zoé & co>' })).toBe('Bonjour <Zoé & co>');
    expect(t('hello')).toBe('Bonjour {{name}}');
    expect(t('quality')).toBe(`Jusqu’en ${USUAL_QUALITY}, ${BEST_QUALITY} si le service le propose`);
  });

  it("picks the locale's plural form and a context", () => {
    expect([1, 2, 1_000_000].map((count) => t('files', { count }))).toEqual(['1 fichier', '2 fichiers', '1000000 de fichiers']);
    expect(t('greeting', { context: 'formal' })).toBe('Bonjour');
    expect(t('greeting', { context: 'other' })).toBe('Salut');
  });

  it('shows the key, or the default value, for a text that is missing or empty; no other language fills it', () => {
    expect(t('nowhere')).toBe('nowhere');
    expect(t('checkout:nowhere')).toBe('nowhere');
    expect(t('empty')).toBe('empty');
    expect(t('keywords', { defaultValue: '' })).toBe('');
  });

  it('gives every request its own instance', () => {
    const other = createI18n('de', { common: { hello: 'Hallo {{name}}' } });
    expect(fixedTranslate(other)('hello', { name: 'Ada' })).toBe('Hallo Ada');
    expect(t('hello', { name: 'Ada' })).toBe('Bonjour Ada');
  });
});

describe('the browser backend', () => {
  const files: Record<string, NamespaceTexts> = { 'en/contact': { heading: 'Contact us' }, 'de/campaign': { title: 'Angebote' } };

  function createBrowserI18n(locale: string) {
    const asked: string[] = [];
    const backend = createLocalesBackend(async (at, namespace) => {
      asked.push(`${at}/${namespace}`);
      if (at === 'de' && namespace === 'broken') throw new Error('network');
      return files[`${at}/${namespace}`] ?? null;
    });
    return { i18n: createI18n(locale, { common: { hello: 'Hallo' } }, { backend }), asked };
  }

  it('fetches nothing the page brought, and loads a namespace a later page adds', async () => {
    const { i18n, asked } = createBrowserI18n('de');
    await i18n.loadNamespaces(['common', 'campaign']);
    expect(asked).toEqual(['de/campaign']);
    expect(i18n.t('campaign:title')).toBe('Angebote');
  });

  it("falls back to the default locale's file when the locale's cannot be read", async () => {
    const { i18n, asked } = createBrowserI18n('de');
    await i18n.loadNamespaces(['contact']);
    expect(asked).toEqual(['de/contact', 'en/contact']);
    expect(i18n.t('contact:heading')).toBe('Contact us');
    await i18n.loadNamespaces(['broken']);
    expect(i18n.t('broken:anything')).toBe('anything');
  });
});

describe('createMailTranslate', () => {
  it('translates one namespace in the recipient locale and never shows a key', () => {
    const t = createMailTranslate('ja', 'checkout', { receipt: { devices_other: '最大 {{count}} 台のコンピューター' } });
    expect(t('receipt.devices', { count: 1 })).toBe('最大 1 台のコンピューター');
    expect(t('receipt.missing')).toBe('');
  });
});
