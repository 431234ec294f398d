/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { decideScroll } from './use-client-navigation.ts';

describe('decideScroll (docs/routing.md "Client navigation")', () => {
  const target = document.createElement('h2');
  it.each([
    ['a link to a hash target', { navigationType: 'PUSH' as const, hashTarget: target, savedY: 400 }, { kind: 'target', element: target }],
    ['back to an entry with a saved position', { navigationType: 'POP' as const, hashTarget: null, savedY: 400 }, { kind: 'position', y: 400 }],
    ['back to an entry without one', { navigationType: 'POP' as const, hashTarget: null, savedY: undefined }, { kind: 'top' }],
    [
      'a new page, even with a position saved under another visit',
      { navigationType: 'PUSH' as const, hashTarget: null, savedY: 400 },
      { kind: 'top' },
    ],
    ['a replaced entry', { navigationType: 'REPLACE' as const, hashTarget: null, savedY: 120 }, { kind: 'top' }],
  ])('%s', (_case, input, expected) => {
    expect(decideScroll(input)).toEqual(expected);
  });
});
