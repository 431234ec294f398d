import { describe, expect, it } from '@jest/globals';
import { guardAccountRoute, SIGNED_IN_ONLY_ROUTES, SIGNED_OUT_ONLY_ROUTES } from './account-guards.server.ts';

const SITE = 'https://reelkeep.com';
const CONTINUE = { kind: 'continue' };
const redirectTo = (location: string) => ({ kind: 'redirect', status: 302, location });

describe('guardAccountRoute (docs/routing.md "Account guards")', () => {
  it('lists the guarded routes', () => {
    expect(SIGNED_IN_ONLY_ROUTES).toEqual(['my-account']);
    expect(SIGNED_OUT_ONLY_ROUTES).toEqual(['login', 'register', 'forgot-password']);
  });

  describe('anonymous visitors', () => {
    it('go from /my-account to their locale’s login page, without the query', () => {
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'my-account', localePrefix: '', signedIn: false, search: '?source=mail' })).toEqual(
        redirectTo('/login'),
      );
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'my-account', localePrefix: '/fr', signedIn: false, search: '' })).toEqual(
        redirectTo('/fr/login'),
      );
    });

    it.each(['login', 'register', 'forgot-password', 'checkout', 'home'])('may open %s', (route) => {
      expect(guardAccountRoute({ siteOrigin: SITE, route, localePrefix: '/de', signedIn: false, search: '' })).toEqual(CONTINUE);
    });
  });

  describe('signed-in visitors', () => {
    it.each(['login', 'register', 'forgot-password'])('go from %s to their locale’s /my-account', (route) => {
      expect(guardAccountRoute({ siteOrigin: SITE, route, localePrefix: '', signedIn: true, search: '' })).toEqual(redirectTo('/my-account'));
      expect(guardAccountRoute({ siteOrigin: SITE, route, localePrefix: '/ja', signedIn: true, search: '?x=1' })).toEqual(
        redirectTo('/ja/my-account'),
      );
    });

    describe('with a return path', () => {
      it.each([
        ['login', '', '?return=/checkout', '/checkout'],
        ['login', '/fr', '?return=%2Ffr%2Fcheckout%3Fpid%3D107211Y', '/fr/checkout?pid=107211Y'],
        ['register', '/ja', '?source=mail&return=/ja/store', '/ja/store'],
        ['forgot-password', '', '?return=https://reelkeep.com/blog/', '/blog/'],
        ['login', '', '?return=/checkout%23plans', '/checkout#plans'],
      ])('go from %s (%s) with %s to %s', (route, localePrefix, search, location) => {
        expect(guardAccountRoute({ siteOrigin: SITE, route, localePrefix, signedIn: true, search })).toEqual(redirectTo(location));
      });

      it.each([
        ['another site', '?return=https://evil.example/checkout'],
        ['a protocol-relative path', '?return=//evil.example'],
        ['a backslash trick', '?return=/%5Cevil.example'],
        ['a script', '?return=javascript:alert(1)'],
        ['a control character', '?return=/checkout%0d%0aSet-Cookie:x=1'],
        ['an empty value', '?return='],
      ])('ignore %s and go to /my-account', (_case, search) => {
        expect(guardAccountRoute({ siteOrigin: SITE, route: 'login', localePrefix: '/de', signedIn: true, search })).toEqual(
          redirectTo('/de/my-account'),
        );
      });

      it('leaves anonymous visitors on the page, which reads the return path itself', () => {
        expect(guardAccountRoute({ siteOrigin: SITE, route: 'login', localePrefix: '', signedIn: false, search: '?return=/checkout' })).toEqual(
          CONTINUE,
        );
      });
    });

    it.each(['my-account', 'reset-password', 'checkout'])('may open %s', (route) => {
      expect(guardAccountRoute({ siteOrigin: SITE, route, localePrefix: '', signedIn: true, search: '' })).toEqual(CONTINUE);
    });
  });

  describe('desktop hand-off (token and client_e on /my-account)', () => {
    const search = '?token=abc&client_e=dXNlckBleGFtcGxlLmNvbQ%3D%3D&source=app';

    it.each([false, true])('forwards to the login page with the same query (signed in: %s)', (signedIn) => {
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'my-account', localePrefix: '/fr', signedIn, search })).toEqual(
        redirectTo(`/fr/login${search}`),
      );
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'my-account', localePrefix: '', signedIn, search })).toEqual(redirectTo(`/login${search}`));
    });

    it('lets the forwarded login page through even with a session, so the token is redeemed', () => {
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'login', localePrefix: '/fr', signedIn: true, search })).toEqual(CONTINUE);
    });

    it.each(['?token=abc', '?client_e=eA%3D%3D', '?tokens=abc&client_e=eA'])('needs both parameters: %s is no hand-off', (partial) => {
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'my-account', localePrefix: '', signedIn: false, search: partial })).toEqual(
        redirectTo('/login'),
      );
      expect(guardAccountRoute({ siteOrigin: SITE, route: 'my-account', localePrefix: '', signedIn: true, search: partial })).toEqual(CONTINUE);
    });
  });
});
