import { describe, expect, it } from '@jest/globals';
import { listTestDatabases, PASSWORD, useAccountApi } from './testing/account-harness.ts';

describe.each(listTestDatabases())('the account API behind the gateway on %s', (_kind, open) => {
  const account = useAccountApi(open);

  describe('the auth library behind the site (audit: its routes skipped the limits)', () => {
    it.each([
      ['POST', '/api/account/auth/sign-in/email'],
      ['POST', '/api/account/auth/sign-up/email'],
      ['POST', '/api/account/auth/request-password-reset'],
      ['POST', '/api/account/auth/reset-password'],
      ['GET', '/api/account/auth/get-session'],
      ['GET', '/api/account/auth/reset-password/some-token'],
    ])('does not expose %s %s', async (method, pathname) => {
      const answer = await account.send(pathname, {
        method,
        ...(method === 'POST' ? { body: JSON.stringify({ email: 'x@example.com', password: 'aaaaaaaa', name: 'x' }) } : {}),
      });
      expect(answer.status).toBe(404);
    });

    it('answers the desktop hand-off token only to a signed-in visitor', async () => {
      expect((await account.send('/api/account/auth/one-time-token/generate')).status).toBe(401);
      const session = await account.register('handoff@example.com');
      const answer = await account.send('/api/account/auth/one-time-token/generate', { cookie: session });
      expect(answer.status).toBe(200);
      expect(typeof answer.body.token).toBe('string');
    });
  });

  describe('registration', () => {
    it('refuses a password that breaks password_v2 and a missing captcha, whatever the content type', async () => {
      const json = await account.send('/api/account/register', {
        body: JSON.stringify({ email: 'weak@example.com', password: 'aaaaaaaa', locale: 'en' }),
        from: account.newAddress(),
      });
      expect(json.status).toBe(400);
      expect(json.body.problems).toEqual({ password: 'invalid', captcha: 'invalid' });
      const form = await account.send('/api/account/register', {
        body: { email: 'weak@example.com', password: 'aaaaaaaa', locale: 'fr', name: 'Weak' },
        from: account.newAddress(),
      });
      expect(form.status).toBe(303);
      expect(form.location).toMatch(/^\/fr\/register\?/);
      expect(new URLSearchParams(form.location!.split('?')[1]).get('password')).toBe('invalid');
    });
  });

  describe('cross-site form posts (audit: CSRF deleted an account)', () => {
    it('refuses them with 403 and changes nothing, while the same form from the site works', async () => {
      const session = await account.register('csrf@example.com');
      const foreign = 'http://127.0.0.1:9';
      const deleteForm = { confirm_email: 'csrf@example.com', locale: 'en' };
      expect((await account.send('/api/account/delete', { body: deleteForm, cookie: session, origin: foreign })).status).toBe(403);
      expect(
        (
          await account.send('/api/account/password', {
            body: { current_password: PASSWORD, new_password: 'Evil2026pass', locale: 'en' },
            cookie: session,
            origin: foreign,
          })
        ).status,
      ).toBe(403);
      expect((await account.send('/api/account/share-visit', { body: { invite_code: 'csrf-code' }, cookie: session, origin: foreign })).status).toBe(
        403,
      );
      expect(
        (await account.send('/api/account/login', { body: { email: 'csrf@example.com', password: PASSWORD, locale: 'en' }, origin: foreign })).status,
      ).toBe(403);
      expect((await account.send('/api/account/delete', { body: deleteForm, cookie: session, origin: null })).status).toBe(403);
      expect((await account.db.query('SELECT 1 FROM account.users WHERE email = $1', ['csrf@example.com'])).length).toBe(1);
      const own = await account.send('/api/account/delete', { body: deleteForm, cookie: session });
      expect(own.status).toBe(303);
      expect((await account.db.query('SELECT 1 FROM account.users WHERE email = $1', ['csrf@example.com'])).length).toBe(0);
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/account/login', '{"email":"a@b.co","password":"x\\u0000y"}'],
      ['/api/account/login', '{"email":{"$ne":1},"password":"x"}'],
      ['/api/account/register', '{"email":"a\\u0000@b.co","password":"Reel2026keep"}'],
      ['/api/account/reset-password', '{"token":"\\u0000","password":"Reel2026keep"}'],
      ['/api/account/share-visit', '{"invite_code":"a\\u0000b"}'],
      ['/api/account/login', '{"email":'],
      ['/api/account/google', '{"credential":"a.b.c\\u0000"}'],
    ])('%s with %s answers 4xx, never 5xx', async (pathname, body) => {
      const answer = await account.send(pathname, { body, from: account.newAddress() });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    });
  });
});
