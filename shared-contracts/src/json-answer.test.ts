import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import { isJsonObject, parseJsonAnswer, readJsonResponse } from './json-answer.ts';

const itemSchema = z.object({ id: z.string(), count: z.number() });

describe('the one way an answer is read', () => {
  it.each([
    ['an object', { a: 1 }, true],
    ['an empty object', {}, true],
    ['null', null, false],
    ['an array', [1], false],
    ['text', 'x', false],
  ])('isJsonObject: %s → %s', (_label, value, expected) => {
    expect(isJsonObject(value)).toBe(expected);
  });

  it('parses a value with its schema: the answer without fields it does not know, or null when it does not fit', () => {
    expect(parseJsonAnswer(itemSchema, { id: 'a', count: 2, secret: 'x' })).toEqual({ id: 'a', count: 2 });
    expect(parseJsonAnswer(itemSchema, { id: 'a', count: '2' })).toBeNull();
    expect(parseJsonAnswer(itemSchema, null)).toBeNull();
  });

  it.each([
    ['an answer that fits', Response.json({ id: 'a', count: 2 }), { id: 'a', count: 2 }],
    ['a failed answer, even with a body that fits', Response.json({ id: 'a', count: 2 }, { status: 503 }), null],
    ['an answer that is not JSON', new Response('<html>Bad gateway</html>', { status: 200 }), null],
    ['an answer that does not fit', Response.json({ id: 7 }), null],
    ['no answer', null, null],
  ])('reads a fetched answer: %s', async (_label, response, expected) => {
    expect(await readJsonResponse(itemSchema, response)).toEqual(expected);
  });
});
