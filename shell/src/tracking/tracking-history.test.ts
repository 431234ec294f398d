import { describe, expect, it } from '@jest/globals';
import { pushTrackingHistory } from './tracking-history.ts';

describe('pushTrackingHistory (docs/tracking.md "Tracking cookies")', () => {
  it.each([
    [undefined, '/a', '/a', 'starts a history'],
    ['', '/a', '/a', 'starts from an empty cookie'],
    ['/a', '/b', '/b,/a', 'puts the latest first'],
    ['/b,/a', '/a', '/a,/b', 'moves a value seen before to the front, once'],
    ['/e,/d,/c,/b,/a', '/f', '/f,/e,/d,/c,/b', 'keeps five values, dropping the oldest'],
    ['/a,,/b', '/c', '/c,/a,/b', 'drops empty entries'],
    ['/a', '', '/a', 'ignores an empty value'],
    ['/a', '/x,y', '/x%2Cy,/a', 'keeps a comma inside a value from splitting it'],
  ])('%p + %p = %p (%s)', (history, value, expected, _case) => {
    expect(pushTrackingHistory(history, value)).toBe(expected);
  });
});
