import { afterAll, describe, expect, it } from '@jest/globals';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { readServiceUrl } from './testing/external-services.ts';

describe('in-process rate limit', () => {
  it('allows the limit, refuses the next, and opens again after the window', async () => {
    let now = 0;
    const limiter = createRateLimiter({ name: 't', limit: 2, windowMs: 60_000, now: () => now });
    expect((await limiter.hit('ip')).allowed).toBe(true);
    expect((await limiter.hit('ip')).allowed).toBe(true);
    expect(await limiter.hit('ip')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limiter.hit('other-ip')).allowed).toBe(true);
    now = 60_001;
    expect((await limiter.hit('ip')).allowed).toBe(true);
  });
});

const redisUrl = readServiceUrl('TEST_REDIS_URL');

(redisUrl ? describe : describe.skip)('Redis rate limit (shared by instances)', () => {
  const limiters: RateLimiter[] = [];
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
  });

  it('counts hits of two instances together', async () => {
    const name = `test-${Date.now()}`;
    const first = createRateLimiter({ name, limit: 3, windowMs: 60_000, redisUrl: redisUrl! });
    const second = createRateLimiter({ name, limit: 3, windowMs: 60_000, redisUrl: redisUrl! });
    limiters.push(first, second);
    const results = [await first.hit('ip'), await second.hit('ip'), await first.hit('ip'), await second.hit('ip')];
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
  });
});
