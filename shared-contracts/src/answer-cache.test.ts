import { describe, expect, it } from '@jest/globals';
import { createAnswerCache, isCacheableAnswer } from './answer-cache.ts';

describe('spec: a generic cache of API answers keeps answers with cscode 200 or code 200 only', () => {
  it.each<[string, unknown, boolean]>([
    ['cscode 200', { cscode: 200, data: { soft_version: '3.8.2' } }, true],
    ['code 200', { code: 200 }, true],
    ['result 200 (the spec names it too)', { result: 200 }, true],
    ['cscode 404', { cscode: 404, msg: 'no product' }, false],
    ['cscode 0 (the tracker’s success is not a cacheable answer)', { cscode: 0 }, false],
    ['code 200 as text', { code: '200' }, false],
    ['cscode 500 beside code 200', { cscode: 500, code: 200 }, true],
    ['no status field', { data: [] }, false],
    ['an array', [{ cscode: 200 }], false],
    ['null', null, false],
    ['text', 'cscode 200', false],
  ])('%s → kept: %s', (_case, body, kept) => {
    expect(isCacheableAnswer(body)).toBe(kept);
  });

  it('serves a kept answer until its time is up, then asks again', async () => {
    let clock = 0;
    let calls = 0;
    const cache = createAnswerCache({ ttlMs: 7_200_000, maxEntries: 8, now: () => clock });
    const load = async () => ({ cscode: 200, data: { n: ++calls } });
    expect(await cache.read('k', load)).toEqual({ cscode: 200, data: { n: 1 } });
    clock = 7_199_999;
    expect(await cache.read('k', load)).toEqual({ cscode: 200, data: { n: 1 } });
    clock = 7_200_000;
    expect(await cache.read('k', load)).toEqual({ cscode: 200, data: { n: 2 } });
  });

  it('never keeps a failure: an error code, a throw', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 8 });
    let calls = 0;
    const failing = async () => ({ cscode: 503, n: ++calls });
    await cache.read('k', failing);
    expect(await cache.read('k', failing)).toEqual({ cscode: 503, n: 2 });
    await expect(cache.read('t', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('t', async () => ({ code: 200 }))).toEqual({ code: 200 });
  });

  it('shares one load among calls that arrive while it runs, and keeps at most maxEntries', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 2 });
    let calls = 0;
    let release = () => undefined as void;
    const slow = () => new Promise<unknown>((resolve) => (release = () => resolve({ cscode: 200, n: ++calls })));
    const both = Promise.all([cache.read('a', slow), cache.read('a', slow)]);
    release();
    expect(await both).toEqual([
      { cscode: 200, n: 1 },
      { cscode: 200, n: 1 },
    ]);
    await cache.read('b', async () => ({ cscode: 200 }));
    await cache.read('c', async () => ({ cscode: 200 }));
    // 'a' was written first, so it went.
    expect(await cache.read('a', async () => ({ cscode: 200, n: 'again' }))).toEqual({ cscode: 200, n: 'again' });
  });
});
