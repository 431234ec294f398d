import { describe, expect, it, jest } from '@jest/globals';
import { decidePageRequest } from './page-gate.server.ts';

const SITE = 'https://reelkeep.example';
/** The gate with a session that is signed in or not. */
const decide = (req: Parameters<typeof decidePageRequest>[0], site: string, signedIn: boolean) => decidePageRequest(req, site, async () => signedIn);
const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers: { host: 'reelkeep.example', ...headers } });

describe('page gate', () => {
  it('sends the www host to the configured site, never to the Host header', async () => {
    expect(await decide(request('/fr?x=1', { host: 'www.reelkeep.example' }), SITE, false)).toMatchObject({
      kind: 'redirect',
      status: 301,
      location: 'https://reelkeep.example/fr?x=1',
    });
  });

  it('varies the root on language and cookie, and redirects by Accept-Language with a 302', async () => {
    expect(await decide(request('/', { 'accept-language': 'de-DE,de;q=0.9' }), SITE, false)).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/de',
      headers: { vary: 'Accept-Language, Cookie' },
    });
    expect(await decide(request('/'), SITE, false)).toMatchObject({ kind: 'render', headers: { vary: 'Accept-Language, Cookie' } });
  });

  it('remembers a language switch in a cookie', async () => {
    const decision = await decide(request('/it/contact?source=lang_switch'), SITE, false);
    expect(decision.headers['set-cookie']).toEqual(['rk_lang=it; Path=/; Max-Age=31536000; Secure; SameSite=Lax']);
  });

  it('lets a switch back to English win over the stored choice and the browser language, and stores it', async () => {
    const back = await decide(request('/?source=lang_switch', { cookie: 'rk_lang=fr', 'accept-language': 'de-DE' }), SITE, false);
    expect(back).toMatchObject({
      kind: 'render',
      headers: { vary: 'Accept-Language, Cookie', 'set-cookie': ['rk_lang=en; Path=/; Max-Age=31536000; Secure; SameSite=Lax'] },
    });
    // Without the switch, the stored choice still decides.
    expect(await decide(request('/', { cookie: 'rk_lang=fr' }), SITE, false)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr' });
  });

  it('keeps the desktop app\'s e-mail and machine id from the query (docs/accounts.md "Desktop app identifiers"), and ignores junk', async () => {
    const email = Buffer.from('ana@example.com').toString('base64');
    const machine = Buffer.from('a1:b2:c3:d4').toString('base64');
    const decision = await decide(request(`/login?client_e=${email}&client_m=${machine}`), SITE, false);
    expect(decision.headers['set-cookie']).toEqual([
      'elk_user_email=ana@example.com; Path=/; Max-Age=315360000; HttpOnly; Secure; SameSite=Lax',
      'elk_mac=a1:b2:c3:d4; Path=/; Max-Age=315360000; HttpOnly; Secure; SameSite=Lax',
    ]);
    const junk = await decide(request(`/login?client_e=${Buffer.from('<script>').toString('base64')}`), SITE, false);
    expect(junk.headers['set-cookie']).toBeUndefined();
  });

  it('writes its cookies with Secure only when the site is served over HTTPS (docs/security.md "Cookies")', async () => {
    const email = Buffer.from('ana@example.com').toString('base64');
    const url = `/fr?source=lang_switch&client_e=${email}&client_m=${Buffer.from('a1:b2:c3:d4').toString('base64')}`;
    const secureCookies = (await decide(request(url), SITE, false)).headers['set-cookie'] as string[];
    expect(secureCookies).toHaveLength(3);
    for (const cookie of secureCookies) expect(cookie).toContain('; Secure;');
    const plainCookies = (await decide(request(url, { host: 'localhost:3000' }), 'http://localhost:3000', false)).headers['set-cookie'] as string[];
    expect(plainCookies).toHaveLength(3);
    for (const cookie of plainCookies) expect(cookie).not.toContain('Secure');
  });

  it('applies the account guards after the URL rules', async () => {
    expect(await decide(request('/fr/my-account'), SITE, false)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr/login' });
    expect(await decide(request('/fr/login'), SITE, true)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr/my-account' });
    expect(await decide(request('/fr/login'), SITE, false)).toMatchObject({ kind: 'render' });
    expect(await decide(request('/login?return=/checkout'), SITE, true)).toMatchObject({ kind: 'redirect', status: 302, location: '/checkout' });
    expect(await decide(request('/login?return=https://evil.example/'), SITE, true)).toMatchObject({
      kind: 'redirect',
      status: 302,
      location: '/my-account',
    });
  });

  it('asks for the session only for a page the URL rules let through (a 301 or a 404 never waits for it)', async () => {
    const readSignedIn = jest.fn(async () => false);
    await decidePageRequest(request('/fr?x=1', { host: 'www.reelkeep.example' }), SITE, readSignedIn);
    await decidePageRequest(request('/%E0%A4%A'), SITE, readSignedIn);
    expect(readSignedIn).not.toHaveBeenCalled();
    await decidePageRequest(request('/fr/my-account'), SITE, readSignedIn);
    expect(readSignedIn).toHaveBeenCalledTimes(1);
  });

  it('answers not-found for bad input instead of failing', async () => {
    expect(await decide(request('/%E0%A4%A'), SITE, false)).toMatchObject({ kind: 'not-found' });
    expect(await decide(request(`/${'a'.repeat(5000)}`), SITE, false)).toMatchObject({ kind: 'not-found' });
    // A path the URL rules let through but no URL can read (`/\[` is the host `[`) is not found, not a failure.
    expect(await decide(request('/\\['), SITE, false)).toMatchObject({ kind: 'not-found', page: { locale: 'en', route: null } });
  });

  it('matches the page once and hands it on: locale, locale-less path and route with its remote and cache rule', async () => {
    expect(await decide(request('/fr/netflix-downloader'), SITE, false)).toMatchObject({
      kind: 'render',
      page: {
        locale: 'fr',
        path: '/netflix-downloader',
        route: { route: 'service-downloader', locale: 'fr', params: { service: 'netflix' }, remote: 'mf-landing', uncached: false },
      },
    });
    expect(await decide(request('/de/checkout'), SITE, false)).toMatchObject({
      page: { locale: 'de', route: { remote: 'mf-checkout', uncached: true } },
    });
    expect(await decide(request('/ja/no/such/page'), SITE, false)).toMatchObject({
      kind: 'render',
      page: { locale: 'ja', path: '/no/such/page', route: null },
    });
    // A URL rule's 404 keeps the language of its prefix, for a client navigation's 404 as data.
    expect(await decide(request(`/fr/${'a'.repeat(5000)}`), SITE, false)).toMatchObject({ kind: 'not-found', page: { locale: 'fr', route: null } });
  });

  it('guards the route the render gets: a dot segment reaches My account only through its guard', async () => {
    expect(await decide(request('/fr/x/../my-account'), SITE, false)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr/login' });
  });
});
