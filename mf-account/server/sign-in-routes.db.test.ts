import { beforeAll, describe, expect, it } from '@jest/globals';
import { listTestDatabases, PASSWORD, useAccountApi } from './testing/account-harness.ts';

describe.each(listTestDatabases())('sign-in on %s', (_kind, open) => {
  const account = useAccountApi(open);

  describe('return paths after sign-in (audit: /login?return=/.//evil.com ended in Location: //evil.com)', () => {
    // One account for every case: each case signs in twice from its own address, so no case's limit counts another's.
    const email = 'return-paths@example.com';
    beforeAll(async () => {
      await account.register(email);
    });

    it.each([
      '/.//evil.com',
      '/..//evil.com',
      '/./\\evil.com',
      '//evil.com',
      '/\\evil.com',
      'https://evil.com/x',
      '/%2F%2Fevil.com',
      '\\\\evil.com',
      'javascript:alert(1)',
    ])('%s never leaves the site, as JSON or as a form redirect', async (value) => {
      const json = await account.send('/api/account/login', {
        body: JSON.stringify({ email, password: PASSWORD, locale: 'en', return: value }),
        from: account.newAddress(),
      });
      const form = await account.send('/api/account/login', {
        body: { email, password: PASSWORD, locale: 'en', return: value },
        from: account.newAddress(),
      });
      expect(json.status).toBe(200);
      expect(form.status).toBe(303);
      for (const target of [json.body.return as string, form.location!]) {
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//') || target.startsWith('/\\')).toBe(false);
        expect(new URL(target, account.origin).origin).toBe(account.origin);
      }
    });

    it('keeps a same-site return path', async () => {
      const json = await account.send('/api/account/login', {
        body: JSON.stringify({ email, password: PASSWORD, locale: 'de', return: '/de/checkout?plan=1Y' }),
        from: account.newAddress(),
      });
      expect(json.body.return).toBe('/de/checkout?plan=1Y');
    });
  });
});

describe.each(listTestDatabases())('spec: the login cookie lasts 1 day, on %s', (_kind, open) => {
  const account = useAccountApi(open);

  it('signing in writes an HttpOnly session cookie of 86,400 s, and the stored session ends with it', async () => {
    const email = 'one-day@example.com';
    await account.register(email);
    const before = Date.now();
    const answer = await account.send('/api/account/login', {
      body: JSON.stringify({ email, password: PASSWORD, locale: 'en' }),
      from: account.newAddress(),
    });
    expect(answer.status).toBe(200);
    const cookie = answer.cookies.find((line) => /^rk\.session_token=[^;]+/.test(line));
    expect(cookie).toMatch(/;\s*Max-Age=86400\b/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    const [row] = await account.db.query<{ expires_at: Date }>(
      `SELECT s.expires_at FROM account.sessions s JOIN account.users u ON u.id = s.user_id WHERE u.email = $1 ORDER BY s.created_at DESC LIMIT 1`,
      [email],
    );
    const lifetimeMs = new Date(row!.expires_at).getTime() - before;
    expect(lifetimeMs).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
  });
});
