import { describe, expect, it } from '@jest/globals';
import { checkField, checkNewsletterEmail } from './validation.ts';

describe('field rules (docs/forms.md "Field rules")', () => {
  it.each([
    ['email', 'ana@example.com', 'valid'],
    ['email', 'ana@example', 'invalid'],
    ['email', 'ana.example.com', 'invalid'],
    ['email', '  ', 'empty'],
    ['password', '12345678', 'valid'],
    ['password', '1234 5678', 'invalid'],
    ['password_v2', 'abc12345', 'valid'],
    ['password_v2', 'abcdefgh', 'invalid'],
    ['password_v2', '12345678', 'invalid'],
    ['password_v2', 'abc12345#', 'invalid'],
    ['password_v2', `a1${'x'.repeat(49)}`, 'invalid'],
    ['message', 'I cannot download my video', 'valid'],
    ['message', 'too short', 'invalid'],
    ['username', 'reel_fan', 'valid'],
    ['username', '12345', 'invalid'],
    ['username', 'abc', 'invalid'],
    ['username', 'a<b>cd', 'invalid'],
    ['empty', '', 'valid'],
  ] as const)('%s %j is %s', (type, value, status) => {
    expect(checkField(type, value)).toBe(status);
  });

  it('maps newsletter input to the box statuses', () => {
    expect(checkNewsletterEmail('')).toBe('required');
    expect(checkNewsletterEmail('nope')).toBe('format');
    expect(checkNewsletterEmail('ana@example.com')).toBeNull();
  });
});
