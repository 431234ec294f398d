import { describe, expect, it } from '@jest/globals';
import {
  CONTACT_TOPICS,
  contactInput,
  contactReturnQuery,
  cookieSetQuery,
  productInfoQuery,
  readReturnedProblems,
  toContactReturnSearch,
  uninstallFeedbackInput,
} from './landing.ts';

const readQuery = (search: string) => contactReturnQuery.parse(Object.fromEntries(new URLSearchParams(search)));

describe('contactInput (docs/forms.md "Contact form")', () => {
  it('trims, turns form line breaks into \\n and fills absent fields with empty text', () => {
    expect(contactInput.parse({ name: '  Ana ', message: ' line one\r\nline two\r ' })).toEqual({
      name: 'Ana',
      email: '',
      topic: '',
      message: 'line one\nline two',
      locale: 'en',
    });
  });

  it('leaves lengths to the contact rule, so an over-long field can come back cut', () => {
    expect(contactInput.parse({ name: 'n'.repeat(500) }).name).toHaveLength(500);
  });

  it.each([
    ['a NUL in the name', { name: 'A\u0000na' }],
    ['a tab in the name', { name: 'A\tna' }],
    ['an escape in the message', { message: 'a\u001bb' }],
    ['DEL in the address', { email: 'a\u007f@b.co' }],
    ['a message of 20,001 characters', { message: 'm'.repeat(20_001) }],
    ['a topic with a line break', { topic: 'billing\n' }],
  ])('refuses %s', (_case, fields) => {
    expect(contactInput.safeParse(fields).success).toBe(false);
  });

  it('keeps tabs and line breaks in the message', () => {
    expect(contactInput.parse({ message: 'a\tb\nc' }).message).toBe('a\tb\nc');
  });
});

describe('contact return query (docs/forms.md "Drafts")', () => {
  it('round-trips problems and topic', () => {
    const search = toContactReturnSearch({ name: 'empty', message: 'invalid', form: 'not_kept' }, 'billing');
    expect(search).toBe('?problem_name=empty&problem_message=invalid&problem_form=not_kept&topic=billing');
    expect(readReturnedProblems(readQuery(search))).toEqual({ name: 'empty', message: 'invalid', form: 'not_kept' });
    expect(readQuery(search).topic).toBe('billing');
  });

  it('writes nothing it does not know', () => {
    expect(toContactReturnSearch({ name: 'shouting', secret: 'empty', topic: 'empty' }, '<b>')).toBe('?problem_topic=empty');
    expect(toContactReturnSearch({}, '')).toBe('');
  });

  it('drops what a hand-made link adds', () => {
    const query = readQuery('?problem_name=%3Cscript%3E&problem_form=rate_limited&topic=evil&draft=nope&sent=2&message=hi');
    expect(readReturnedProblems(query)).toEqual({ form: 'rate_limited' });
    expect(query).toMatchObject({ topic: undefined, draft: undefined, sent: undefined });
  });

  it('lists every topic the form offers', () => {
    expect(CONTACT_TOPICS).toEqual(['download', 'licence', 'billing', 'other']);
  });
});

describe('uninstallFeedbackInput', () => {
  it('cuts the comment to 1,000 characters and leaves an empty reason to the route', () => {
    expect(uninstallFeedbackInput.parse({ reason: '', comment: `${'c'.repeat(1500)}` })).toMatchObject({ reason: '', comment: 'c'.repeat(1000) });
  });

  it.each([{ reason: 'bored' }, { reason: 'other', comment: 'a\u0000' }, { reason: 'other', product: 'A B' }])('refuses %j', (fields) => {
    expect(uninstallFeedbackInput.safeParse(fields).success).toBe(false);
  });
});

describe('productInfoQuery', () => {
  it.each([
    ['10721', true],
    ['1001', true],
    ['0010', true],
    ['abc', false],
    ['-1', false],
    ['1e3', false],
    [' 12', false],
    ['1234567890', false],
  ])('%j → %s', (productId, valid) => {
    expect(productInfoQuery.safeParse({ product_id: productId }).success).toBe(valid);
  });
});

describe('cookieSetQuery (docs/routing.md "Site cookies")', () => {
  it('reads the allowed cookies, the category list as uids', () => {
    expect(cookieSetQuery.parse({ review_category_page_new: 'hot, netflix', ad: 'spring_26', return: '/fr' })).toEqual({
      review_category_page_new: ['hot', 'netflix'],
      ad: 'spring_26',
      return: '/fr',
    });
  });

  it.each([
    ['another cookie', { rk_lang: 'fr', ad: 'x' }, 'rk_lang'],
    ['nothing to set', { return: '/' }, 'form'],
    ['an empty value only', { ad: '' }, 'form'],
    ['a semicolon', { ad: 'x;y' }, 'ad'],
    ['a value over 64 characters', { affiliate: 'a'.repeat(65) }, 'affiliate'],
    ['an upper-case category', { review_category_page_new: 'Hot' }, 'review_category_page_new'],
    ['an empty category', { review_category_page_new: 'hot,,tv' }, 'review_category_page_new'],
    ['21 categories', { review_category_page_new: Array.from({ length: 21 }, () => 'tv').join(',') }, 'review_category_page_new'],
  ])('refuses %s', (_case, query, field) => {
    const result = cookieSetQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0] ?? 'form')).toContain(field);
  });
});
