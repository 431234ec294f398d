import { describe, expect, it } from '@jest/globals';
import { isArrayOf, isJsonObject, isNumber, isOneOf, isText, isTextOrNull, isTextRecord, readText } from './json-answer.ts';

describe('the checks answers are read with', () => {
  it.each([
    ['an object', { a: 1 }, true],
    ['an empty object', {}, true],
    ['null', null, false],
    ['an array', [1], false],
    ['text', 'x', false],
    ['a number', 1, false],
  ])('isJsonObject: %s → %s', (_label, value, expected) => {
    expect(isJsonObject(value)).toBe(expected);
  });

  it.each([
    ['problems by field', { form: 'invalid', email: 'empty' }, true],
    ['no problems', {}, true],
    ['a problem that is not text', { form: 42 }, false],
    ['a list of problems', ['invalid'], false],
    ['nothing', undefined, false],
  ])('isTextRecord: %s → %s', (_label, value, expected) => {
    expect(isTextRecord(value)).toBe(expected);
  });

  it('tells numbers, texts, lists and values of a list apart', () => {
    expect([isNumber(3), isNumber(Number.NaN), isNumber(Infinity), isNumber('3')]).toEqual([true, false, false, false]);
    expect([isText(''), isText(null)]).toEqual([true, false]);
    expect([isTextOrNull(null), isTextOrNull('x'), isTextOrNull(undefined)]).toEqual([true, true, false]);
    expect([isArrayOf(['a', 'b'], isText), isArrayOf([], isText), isArrayOf(['a', 1], isText), isArrayOf({ 0: 'a' }, isText)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([isOneOf(['win', 'mac'], 'mac'), isOneOf(['win', 'mac'], 'linux'), isOneOf(['win', 'mac'], undefined)]).toEqual([true, false, false]);
    expect([readText('x'), readText(1)]).toEqual(['x', undefined]);
  });
});
