import { describe, expect, it } from '@jest/globals';
import { matchLanguageTag, redirectRootByLanguage, ROOT_LANGUAGE_VARY } from './root-language.server.ts';
import type { RuleRequest } from './url-rule.server.ts';

const makeRequest = (overrides: Partial<RuleRequest>): RuleRequest => ({
  host: 'reelkeep.com',
  siteHost: 'reelkeep.com',
  rawPath: '/',
  search: '',
  ...overrides,
});
const redirectTo = (location: string) => ({ kind: 'redirect', status: 302, location, vary: 'Accept-Language, Cookie' });
const CONTINUE = { kind: 'continue' };

describe('redirectRootByLanguage (docs/routing.md "Language choice")', () => {
  describe('by the first Accept-Language tag', () => {
    it.each([
      ['fr', '/fr'],
      ['fr-CA,fr;q=0.9', '/fr'],
      ['ja-JP,ja;q=0.9,en;q=0.8', '/ja'],
      ['de-DE', '/de'],
      ['es-419', '/es'],
      ['pt-BR', '/pt'],
      ['it', '/it'],
      ['zh-TW', '/zh'],
      ['zh-HK', '/zh'],
      ['zh-MO', '/zh'],
      ['zh-Hant', '/zh'],
      ['zh-Hant-TW', '/zh'],
    ])('%s → 302 %s', (acceptLanguage, location) => {
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage }))).toEqual(redirectTo(location));
    });

    it.each(['zh-CN', 'zh', 'zh-SG', 'zh-Hans', 'zh-Hans-HK', 'en-US', 'en', 'tr-TR', '*', ''])(
      '%s stays on / (docs/routing.md "Language choice": zh-cn is skipped)',
      (acceptLanguage) => {
        expect(redirectRootByLanguage(makeRequest({ acceptLanguage }))).toEqual(CONTINUE);
      },
    );

    it('reads only the first tag, whatever the q-values', () => {
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'en;q=0.1, fr;q=1' }))).toEqual(CONTINUE);
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'zh-CN, zh-TW' }))).toEqual(CONTINUE);
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'de;q=0.5, en' }))).toEqual(redirectTo('/de'));
    });

    it('stays on / without the header (crawlers get English)', () => {
      expect(redirectRootByLanguage(makeRequest({}))).toEqual(CONTINUE);
    });

    it('keeps the query', () => {
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'fr', search: '?medium=ad' }))).toEqual(redirectTo('/fr?medium=ad'));
    });
  });

  describe('an explicit choice in the rk_lang cookie beats the header', () => {
    it('cookie en keeps a French browser on /', () => {
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'fr-FR', localeCookie: 'en' }))).toEqual(CONTINUE);
    });

    it('cookie de sends a French browser to /de', () => {
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'fr-FR', localeCookie: 'de' }))).toEqual(redirectTo('/de'));
    });

    it('cookie zh works without any header', () => {
      expect(redirectRootByLanguage(makeRequest({ localeCookie: 'zh' }))).toEqual(redirectTo('/zh'));
    });

    it('an unsupported cookie value falls back to the header', () => {
      expect(redirectRootByLanguage(makeRequest({ acceptLanguage: 'ja', localeCookie: 'tr' }))).toEqual(redirectTo('/ja'));
    });
  });

  describe('a language switch to English beats both the cookie and the header (docs/routing.md "Language choice")', () => {
    it.each([
      ['cookie fr', { localeCookie: 'fr' }],
      ['header fr', { acceptLanguage: 'fr-FR' }],
      ['cookie ja and header de', { localeCookie: 'ja', acceptLanguage: 'de' }],
      ['no cookie, no header', {}],
    ])('%s: /?source=lang_switch stays on /', (_case, overrides) => {
      expect(redirectRootByLanguage(makeRequest({ ...overrides, search: '?source=lang_switch' }))).toEqual(CONTINUE);
      expect(redirectRootByLanguage(makeRequest({ ...overrides, search: '?medium=ad&source=lang_switch' }))).toEqual(CONTINUE);
    });

    it.each(['?source=lang_switcher', '?source=mail', '?lang_switch=1'])('%s is no language switch', (search) => {
      expect(redirectRootByLanguage(makeRequest({ localeCookie: 'fr', search }))).toEqual(redirectTo(`/fr${search}`));
    });
  });

  it.each(['/checkout', '/fr', '/blog/', '/%2F'])('ignores the non-root path %s', (rawPath) => {
    expect(redirectRootByLanguage(makeRequest({ rawPath, acceptLanguage: 'fr', localeCookie: 'de' }))).toEqual(CONTINUE);
  });

  it('varies on both inputs that decide the answer', () => {
    expect(ROOT_LANGUAGE_VARY).toBe('Accept-Language, Cookie');
  });
});

describe('matchLanguageTag', () => {
  it('ignores case and surrounding spaces', () => {
    expect(matchLanguageTag(' PT-br ')).toBe('pt');
    expect(matchLanguageTag('ZH-hant-hk')).toBe('zh');
  });

  it('matches the primary subtag, not a prefix of it', () => {
    expect(matchLanguageTag('fra')).toBeNull();
  });
});
