import { describe, expect, it } from '@jest/globals';
import { captureReplayableHeaders, carriesOnlyFastPathCookies, readFastPathSignature, type FastPathRequestFacts } from './page-cache-fast-path.ts';

const REQUEST: FastPathRequestFacts = {
  method: 'GET',
  url: '/fr/netflix-downloader',
  host: 'site.test',
  acceptLanguage: 'fr-FR',
  cookie: 'abPlanPrice=price_a',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
};
const signature = (overrides: Partial<FastPathRequestFacts>) => readFastPathSignature({ ...REQUEST, ...overrides });

describe('readFastPathSignature', () => {
  it.each([
    ['a POST', { method: 'POST' }],
    ["a client navigation's data", { url: '/_data/fr/netflix-downloader' }],
    ['an API path', { url: '/api/account/session' }],
    ['a session cookie', { cookie: 'abPlanPrice=price_a; rk.session_token=alice' }],
    ['an unknown cookie', { cookie: 'rk_consent=denied' }],
    ['an absolute URL', { url: 'http://other.test/fr/netflix-downloader' }],
  ])('takes no signature for %s', (_name, overrides) => {
    expect(signature(overrides)).toBeNull();
  });

  it('gives HEAD the signature of GET', () => {
    expect(signature({ method: 'HEAD' })).toBe(signature({}));
  });

  it.each([
    ['the URL', { url: '/fr/netflix-downloader?utm_source=x' }],
    ['the host', { host: 'other.test' }],
    ['Accept-Language', { acceptLanguage: 'de' }],
    ['the price variant', { cookie: 'abPlanPrice=price_b' }],
    ['the closed banner', { cookie: 'abPlanPrice=price_a; rk_campaign_closed=1' }],
    ['the language cookie', { cookie: 'abPlanPrice=price_a; rk_lang=de' }],
    ['the OS', { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)' }],
    ['32 against 64 bit', { userAgent: 'Mozilla/5.0 (Windows NT 10.0)' }],
  ])('changes with %s', (_name, overrides) => {
    expect(signature(overrides)).not.toBeNull();
    expect(signature(overrides)).not.toBe(signature({}));
  });

  it('does not change with the rest of the user agent', () => {
    expect(signature({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140' })).toBe(signature({}));
  });
});

describe('carriesOnlyFastPathCookies', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['abPlanPrice=price_a; rk_campaign_closed=1; rk_lang=fr', true],
    ['abPlanPrice=price_a;rk_session=1', false],
    ['__Secure-rk.session_token=x', false],
  ])('%s → %s', (header, expected) => {
    expect(carriesOnlyFastPathCookies(header)).toBe(expected);
  });
});

describe('captureReplayableHeaders', () => {
  it('keeps every header but those of one answer, repeated ones once per value', () => {
    expect(
      captureReplayableHeaders({
        'content-type': 'text/html; charset=utf-8',
        'x-cache': 'MISS',
        'set-cookie': ['a=1'],
        'content-encoding': 'br',
        'content-length': 10,
        link: ['</a.css>; rel=preload', '</b.js>; rel=preload'],
        etag: '"e"',
      }),
    ).toEqual(['content-type', 'text/html; charset=utf-8', 'link', '</a.css>; rel=preload', 'link', '</b.js>; rel=preload', 'etag', '"e"']);
  });
});
