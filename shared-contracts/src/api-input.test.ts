import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { emailInput, localeInput, multiLine, singleLine, wholeNumber } from './index.ts';
import { readInput } from './api-input.ts';

const schema = z.object({ name: singleLine(20, 1), email: emailInput, message: multiLine(100), count: wholeNumber(1, 10), locale: localeInput });
const post = (body: string, type: string) => new Request('http://site.test/x', { method: 'POST', headers: { 'content-type': type }, body });

describe('readInput', () => {
  it('reads JSON and form posts with one schema (numbers from JSON or text)', async () => {
    const json = await readInput(
      post(JSON.stringify({ name: ' Ada ', email: 'ada@example.com', message: 'hello\nthere', count: 3, locale: 'fr' }), 'application/json'),
      schema,
    );
    expect(json).toEqual({
      ok: true,
      isForm: false,
      data: { name: 'Ada', email: 'ada@example.com', message: 'hello\nthere', count: 3, locale: 'fr' },
    });
    const form = await readInput(
      post('name=Ada&email=ada%40example.com&message=hi&count=3&count=9', 'application/x-www-form-urlencoded; charset=UTF-8'),
      schema,
    );
    expect(form).toMatchObject({ ok: true, isForm: true, data: { count: 9, locale: 'en' } });
  });

  it('reads a GET from its query', async () => {
    const result = await readInput(new Request('http://site.test/x?name=Ada&email=a%40b.co&message=m&count=1'), schema);
    expect(result).toMatchObject({ ok: true, isForm: false });
  });

  it.each([
    ['a NUL byte', { name: 'A\u0000da' }, 'name'],
    ['a control character', { name: 'A\u001bda' }, 'name'],
    ['a line break in one line', { name: 'A\nda' }, 'name'],
    ['a huge number', { count: 99999999999999 }, 'count'],
    ['a negative number', { count: -1 }, 'count'],
    ['a fraction', { count: 1.5 }, 'count'],
    ['an object where text belongs', { name: { $ne: 1 } }, 'name'],
    ['an array', { email: ['a@b.co'] }, 'email'],
    ['text too long', { message: 'x'.repeat(101) }, 'message'],
  ])('refuses %s with a problem on that field', async (_case, override, field) => {
    const body = { name: 'Ada', email: 'ada@example.com', message: 'hi', count: 2, ...override };
    const result = await readInput(post(JSON.stringify(body), 'application/json'), schema);
    expect(result).toMatchObject({ ok: false, status: 400, problems: { [field]: 'invalid' } });
  });

  it('tells an empty field from an invalid one', async () => {
    const result = await readInput(post('name=&email=x&message=hi&count=2', 'application/x-www-form-urlencoded'), schema);
    expect(result).toMatchObject({ ok: false, status: 400, isForm: true, problems: { name: 'empty', email: 'invalid' } });
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400],
    ['JSON that is not an object', '[1,2]', 'application/json', 400],
    ['JSON null', 'null', 'application/json', 400],
    ['a content type it does not read', 'name=Ada', 'text/xml', 415],
    ['no content type', 'name=Ada', '', 415],
  ])('refuses %s', async (_case, body, type, status) => {
    const request = new Request('http://site.test/x', { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
    if (!type) request.headers.delete('content-type');
    expect(await readInput(request, schema)).toMatchObject({ ok: false, status, problems: { form: 'invalid' } });
  });
});
