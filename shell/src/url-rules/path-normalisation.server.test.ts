import { describe, expect, it } from '@jest/globals';
import { MAX_PATH_LENGTH_CHARS, normalisePath, toNormalPath } from './path-normalisation.server.ts';
import type { RuleRequest } from './url-rule.server.ts';

const makeRequest = (rawPath: string, search = ''): RuleRequest => ({ host: 'reelkeep.com', siteHost: 'reelkeep.com', rawPath, search });
const redirectTo = (location: string) => ({ kind: 'redirect', status: 301, location });

describe('normalisePath (docs/routing.md "Normal form")', () => {
  it.each([
    ['/Checkout', '/checkout'],
    ['/FR/My-Account', '/fr/my-account'],
  ])('lowercases %s → %s', (rawPath, location) => {
    expect(normalisePath(makeRequest(rawPath))).toEqual(redirectTo(location));
  });

  it('removes underscores and keeps the query unchanged', () => {
    expect(normalisePath(makeRequest('/check_out', '?x=1'))).toEqual(redirectTo('/checkout?x=1'));
  });

  it.each([
    ['/a%20b', '/ab'],
    ['/check%09out', '/checkout'],
  ])('removes spaces: %s → %s', (rawPath, location) => {
    expect(normalisePath(makeRequest(rawPath))).toEqual(redirectTo(location));
  });

  it.each([
    ['Han', '/%E4%B8%ADcheckout'],
    ['Hiragana', '/check%E3%81%82out'],
    ['Katakana with its long-vowel mark', '/%E3%83%81%E3%83%BCcheckout'],
    ['Hangul', '/checkout%ED%95%9C'],
    ['CJK punctuation', '/checkout%E3%80%82'],
    ['fullwidth forms', '/checkout%EF%BC%81'],
  ])('removes CJK characters (%s)', (_script, rawPath) => {
    expect(normalisePath(makeRequest(rawPath))).toEqual(redirectTo('/checkout'));
  });

  it('keeps accented Latin letters', () => {
    expect(normalisePath(makeRequest('/caf%C3%A9'))).toEqual({ kind: 'continue' });
  });

  it('removes the four curly quotes', () => {
    expect(normalisePath(makeRequest('/%E2%80%9Ccheckout%E2%80%9D'))).toEqual(redirectTo('/checkout'));
    expect(normalisePath(makeRequest('/%E2%80%98check%E2%80%99out'))).toEqual(redirectTo('/checkout'));
  });

  it('collapses repeated slashes', () => {
    expect(normalisePath(makeRequest('/fr//blog///page/2/'))).toEqual(redirectTo('/fr/blog/page/2/'));
  });

  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/%2F%2Fevil.example', '/evil.example'],
    ['/%E4%B8%AD//evil.example', '/evil.example'],
  ])('never produces a protocol-relative location: %s → %s', (rawPath, location) => {
    expect(normalisePath(makeRequest(rawPath))).toEqual(redirectTo(location));
  });

  it('collapses a path of slashes to the root', () => {
    expect(normalisePath(makeRequest('///'))).toEqual(redirectTo('/'));
  });

  it('uses the root when nothing is left', () => {
    expect(normalisePath(makeRequest('/%E4%B8%AD%E6%96%87', '?a=1'))).toEqual(redirectTo('/?a=1'));
  });

  describe('trailing-slash policy', () => {
    it.each([
      ['/blog', '/blog/'],
      ['/fr/blog', '/fr/blog/'],
      ['/blog/category/guides', '/blog/category/guides/'],
      ['/zh/blog/page/2', '/zh/blog/page/2/'],
    ])('adds the slash to the blog and its listings: %s → %s', (rawPath, location) => {
      expect(normalisePath(makeRequest(rawPath))).toEqual(redirectTo(location));
    });

    it.each([
      ['/checkout/', '/checkout'],
      ['/fr/', '/fr'],
      ['/blogger/', '/blogger'],
      ['/fr/article/blog/', '/fr/article/blog'],
    ])('removes it everywhere else: %s → %s', (rawPath, location) => {
      expect(normalisePath(makeRequest(rawPath))).toEqual(redirectTo(location));
    });

    it.each(['/', '/blog/', '/fr/blog/', '/blog/page/2/', '/checkout', '/fr'])('leaves normal %s alone', (rawPath) => {
      expect(normalisePath(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    });
  });

  it('re-encodes the location so it is a valid header value', () => {
    expect(normalisePath(makeRequest('/Caf%C3%A9'))).toEqual(redirectTo('/caf%C3%A9'));
  });

  it('keeps an encoded ? inside the path rather than turning it into a query', () => {
    expect(normalisePath(makeRequest('/A%3Fb', '?c=1'))).toEqual(redirectTo('/a%3Fb?c=1'));
  });

  it('answers 404 for malformed percent-encoding', () => {
    expect(normalisePath(makeRequest('/%E0%A4%A'))).toEqual({ kind: 'not-found', reason: 'malformed percent-encoding' });
  });

  it('answers 404 for paths longer than the limit', () => {
    expect(normalisePath(makeRequest(`/${'a'.repeat(2999)}`))).toEqual({ kind: 'not-found', reason: 'path too long' });
    expect(normalisePath(makeRequest(`/${'a'.repeat(MAX_PATH_LENGTH_CHARS - 1)}`))).toEqual({ kind: 'continue' });
  });

  it('redirects to a path that is already normal (no redirect loops)', () => {
    const messy = ['/Check_Out/', '//X//Y/', '/FR/Blog', '/%E2%80%9CA b%E2%80%9D/%E4%B8%AD/', '/A%3F%23%25'];
    for (const rawPath of messy) {
      const decision = normalisePath(makeRequest(rawPath));
      if (decision.kind !== 'redirect') throw new Error(`expected a redirect for ${rawPath}`);
      expect(normalisePath(makeRequest(decision.location))).toEqual({ kind: 'continue' });
    }
  });
});

describe('toNormalPath', () => {
  it('applies every step in order', () => {
    expect(toNormalPath('//Fr/_Blog/“Guides” 中/')).toBe('/fr/blog/guides/');
  });
});
