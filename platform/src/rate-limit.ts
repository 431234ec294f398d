import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { createFallbackWarning } from './redis.ts';

/** Whether one more attempt is allowed, and when to retry if not. */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A fixed-window limit: at most `limit` hits per key in each window. */
export interface RateLimiter {
  /** Counts one attempt and tells whether it is within the limit. */
  hit(key: string): Promise<RateLimitResult>;
  /** Tells whether the next attempt would be within the limit, without counting one. */
  peek(key: string): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/** Options of a limiter; `name` keeps limits of different forms apart in Redis. */
export interface RateLimitOptions {
  name: string;
  limit: number;
  windowMs: number;
  /** Shared across instances through this Redis connection when given; in-process otherwise. */
  redis?: Redis;
  /** Where the fallback to per-process counting is reported. */
  logger?: Logger;
  now?: () => number;
}

function createMemoryLimiter({ limit, windowMs, now = Date.now }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const read = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.resetAt > at ? window : null;
  };
  return {
    async hit(key) {
      const at = now();
      let window = read(key, at);
      if (!window) {
        // Forget expired windows now and then so the map stays small.
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - at) / 1000) };
    },
    async peek(key) {
      const at = now();
      const window = read(key, at);
      return { allowed: (window?.count ?? 0) < limit, retryAfterSeconds: window ? Math.ceil((window.resetAt - at) / 1000) : 0 };
    },
    close: async () => undefined,
  };
}

/**
 * Counts in Redis, so every instance shares the limit. When Redis does not answer, the limiter counts in
 * this process instead (logged once a minute): a limit still holds per instance, and no request fails
 * because a counter is unreachable (docs/operations.md "When Redis is down").
 */
function createRedisLimiter(options: RateLimitOptions & { redis: Redis }): RateLimiter {
  const { name, limit, windowMs, redis } = options;
  const fallback = createMemoryLimiter(options);
  const warn = createFallbackWarning(options.logger, 'rate limits count per process: redis unreachable');
  const keyOf = (key: string) => `reelkeep:rate:${name}:${key}`;
  return {
    async hit(key) {
      try {
        const redisKey = keyOf(key);
        const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [[null, number], [null, number]];
        if (ttl < 0) await redis.pexpire(redisKey, windowMs);
        return { allowed: count <= limit, retryAfterSeconds: Math.ceil((ttl < 0 ? windowMs : ttl) / 1000) };
      } catch (error) {
        warn(error);
        return fallback.hit(key);
      }
    },
    async peek(key) {
      try {
        const redisKey = keyOf(key);
        const [[, count], [, ttl]] = (await redis.multi().get(redisKey).pttl(redisKey).exec()) as [[null, string | null], [null, number]];
        return { allowed: Number(count ?? 0) < limit, retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
      } catch (error) {
        warn(error);
        return fallback.peek(key);
      }
    },
    close: async () => undefined,
  };
}

/** Creates a rate limiter: in Redis when a connection is given (several instances share it), else in-process. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  return options.redis ? createRedisLimiter({ ...options, redis: options.redis }) : createMemoryLimiter(options);
}
