import { describe, expect, it } from '@jest/globals';
import { isSecureSite, readCookie, serialiseCookie, serialiseCookieDeletion, serialiseRequestCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie by its exact name, decoded, in a header or document.cookie', () => {
    expect(readCookie('a=1; rk_lang=ja; b=2', 'rk_lang')).toBe('ja');
    expect(readCookie('_EA_PATH_TRK=%2Ffr%2Fblog%2C%2F; x=1', '_EA_PATH_TRK')).toBe('/fr/blog,/');
    expect(readCookie('token=a=b=c', 'token')).toBe('a=b=c');
    expect(readCookie('_T_EA_GUID=x; EA_GUID=y', 'EA_GUID')).toBe('y');
    expect(readCookie('empty=', 'empty')).toBe('');
  });

  it('is undefined when the cookie is absent, the header missing, or the value not decodable', () => {
    expect(readCookie(undefined, 'rk_lang')).toBeUndefined();
    expect(readCookie(null, 'rk_lang')).toBeUndefined();
    expect(readCookie('rk_langs=ja', 'rk_lang')).toBeUndefined();
    expect(readCookie('bad=%E0%A4%A', 'bad')).toBeUndefined();
  });
});

describe('serialiseCookie', () => {
  it('writes the defaults: Path=/ and SameSite=Lax, Secure only on an HTTPS site', () => {
    expect(serialiseCookie('rk_lang', 'fr', { secure: false, maxAgeS: 60 })).toBe('rk_lang=fr; Path=/; Max-Age=60; SameSite=Lax');
    expect(serialiseCookie('rk_lang', 'fr', { secure: isSecureSite('https://reelkeep.com'), httpOnly: true })).toBe(
      'rk_lang=fr; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('encodes the value so it cannot add attributes, and reads back with readCookie', () => {
    const written = serialiseCookie('note', 'a; Domain=evil.com', { secure: false });
    expect(written).toBe('note=a%3B%20Domain=evil.com; Path=/; SameSite=Lax');
    expect(readCookie(written.split(';')[0], 'note')).toBe('a; Domain=evil.com');
  });

  it('keeps the characters a cookie value may hold as they are, and reads back exactly', () => {
    for (const value of ['00:1a:2b:3c:4d:5e', 'YWJj/ZA==', 'a%20b', 'ünïcödé', '"quoted", a\\b']) {
      const written = serialiseCookie('v', value, { secure: false });
      expect(readCookie(written.split(';')[0], 'v')).toBe(value);
      expect(written.split(';')[0]).not.toMatch(/[\s",;\\]/);
    }
    expect(serialiseCookie('elk_mac', '00:1a:2b:3c:4d:5e', { secure: false })).toMatch(/^elk_mac=00:1a:2b:3c:4d:5e;/);
  });

  it('refuses a name that is not a cookie token, and deletes with Max-Age=0', () => {
    expect(() => serialiseCookie('a b', 'x', { secure: false })).toThrow('not a cookie name');
    expect(serialiseCookieDeletion('token', { secure: true })).toBe('token=; Path=/; Max-Age=0; Secure; SameSite=Lax');
  });
});

describe('serialiseRequestCookie', () => {
  it('writes one pair of a Cookie header that readCookie reads back, and refuses a name that is not a token', () => {
    const header = ['rk_lang=fr', serialiseRequestCookie('abPlanPrice', 'price_a; admin=1')].join('; ');
    expect(readCookie(header, 'abPlanPrice')).toBe('price_a; admin=1');
    expect(readCookie(header, 'admin')).toBeUndefined();
    expect(() => serialiseRequestCookie('a b', 'x')).toThrow('not a cookie name');
  });
});
