import { describe, expect, it } from '@jest/globals';
import { decidePageRequest } from './page-gate.ts';

const SITE = 'https://reelkeep.example';
const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers: { host: 'reelkeep.example', ...headers } });

describe('page gate', () => {
  it('sends the www host to the configured site, never to the Host header', () => {
    expect(decidePageRequest(request('/fr?x=1', { host: 'www.reelkeep.example' }), SITE, false)).toMatchObject({
      kind: 'redirect',
      status: 301,
      location: 'https://reelkeep.example/fr?x=1',
    });
  });

  it('varies the root on language and cookie, and redirects by Accept-Language with a 302', () => {
    expect(decidePageRequest(request('/', { 'accept-language': 'de-DE,de;q=0.9' }), SITE, false)).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/de',
      headers: { vary: 'Accept-Language, Cookie' },
    });
    expect(decidePageRequest(request('/'), SITE, false)).toEqual({ kind: 'render', headers: { vary: 'Accept-Language, Cookie' } });
  });

  it('remembers a language switch in a cookie', () => {
    const decision = decidePageRequest(request('/it/contact?source=lang_switch'), SITE, false);
    expect(decision.headers['set-cookie']).toEqual(['rk_lang=it; Path=/; Max-Age=31536000; Secure; SameSite=Lax']);
  });

  it('lets a switch back to English win over the stored choice and the browser language, and stores it', () => {
    const back = decidePageRequest(request('/?source=lang_switch', { cookie: 'rk_lang=fr', 'accept-language': 'de-DE' }), SITE, false);
    expect(back).toEqual({
      kind: 'render',
      headers: { vary: 'Accept-Language, Cookie', 'set-cookie': ['rk_lang=en; Path=/; Max-Age=31536000; Secure; SameSite=Lax'] },
    });
    // Without the switch, the stored choice still decides.
    expect(decidePageRequest(request('/', { cookie: 'rk_lang=fr' }), SITE, false)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr' });
  });

  it('keeps the desktop app\'s e-mail and machine id from the query (docs/accounts.md "Desktop app identifiers"), and ignores junk', () => {
    const email = Buffer.from('ana@example.com').toString('base64');
    const machine = Buffer.from('a1:b2:c3:d4').toString('base64');
    const decision = decidePageRequest(request(`/login?client_e=${email}&client_m=${machine}`), SITE, false);
    expect(decision.headers['set-cookie']).toEqual([
      'elk_user_email=ana@example.com; Path=/; Max-Age=315360000; HttpOnly; Secure; SameSite=Lax',
      'elk_mac=a1:b2:c3:d4; Path=/; Max-Age=315360000; HttpOnly; Secure; SameSite=Lax',
    ]);
    const junk = decidePageRequest(request(`/login?client_e=${Buffer.from('<script>').toString('base64')}`), SITE, false);
    expect(junk.headers['set-cookie']).toBeUndefined();
  });

  it('writes its cookies with Secure only when the site is served over HTTPS (docs/security.md "Cookies")', () => {
    const email = Buffer.from('ana@example.com').toString('base64');
    const url = `/fr?source=lang_switch&client_e=${email}&client_m=${Buffer.from('a1:b2:c3:d4').toString('base64')}`;
    const secureCookies = decidePageRequest(request(url), SITE, false).headers['set-cookie'] as string[];
    expect(secureCookies).toHaveLength(3);
    for (const cookie of secureCookies) expect(cookie).toContain('; Secure;');
    const plainCookies = decidePageRequest(request(url, { host: 'localhost:3000' }), 'http://localhost:3000', false).headers[
      'set-cookie'
    ] as string[];
    expect(plainCookies).toHaveLength(3);
    for (const cookie of plainCookies) expect(cookie).not.toContain('Secure');
  });

  it('applies the account guards after the URL rules', () => {
    expect(decidePageRequest(request('/fr/my-account'), SITE, false)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr/login' });
    expect(decidePageRequest(request('/fr/login'), SITE, true)).toMatchObject({ kind: 'redirect', status: 302, location: '/fr/my-account' });
    expect(decidePageRequest(request('/fr/login'), SITE, false)).toMatchObject({ kind: 'render' });
    expect(decidePageRequest(request('/login?return=/checkout'), SITE, true)).toMatchObject({ kind: 'redirect', status: 302, location: '/checkout' });
    expect(decidePageRequest(request('/login?return=https://evil.example/'), SITE, true)).toMatchObject({
      kind: 'redirect',
      status: 302,
      location: '/my-account',
    });
  });

  it('answers not-found for bad input instead of failing', () => {
    expect(decidePageRequest(request('/%E0%A4%A'), SITE, false)).toMatchObject({ kind: 'not-found' });
    expect(decidePageRequest(request(`/${'a'.repeat(5000)}`), SITE, false)).toMatchObject({ kind: 'not-found' });
  });
});
