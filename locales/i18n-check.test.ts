import { describe, expect, it } from '@jest/globals';
import { collectKeyUsage, findTranslationProblems, type Dictionary } from './i18n-check.ts';

const locales = (entries: Record<string, Record<string, Dictionary>>) =>
  new Map(Object.entries(entries).map(([locale, namespaces]) => [locale, new Map(Object.entries(namespaces))]));

const SOURCE = "t('title'); t('nav.posts'); t(`items.${slug}.title`);";

describe('translation check', () => {
  it('passes complete, used, translated dictionaries', () => {
    const byLocale = locales({
      en: { home: { title: 'Home', nav: { posts: 'Guides' } } },
      fr: { home: { title: 'Accueil', nav: { posts: 'Guides pratiques' } } },
    });
    expect(findTranslationProblems(byLocale, 'en', collectKeyUsage([SOURCE], []))).toEqual([]);
  });

  it('reports a key missing in a locale', () => {
    const byLocale = locales({ en: { home: { title: 'Home' } }, de: { home: {} } });
    expect(findTranslationProblems(byLocale, 'en', collectKeyUsage([SOURCE], []))).toEqual(['de/home: title is missing']);
  });

  it('reports a key no code uses', () => {
    const byLocale = locales({ en: { home: { title: 'Home', tagline: 'Old' } }, ja: { home: { title: 'ホーム', tagline: '古い' } } });
    expect(findTranslationProblems(byLocale, 'en', collectKeyUsage([SOURCE], []))).toEqual(['en/home: tagline is not used by any code']);
  });

  it('reports an English copy but allows brand names and nesting expressions', () => {
    const byLocale = locales({
      en: { home: { title: 'Home', nav: { posts: 'ReelKeep' } }, article: { title: '$t(items.{{article}}.title)', items: { faqs: { title: 'FAQs' } } } },
      es: { home: { title: 'Home', nav: { posts: 'ReelKeep' } }, article: { title: '$t(items.{{article}}.title)', items: { faqs: { title: 'Preguntas frecuentes' } } } },
    });
    const usage = collectKeyUsage([SOURCE], [...byLocale.get('en')!.values()]);
    expect(findTranslationProblems(byLocale, 'en', usage)).toEqual(['es/home: title is the English text ("Home")']);
  });

  it('lets values through that hold nothing to translate', () => {
    const byLocale = locales({ en: { home: { title: '{{title}} | ReelKeep', nav: { posts: 'MP4 / MKV' } } }, it: { home: { title: '{{title}} | ReelKeep', nav: { posts: 'MP4 / MKV' } } } });
    expect(findTranslationProblems(byLocale, 'en', collectKeyUsage([SOURCE], []))).toEqual([]);
  });

  it('counts keys reached through template literals and $t nesting as used', () => {
    const usage = collectKeyUsage(['t(`items.${slug}.title`)'], [{ heading: '$t(items.{{article}}.lead)' }]);
    const byLocale = locales({ en: { article: { items: { faqs: { title: 'FAQs', lead: 'Answers' } }, heading: 'x' } } });
    expect(findTranslationProblems(byLocale, 'en', usage)).toEqual(['en/article: heading is not used by any code']);
  });
});

describe('keys the code uses', () => {
  const english = (keys: Record<string, string>) => locales({ en: { page: keys } });
  const unused = (sources: string[], keys: Record<string, string>) =>
    findTranslationProblems(english(keys), 'en', collectKeyUsage(sources, [])).map((problem) => problem.replace(/^en\/page: (.*) is not used by any code$/, '$1'));

  it('are the keys t() and <Trans i18nKey> name, not any string of the code', () =>
    expect(
      unused(["const mode = 'sending'; t('submit'); <Trans i18nKey=\"intro\" components={{ b: <b className=\"x\" /> }} />"], {
        submit: 'Send',
        sending: 'Sending…',
        intro: 'Read <b>this</b>',
        x: 'X',
      }),
    ).toEqual(['sending', 'x']));

  it('follow both branches of a condition, a namespace prefix and a plural base', () =>
    expect(
      unused(["t(mac ? 'os_mac' : 'os_win'); t('checkout:devices', { count: 2 })"], { os_mac: 'Mac', os_win: 'Windows', devices_one: 'one', devices_other: 'many', old: 'x' }),
    ).toEqual(['old']));

  it('count key tables read through t(variable), and template literals only inside t()', () =>
    expect(
      unused(
        ["const HEAD_KEYS = { title: 'head.title', description: 'head.description' }; const item = { labelKey: 'nav.home' }; const c = { key: `${p}_price` }; t(`items.${x}.title`);"],
        { 'head.title': 'T', 'head.description': 'D', 'nav.home': 'Home', plan_price: 'Price', 'items.a.title': 'A', 'items.a.text': 'A text' },
      ),
    ).toEqual(['plan_price', 'items.a.text']));
});
