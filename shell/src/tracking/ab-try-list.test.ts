import { describe, expect, it } from '@jest/globals';
import { buildAbTryList } from './ab-try-list.ts';

describe('buildAbTryList (docs/tracking.md "Experiments in events")', () => {
  it.each([
    ['no experiment', {}, '', 'aio', []],
    [
      'the price variant, keyed by the page product, kept 10 days',
      { abPlanPrice: 'price_b' },
      '',
      'netflix',
      [{ key: 'netflix_price', version: 'v1', value: 'price_b', expire_day: 10 }],
    ],
    [
      'readable experiment cookies, 30 days, sorted by name',
      {},
      'sidebarAB=b; resourceBannerAB=a; other=x',
      'aio',
      [
        { key: 'resourceBannerAB', version: 'v1', value: 'a', expire_day: 30 },
        { key: 'sidebarAB', version: 'v1', value: 'b', expire_day: 30 },
      ],
    ],
    [
      'the server-assigned variant wins over a cookie of the same experiment',
      { sidebarAB: 'a' },
      'sidebarAB=b',
      'aio',
      [{ key: 'sidebarAB', version: 'v1', value: 'a', expire_day: 30 }],
    ],
    ['drops a malformed variant', { abPlanPrice: 'price b;' }, 'sidebarAB=%3Cx%3E', 'aio', []],
  ])('%s', (_name, values, cookies, product, expected) => {
    expect(buildAbTryList(values, cookies, product)).toEqual(expected);
  });
});
