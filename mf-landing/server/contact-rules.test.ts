import { describe, expect, it } from '@jest/globals';
import { cutText, toDraftFields, validateContact, type ContactFields } from './contact-rules.ts';

const VALID: ContactFields = { name: 'Ana', email: 'ana@example.com', topic: 'billing', message: 'I would like the invoice of my order.' };

describe('validateContact (docs/forms.md "Contact form")', () => {
  it('accepts a complete form', () => {
    expect(validateContact(VALID)).toEqual({});
  });

  it.each([
    ['no name', { name: '' }, { name: 'empty' }],
    ['a name of 100 characters', { name: 'n'.repeat(100) }, {}],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, { name: 'invalid' }],
    ['no address', { email: '' }, { email: 'empty' }],
    ['a malformed address', { email: 'ana@' }, { email: 'invalid' }],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, { email: 'invalid' }],
    ['no topic', { topic: '' }, { topic: 'empty' }],
    ['a topic off the list', { topic: 'refund-now' }, { topic: 'empty' }],
    ['no message', { message: '' }, { message: 'empty' }],
    ['a message under 20 characters', { message: 'too short' }, { message: 'invalid' }],
    ['a message of 5,000 characters', { message: 'm'.repeat(5000) }, {}],
    ['a message of 5,001 characters', { message: 'm'.repeat(5001) }, { message: 'invalid' }],
  ])('%s', (_case, change, problems) => {
    expect(validateContact({ ...VALID, ...change })).toEqual(problems);
  });
});

describe('toDraftFields (docs/forms.md "Drafts")', () => {
  it.each([
    ['keeps a form within its limits as it is', VALID, VALID],
    [
      'cuts an over-long name, address and message',
      { ...VALID, name: 'n'.repeat(300), email: 'e'.repeat(400), message: 'm'.repeat(9000) },
      { ...VALID, name: 'n'.repeat(100), email: 'e'.repeat(254), message: 'm'.repeat(5000) },
    ],
    ['drops a topic off the list', { ...VALID, topic: '<script>' }, { ...VALID, topic: '' }],
  ])('%s', (_case, fields, draft) => {
    expect(toDraftFields(fields)).toEqual(draft);
  });
});

describe('cutText', () => {
  it.each([
    ['short text', 'abc', 5, 'abc'],
    ['at the limit', 'abcde', 5, 'abcde'],
    ['over the limit', 'abcdef', 5, 'abcde'],
    ['through an emoji: the half is dropped', 'abcd😀', 5, 'abcd'],
    ['before an emoji', 'abc😀', 5, 'abc😀'],
    ['a lone surrogate inside', 'a\ud800b', 5, 'a\ufffdb'],
  ])('%s', (_case, value, max, cut) => {
    expect(cutText(value, max)).toBe(cut);
  });
});
