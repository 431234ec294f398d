import { describe, expect, it } from '@jest/globals';
import { isClickCounted, isExposed, isHoverCounted } from './interaction-rules.ts';

describe('interaction rules (docs/tracking.md "Clicks, hovers and exposures")', () => {
  it.each([
    [undefined, 10_000, true, 'the first click'],
    [10_000, 10_001, false, 'a double click'],
    [10_000, 11_999, false, '1999 ms later'],
    [10_000, 12_000, true, 'exactly 2 s later'],
    [10_000, 15_000, true, 'much later'],
  ])('a click after one at %p, at %p, counts: %p (%s)', (last, now, counted, _case) => {
    expect(isClickCounted(last, now)).toBe(counted);
  });

  it.each([
    [1_000, 1_000, false],
    [1_000, 1_299, false],
    [1_000, 1_300, true],
    [1_000, 5_000, true],
  ])('a pointer entering at %p and still there at %p hovered: %p', (enteredAt, now, counted) => {
    expect(isHoverCounted(enteredAt, now)).toBe(counted);
  });

  it.each([
    [0, false],
    [0.49, false],
    [0.5, true],
    [1, true],
  ])('an element %p visible is exposed: %p', (ratio, exposed) => {
    expect(isExposed(ratio)).toBe(exposed);
  });
});
