import { describe, expect, it } from '@jest/globals';
import { parseJsonAnswer } from './json-answer.ts';
import { googleSignInAnswerSchema, loginAnswerSchema, providersSchema, resetTokenCheckSchema, sessionSchema } from './account-contract.ts';

describe('the account squad’s answers', () => {
  it('reads the sign-in providers: Google configured, or not offered', () => {
    const google = { clientId: 'id.apps.googleusercontent.com', scriptUrl: 'https://accounts.google.com/gsi/client' };
    expect(parseJsonAnswer(providersSchema, { google })).toEqual({ google });
    expect(parseJsonAnswer(providersSchema, { google: null })).toEqual({ google: null });
    expect(parseJsonAnswer(providersSchema, { google: { clientId: 'id' } })).toBeNull();
    expect(parseJsonAnswer(providersSchema, {})).toBeNull();
  });

  it.each([
    ['anonymous', { signedIn: false, user: null }, { signedIn: false, user: null }],
    [
      'signed in with a picture, leaving out what the slice does not hold',
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
    expect(parseJsonAnswer(sessionSchema, value)).toEqual(expected);
  });

  it('reads the reset-link check', () => {
    expect(parseJsonAnswer(resetTokenCheckSchema, { valid: false })).toEqual({ valid: false });
    expect(parseJsonAnswer(resetTokenCheckSchema, { valid: 'no' })).toBeNull();
  });

  it('reads what the login and Google sign-in answer a script, and a bare cscode as a refusal without details', () => {
    expect(parseJsonAnswer(loginAnswerSchema, { cscode: 401, problems: { form: 'invalid' }, return: '/fr/blog/' })).toEqual({
      cscode: 401,
      problems: { form: 'invalid' },
      return: '/fr/blog/',
    });
    expect(parseJsonAnswer(loginAnswerSchema, { cscode: 200, problems: {}, return: 42 })).toBeNull();
    expect(parseJsonAnswer(googleSignInAnswerSchema, { cscode: 200, problems: {}, return: '/my-account', email: 'a@example.com' })).toEqual({
      cscode: 200,
      problems: {},
      return: '/my-account',
      email: 'a@example.com',
    });
    expect(parseJsonAnswer(googleSignInAnswerSchema, { cscode: 0 })).toEqual({ cscode: 0 });
  });
});
