import { describe, expect, it } from '@jest/globals';
import { LIMIT, listTestDatabases, PASSWORD, sessionOf, useAccountApi } from './testing/account-harness.ts';

describe.each(listTestDatabases())('sign-in limits on %s', (_kind, open) => {
  const account = useAccountApi(open);

  describe('password guessing', () => {
    it('is limited per account and address, and the right password is refused too once the limit is reached', async () => {
      await account.register('guessed@example.com');
      const from = account.newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i += 1)
        statuses.push(
          (
            await account.send('/api/account/login', {
              body: JSON.stringify({ email: 'guessed@example.com', password: `Wrong${i}pass1`, locale: 'en' }),
              from,
            })
          ).status,
        );
      expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
      expect(statuses.slice(LIMIT)).toEqual([429, 429]);
      const right = await account.send('/api/account/login', {
        body: JSON.stringify({ email: 'guessed@example.com', password: PASSWORD, locale: 'en' }),
        from,
      });
      expect(right.status).toBe(429);
      expect(sessionOf(right)).toBe('');
    });

    it('closes every way in for an address that tried too many accounts, the right password included', async () => {
      await account.register('many@example.com');
      const from = account.newAddress();
      for (let i = 0; i < LIMIT * 5; i += 1)
        expect(
          (
            await account.send('/api/account/login', {
              body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'Wrong1pass', locale: 'en' }),
              from,
            })
          ).status,
        ).toBe(401);
      expect(
        (await account.send('/api/account/login', { body: JSON.stringify({ email: 'many@example.com', password: PASSWORD, locale: 'en' }), from }))
          .status,
      ).toBe(429);
      expect(
        (await account.send('/api/account/register', { body: JSON.stringify({ email: 'new@example.com', password: PASSWORD, locale: 'en' }), from }))
          .status,
      ).toBe(429);
    });
  });
});
