import { describe, expect, it } from '@jest/globals';
import { findPageCategories, findPageProduct } from './page-category.ts';

const categories = [
  { uid: 'hot', children: [{ uid: 'netflix' }, { uid: 'disney-plus' }] },
  { uid: 'anime', children: [{ uid: 'crunchyroll' }] },
];

describe('page categories (docs/tracking.md "Categories")', () => {
  it.each([
    ['/netflix-downloader', 'netflix', ['hot', 'netflix']],
    ['/fr/disney-plus-downloader', 'disney-plus', ['hot', 'disney-plus']],
    ['/ja/crunchyroll-downloader/', 'crunchyroll', ['anime', 'crunchyroll']],
    ['/unknown-downloader', 'unknown', []],
    ['/', 'aio', []],
    ['/fr/blog/', 'aio', []],
    ['/fr', 'aio', []],
  ])('%p is about %p, of the categories %p', (path, product, uids) => {
    expect(findPageProduct(path)).toBe(product);
    expect(findPageCategories(path, categories)).toEqual(uids);
  });
});
