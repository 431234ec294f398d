import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { HostContext } from '@reelkeep/platform/host-context';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import api from './api.ts';
import type { LandingSettings } from './settings.ts';
import { makeRouteCaller } from './testing/route-caller.ts';
import { decideSiteCookies } from './site-cookies-api.ts';

// These routes read no table: one PGlite serves the host context, on no second database.
describe('site cookies', () => {
  let db: Database;
  let context: HostContext<LandingSettings>;
  let call: ReturnType<typeof makeRouteCaller>;

  beforeAll(async () => {
    db = await openTestPglite();
    context = createTestHostContext(db, { module: api });
    call = makeRouteCaller(api.routes, context);
  });
  afterAll(() => db.close());

  describe('/cookie_set (docs/routing.md "Site cookies")', () => {
    it('writes the category cookie for a day, HttpOnly, and answers cscode 200', async () => {
      const answer = await call('GET', '/cookie_set?review_category_page_new=hot,netflix');
      expect(answer).toMatchObject({ status: 200, body: { cscode: 200 } });
      expect(answer.cookies).toEqual(['review_category_page_new=hot%2Cnetflix; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax']);
    });

    it('writes ad, ad1 and affiliate with their lifetimes, and goes back to a same-site return path', async () => {
      const answer = await call('GET', '/cookie_set?ad=spring_26&ad1=g.search-1&affiliate=partner42&return=%2Ffr%2Fcheckout%3Fpid%3D107211Y');
      expect(answer).toMatchObject({ status: 302, location: '/fr/checkout?pid=107211Y' });
      expect(answer.cookies).toEqual([
        'ad=spring_26; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax',
        'ad1=g.search-1; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax',
        'affiliate=partner42; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax',
        'rk_first_touch=af=partner42&ad=spring_26&ad1=g.search-1; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax',
      ]);
    });

    it('carries Secure on an HTTPS site', async () => {
      const secureCall = makeRouteCaller(api.routes, createTestHostContext(db, { module: api, env: { SITE_URL: 'https://reelkeep.com' } }));
      const answer = await secureCall('GET', '/cookie_set?affiliate=partner42');
      expect(answer.cookies).toEqual([
        'affiliate=partner42; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax',
        'rk_first_touch=af=partner42; Path=/; Max-Age=15552000; HttpOnly; Secure; SameSite=Lax',
      ]);
    });

    it.each([
      ['a name outside the allow-list', '?rk.session_token=abc', 'rk.session_token'],
      ['the language cookie', '?rk_lang=fr', 'rk_lang'],
      ['no cookie at all', '?return=/', 'form'],
      ['an unknown category', '?review_category_page_new=hot,nope', 'review_category_page_new'],
      ['a malformed category list', '?review_category_page_new=hot;Domain=evil.example', 'review_category_page_new'],
      ['too many categories', `?review_category_page_new=${Array.from({ length: 21 }, () => 'hot').join(',')}`, 'review_category_page_new'],
      ['a value with a semicolon', '?ad=x%3B%20Domain%3Devil.example', 'ad'],
      ['a NUL byte', '?affiliate=a%00b', 'affiliate'],
      ['a foreign return', '?ad=x&return=https%3A%2F%2Fevil.example%2F', 'return'],
      ['a protocol-relative return', '?ad=x&return=%2F%2Fevil.example', 'return'],
    ])('refuses %s with 400 and sets nothing', async (_case, search, field) => {
      const answer = await call('GET', `/cookie_set${search}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ cscode: 400, problems: { [field]: expect.any(String) } });
      expect(answer.cookies).toEqual([]);
    });

    it('refuses a call another site makes unseen (an image or a script), but lets its link through', async () => {
      const hidden = await call('GET', '/cookie_set?affiliate=stuffed', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' } });
      expect(hidden).toMatchObject({ status: 403, cookies: [] });
      const link = await call('GET', '/cookie_set?affiliate=partner42&return=/', {
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(link).toMatchObject({ status: 302, location: '/' });
      const own = await call('GET', '/cookie_set?review_category_page_new=tv', {
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      });
      expect(own.status).toBe(200);
    });
  });
});

describe('decideSiteCookies (docs/routing.md "Site cookies")', () => {
  const decide = (query: Parameters<typeof decideSiteCookies>[0]['query'], fetchSite: string | null = null, fetchMode: string | null = null) =>
    decideSiteCookies({ query, fetchSite, fetchMode, categoryUids: new Set(['hot', 'netflix']), siteUrl: 'https://reelkeep.com' });

  it.each([
    ['no fetch metadata (an older browser)', null, null, 'set'],
    ['same-origin fetch', 'same-origin', 'cors', 'set'],
    ['same-site navigation', 'same-site', 'navigate', 'set'],
    ['a link from another site', 'cross-site', 'navigate', 'set'],
    ['a typed address', 'none', 'navigate', 'set'],
    ['an image on another site', 'cross-site', 'no-cors', 'refuse'],
    ['a fetch from another site', 'cross-site', 'cors', 'refuse'],
  ])('%s → %s', (_case, fetchSite, fetchMode, kind) => {
    expect(decide({ affiliate: 'partner42' }, fetchSite, fetchMode).kind).toBe(kind);
  });

  it.each([
    [
      { review_category_page_new: ['hot', 'netflix'] },
      { kind: 'set', cookies: ['review_category_page_new=hot%2Cnetflix; Path=/; Max-Age=86400; HttpOnly; Secure; SameSite=Lax'], location: null },
    ],
    [
      { ad: 'x', return: 'https://reelkeep.com/fr?y=1' },
      {
        kind: 'set',
        cookies: [
          'ad=x; Path=/; Max-Age=15552000; HttpOnly; Secure; SameSite=Lax',
          'rk_first_touch=ad=x; Path=/; Max-Age=15552000; HttpOnly; Secure; SameSite=Lax',
        ],
        location: '/fr?y=1',
      },
    ],
    [{ review_category_page_new: ['hot', 'tv'] }, { kind: 'refuse', status: 400, problems: { review_category_page_new: 'invalid' } }],
    [
      { ad: 'x', return: '/\\evil.example' },
      { kind: 'refuse', status: 400, problems: { return: 'invalid' } },
    ],
  ])('%j → %j', (query, decision) => {
    expect(decide(query)).toEqual(decision);
  });

  it('keeps the first touch: an affiliate set later never replaces it (docs/experiments.md "Affiliates and ads")', () => {
    const input = { fetchSite: null, fetchMode: null, categoryUids: new Set<string>(), siteUrl: 'https://reelkeep.com' };
    const first = decideSiteCookies({ ...input, query: { affiliate: 'p1', ad1: 'y' } });
    expect(first.kind === 'set' && first.cookies.find((cookie) => cookie.startsWith('rk_first_touch='))).toBe(
      'rk_first_touch=af=p1&ad1=y; Path=/; Max-Age=15552000; HttpOnly; Secure; SameSite=Lax',
    );
    const later = decideSiteCookies({ ...input, query: { affiliate: 'p2' }, cookieHeader: 'rk_first_touch=af=p1&ad1=y; affiliate=p1' });
    expect(later.kind === 'set' && later.cookies.map((cookie) => cookie.split('=')[0])).toEqual(['affiliate']);
  });
});
