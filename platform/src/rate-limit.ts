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
  /**
   * Gives back one attempt `hit` counted in the current window (nothing when the window is over). A check that
   * must not let concurrent attempts through counts first with `hit` and refunds the attempts that turn out
   * not to count (a right admin token): a `peek`, then a `hit` later, lets every concurrent attempt pass the peek.
   */
  refund(key: string): Promise<void>;
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
    async refund(key) {
      const window = read(key, now());
      if (window && window.count > 0) window.count -= 1;
    },
    close: async () => undefined,
  };
}

/**
 * Counts one hit and starts the window with it, in one step on the Redis server: concurrent hits each get their
 * own count, and no counter is left without its expiry. Answers the count and the window's remaining ms.
 */
const HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Takes one hit back while its window lasts; an expired counter is not recreated. */
const REFUND_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

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
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, keyOf(key), windowMs)) as [number, number];
        return { allowed: count <= limit, retryAfterSeconds: Math.ceil(ttl / 1000) };
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
    async refund(key) {
      try {
        await redis.eval(REFUND_SCRIPT, 1, keyOf(key));
      } catch (error) {
        warn(error);
        await fallback.refund(key);
      }
    },
    close: async () => undefined,
  };
}

/** Creates a rate limiter: in Redis when a connection is given (several instances share it), else in-process. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  return options.redis ? createRedisLimiter({ ...options, redis: options.redis }) : createMemoryLimiter(options);
}
