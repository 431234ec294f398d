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
