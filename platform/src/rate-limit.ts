import { Redis } from 'ioredis';

/** Whether one more attempt is allowed, and when to retry if not. */
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A fixed-window limit: at most `limit` hits per key in each window. */
export interface RateLimiter {
  hit(key: string): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/** Options of a limiter; `name` keeps limits of different forms apart in Redis. */
export interface RateLimitOptions {
  name: string;
  limit: number;
  windowMs: number;
  /** Shared across instances through Redis when set; in-process otherwise. */
  redisUrl?: string;
  now?: () => number;
}

function createMemoryLimiter({ limit, windowMs, now = Date.now }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        // Forget expired windows now and then so the map stays small.
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - at) / 1000) };
    },
    close: async () => undefined,
  };
}

function createRedisLimiter({ name, limit, windowMs, redisUrl }: RateLimitOptions): RateLimiter {
  const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 2 });
  return {
    async hit(key) {
      const redisKey = `reelkeep:rate:${name}:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(redisKey, windowMs);
      return { allowed: count <= limit, retryAfterSeconds: Math.ceil((ttl < 0 ? windowMs : ttl) / 1000) };
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/** Creates a rate limiter: Redis-backed when a URL is given (several instances share it), else in-process. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  return options.redisUrl ? createRedisLimiter(options) : createMemoryLimiter(options);
}
