import { describe, expect, it } from '@jest/globals';
import { collectAttributionCookies } from './attribution.server.ts';

const arrive = (query: string, cookieHeader?: string, secure = false) =>
  collectAttributionCookies({ cookieHeader, query: new URLSearchParams(query), secure });

describe('attribution cookies (docs/experiments.md "Affiliates and ads")', () => {
  it('keeps af 30 days as affiliate, ad and ad1 180 days, and the first touch', () => {
    expect(arrive('af=123&ad=x&ad1=g.search-1')).toEqual([
      'affiliate=123; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax',
      'ad=x; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax',
      'ad1=g.search-1; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax',
      'rk_first_touch=af=123&ad=x&ad1=g.search-1; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax',
    ]);
  });

  it('the last touch replaces the affiliate; the first touch stays', () => {
    expect(arrive('af=456', 'affiliate=123; rk_first_touch=af%3D123')).toEqual(['affiliate=456; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax']);
  });

  it('writes nothing for values already held, off their format, or without parameters', () => {
    expect(arrive('af=123', 'affiliate=123; rk_first_touch=af%3D123')).toEqual([]);
    expect(arrive('af=%3Cscript%3E&ad=' + 'x'.repeat(65))).toEqual([]);
    expect(arrive('utm_source=news')).toEqual([]);
  });

  it('keeps a tester address a day, Secure on an HTTPS site', () => {
    expect(arrive('test_ip=192.0.2.44', undefined, true)).toEqual(['test_ip=192.0.2.44; Path=/; Max-Age=86400; HttpOnly; Secure; SameSite=Lax']);
    expect(arrive('test_ip=not-an-address')).toEqual([]);
  });
});
