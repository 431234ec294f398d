import { describe, expect, it } from '@jest/globals';
import { createReleaseHealth, listHealthBuckets, summariseHealth, toHealthKey } from './release-health.ts';

describe('summariseHealth', () => {
  it.each([
    [{}, 0, 0, 0],
    [{ request: 100 }, 100, 0, 0],
    [{ request: 100, 'render-error': 3, 'api-error': 1, 'api-timeout': 1 }, 100, 5, 0.05],
    [{ request: '40', 'chunk-load': '2', 'error-boundary': 1, 'type-error': 1 }, 40, 4, 0.1],
    // A browser failure without a request this instance saw still counts: a rate of 1, never a division by zero.
    [{ 'type-error': 2 }, 0, 2, 1],
    [{ request: -5, 'render-error': 'x', other: 9 }, 0, 0, 0],
  ])('%j: %i requests, %i errors, rate %f', (counts, requests, errorCount, errorRate) => {
    const health = summariseHealth('mf-landing', '1', counts);
    expect(health).toMatchObject({ requests, errorCount, errorRate });
  });
});

describe('listHealthBuckets', () => {
  it('covers the period with whole buckets, oldest first', () => {
    expect(listHealthBuckets(12_345, 41_000, 10_000)).toEqual([10_000, 20_000, 30_000, 40_000]);
    expect(toHealthKey('mf-landing', '0.1.0-a', 10_000)).toBe('reelkeep:health:mf-landing@0.1.0-a:10000');
  });
});

describe('release health without Redis', () => {
  it('counts per app and version in this process, within the window and since a moment', async () => {
    let now = 1_000_000;
    const health = createReleaseHealth({ bucketMs: 1_000, windowMs: 60_000, now: () => now });
    health.record('mf-landing', 'a', 'request', 10);
    health.record('mf-landing', 'a', 'render-error');
    health.record('mf-landing', 'b', 'request', 4);
    health.record('mf-blog', 'a', 'api-timeout');
    expect(await health.read('mf-landing', 'a')).toMatchObject({ requests: 10, errorCount: 1, errors: { 'render-error': 1 } });
    expect(await health.read('mf-landing', 'b')).toMatchObject({ requests: 4, errorCount: 0 });
    expect(await health.read('mf-blog', 'a')).toMatchObject({ requests: 0, errors: { 'api-timeout': 1 } });
    now += 5_000;
    health.record('mf-landing', 'a', 'request', 2);
    expect((await health.read('mf-landing', 'a', now)).requests).toBe(2);
    now += 61_000;
    expect((await health.read('mf-landing', 'a')).requests).toBe(0);
    await health.close();
  });
});
