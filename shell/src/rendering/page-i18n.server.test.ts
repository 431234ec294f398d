import { describe, expect, it, jest } from '@jest/globals';
import { createI18n, fixedTranslate, type NamespaceResources } from '@reelkeep/shared-contracts/i18n';
import { createPageI18nCache, memoiseFixedTranslations } from './page-i18n.server.ts';

const common = {
  hello: 'Bonjour {{name}}',
  files_one: '{{count}} fichier',
  files_other: '{{count}} fichiers',
  greeting: 'Salut',
  greeting_formal: 'Bonjour',
  list: { a: 'A', b: 'B' },
};
const landing = { heading: '{{service}} en {{quality}}' };

/** The same calls, answered by a plain instance and by a memoised one, each asked twice. */
const CALLS: [string, Record<string, unknown>?][] = [
  ['hello', { name: 'Ada' }],
  ['hello', { name: 'Zoé' }],
  ['hello'],
  ['files', { count: 1 }],
  ['files', { count: 3 }],
  ['files', { count: '1' }],
  ['greeting', { context: 'formal' }],
  ['greeting', { context: 'other' }],
  ['landing:heading', { service: 'Netflix', quality: '1080p' }],
  ['nowhere'],
  ['nowhere', { defaultValue: '' }],
];

describe('memoiseFixedTranslations', () => {
  it('answers every call as i18next does, asked once or again', () => {
    const plain = fixedTranslate(createI18n('fr', { common, landing }));
    const memoised = fixedTranslate(memoiseFixedTranslations(createI18n('fr', { common, landing })));
    for (const [key, options] of [...CALLS, ...CALLS]) expect(memoised(key, options)).toBe(plain(key, options));
  });

  it('resolves a repeated call once, and leaves calls with objects to i18next each time', () => {
    const i18n = memoiseFixedTranslations(createI18n('fr', { common, landing }));
    // Every fixed `t` asks `i18n.t`, which resolves the text (i18next's getFixedT).
    const translate = jest.spyOn(i18n, 't');
    const t = i18n.getFixedT(null, 'common');
    expect([t('hello', { name: 'Ada' }), t('hello', { name: 'Ada' }), t('hello', { name: 'Ada' })]).toEqual(Array(3).fill('Bonjour Ada'));
    expect(translate).toHaveBeenCalledTimes(1);
    t('hello', { name: 'Zoé' });
    expect(translate).toHaveBeenCalledTimes(2);
    // An object among the options (a <Trans> component, nested values) and returned objects are never kept.
    t('hello', { name: 'Ada', components: { b: {} } });
    t('hello', { name: 'Ada', components: { b: {} } });
    expect(t('list', { returnObjects: true })).toEqual({ a: 'A', b: 'B' });
    t('list', { returnObjects: true });
    expect(translate).toHaveBeenCalledTimes(6);
  });

  it('keeps the namespace a t was fixed to apart', () => {
    const i18n = memoiseFixedTranslations(createI18n('fr', { common, landing: { hello: 'Hallo {{name}}' } }));
    expect(i18n.getFixedT(null, 'landing')('hello', { name: 'Ada' })).toBe('Hallo Ada');
    expect(i18n.getFixedT(null, 'common')('hello', { name: 'Ada' })).toBe('Bonjour Ada');
    expect((i18n.getFixedT(null, 'landing') as unknown as { ns: string }).ns).toBe('landing');
    expect(i18n.getFixedT(null, 'common', 'list')('a')).toBe('A');
    // A selector as key prefix (`keyPrefix: ($) => $.list`) has no name to key by: i18next answers each call.
    const t = i18n.getFixedT(null, 'common', (($: Record<string, unknown>) => $.list) as never);
    const translate = jest.spyOn(i18n, 't');
    expect([t('a'), t('a')]).toEqual(['A', 'A']);
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its limit of texts, the oldest dropped first', () => {
    const i18n = memoiseFixedTranslations(createI18n('fr', { common }), 2);
    const t = i18n.getFixedT(null, 'common');
    t('greeting');
    t('hello', { name: 'Ada' });
    const translate = jest.spyOn(i18n, 't');
    t('greeting');
    expect(translate).toHaveBeenCalledTimes(0);
    // A third text makes room by dropping the oldest, which i18next then resolves again.
    t('files', { count: 2 });
    t('greeting');
    expect(translate).toHaveBeenCalledTimes(2);
  });
});

describe('createPageI18nCache', () => {
  it('shares one instance between requests with the same dictionaries, and builds a new one for new texts', () => {
    const cache = createPageI18nCache();
    const first = cache.instanceFor('fr', { common, landing });
    expect(cache.instanceFor('fr', { common, landing })).toBe(first);
    expect(cache.instanceFor('de', { common, landing })).not.toBe(first);
    expect(cache.instanceFor('fr', { common })).not.toBe(first);
    const released: NamespaceResources = { common, landing: { heading: '{{service}} : en {{quality}}' } };
    const next = cache.instanceFor('fr', released);
    expect(next).not.toBe(first);
    expect(fixedTranslate(next, 'landing')('heading', { service: 'Netflix', quality: '4K' })).toBe('Netflix : en 4K');
    expect(cache.instanceFor('fr', released)).toBe(next);
  });

  it('starts again beyond its limit of instances', () => {
    const cache = createPageI18nCache({ instances: 2 });
    const first = cache.instanceFor('fr', { common });
    cache.instanceFor('de', { common });
    expect(cache.instanceFor('fr', { common })).toBe(first);
    cache.instanceFor('es', { common });
    expect(cache.instanceFor('fr', { common })).not.toBe(first);
  });
});
