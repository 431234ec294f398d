import { describe, expect, it } from '@jest/globals';
import { readGoogleSignInAnswer, readLoginAnswer, readProviders, readResetTokenCheck, readSession } from './account-contract.ts';

describe('the account squad’s answers', () => {
  it('reads the sign-in providers: Google configured, or not offered', () => {
    const google = { clientId: 'id.apps.googleusercontent.com', scriptUrl: 'https://accounts.google.com/gsi/client' };
    expect(readProviders({ google })).toEqual({ google });
    expect(readProviders({ google: null })).toEqual({ google: null });
    expect(readProviders({ google: { clientId: 'id' } })).toBeNull();
    expect(readProviders({})).toBeNull();
  });

  it.each([
    ['anonymous', { signedIn: false, user: null }, { signedIn: false, user: null }],
    [
      'signed in with a picture',
      { signedIn: true, user: { id: 'u1', email: 'a@example.com', name: 'A', hasPassword: false, picture: 'https://x/p.png', role: 'x' } },
      { signedIn: true, user: { id: 'u1', email: 'a@example.com', name: 'A', hasPassword: false, picture: 'https://x/p.png' } },
    ],
    [
      'signed in without a picture',
      { signedIn: true, user: { id: 'u1', email: 'a@example.com', name: 'A', hasPassword: true } },
      { signedIn: true, user: { id: 'u1', email: 'a@example.com', name: 'A', hasPassword: true } },
    ],
    ['a user without an address', { signedIn: true, user: { id: 'u1', name: 'A', hasPassword: true } }, null],
    ['no signedIn', { user: null }, null],
    ['not an object', 'signed in', null],
  ])('reads a session: %s', (_label, value, expected) => {
    expect(readSession(value)).toEqual(expected);
  });

  it('reads the reset-link check', () => {
    expect(readResetTokenCheck({ valid: false })).toEqual({ valid: false });
    expect(readResetTokenCheck({ valid: 'no' })).toBeNull();
  });

  it('reads what the login and Google sign-in answer a script, leaving out what does not fit', () => {
    expect(readLoginAnswer({ cscode: 401, problems: { form: 'invalid' }, return: '/fr/blog/' })).toEqual({
      problems: { form: 'invalid' },
      return: '/fr/blog/',
    });
    expect(readLoginAnswer({ cscode: 200, problems: [], return: 42 })).toEqual({ return: undefined });
    expect(readGoogleSignInAnswer({ cscode: 200, problems: {}, return: '/my-account', email: 'a@example.com' })).toEqual({
      problems: {},
      return: '/my-account',
      email: 'a@example.com',
    });
  });
});
