import { describe, expect, it } from '@jest/globals';
import { createServerI18nCache, TRANSLATION_MEMO_LIMIT } from './server-i18n.ts';

const common = { greeting: 'Hello', count: 'You have {{count}} items', nested: { deep: 'Deep' } };
const landing = { title: '{{service}} Downloader', list: ['a', 'b'] };

describe('server i18n cache', () => {
  it('shares one instance between renders with the same dictionaries', () => {
    const getI18n = createServerI18nCache();
    const first = getI18n('en', { common, landing });
    expect(getI18n('en', { common, landing })).toBe(first);
    expect(getI18n('fr', { common, landing })).not.toBe(first);
    expect(getI18n('en', { common })).not.toBe(first);
  });

  it('makes a new instance when a dictionary is another object, even with equal content', () => {
    const getI18n = createServerI18nCache();
    const first = getI18n('en', { common });
    const second = getI18n('en', { common: { ...common, greeting: 'Hi' } });
    expect(second).not.toBe(first);
    expect(second.getFixedT('en', 'common')('greeting')).toBe('Hi');
  });

  it('translates as i18next does, with or without options, and remembers plain calls', () => {
    const i18n = createServerI18nCache()('en', { common, landing });
    const t = i18n.getFixedT('en', 'landing');
    expect(t('title', { service: 'Netflix' })).toBe('Netflix Downloader');
    expect(t('title', { service: 'Hulu' })).toBe('Hulu Downloader');
    expect(t('title', { service: 'Netflix' })).toBe('Netflix Downloader');
    const common$ = i18n.getFixedT('en', 'common');
    expect(common$('greeting')).toBe('Hello');
    expect(common$('nested.deep')).toBe('Deep');
    expect(common$('count', { count: 3 })).toBe('You have 3 items');
    expect(common$('count', { count: 4 })).toBe('You have 4 items');
    // A fixed translator of another namespace never gets a remembered answer of the first one.
    expect(i18n.getFixedT('en', 'landing')('greeting')).toBe('greeting');
    expect(t('list', { returnObjects: true })).toEqual(['a', 'b']);
  });

  it('answers from memory without asking i18next again', () => {
    const i18n = createServerI18nCache()('en', { common });
    const t = i18n.getFixedT('en', 'common');
    expect(t('greeting')).toBe('Hello');
    // i18next's translator is not in its public types; counting its calls shows what the memory saved.
    const { translator } = i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
    const translate = translator.translate.bind(translator);
    let calls = 0;
    translator.translate = (...args: unknown[]) => {
      calls += 1;
      return translate(...args);
    };
    expect(i18n.getFixedT('en', 'common')('greeting')).toBe('Hello');
    expect(calls).toBe(0);
    expect(t('nested.deep')).toBe('Deep');
    expect(calls).toBe(1);
  });

  it('stops remembering at its limit and still translates', () => {
    const many = Object.fromEntries(Array.from({ length: TRANSLATION_MEMO_LIMIT + 10 }, (_, index) => [`k${index}`, `v${index}`]));
    const t = createServerI18nCache()('en', { common: many }).getFixedT('en', 'common');
    for (let index = 0; index < TRANSLATION_MEMO_LIMIT + 10; index += 1) expect(t(`k${index}`)).toBe(`v${index}`);
  });
});
