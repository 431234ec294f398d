import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

/** How long a Redis command may take before the caller falls back (rate limits, registry fast path). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** One warning per this interval while Redis stays unreachable. */
const WARNING_INTERVAL_MS = 60_000;

/**
 * The process's one Redis connection (`REDIS_URL`), shared by the rate limits, the registry's fast path and
 * whatever else needs it. Commands fail fast while Redis is unreachable (no offline queue, a short command
 * time-out), so callers can fall back at once instead of waiting; the client reconnects by itself.
 */
export function createRedisClient(url: string, logger?: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let warnedAt = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - warnedAt < WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    logger?.warn('redis unreachable', { error: error.message });
  });
  return redis;
}

/** Logs a fallback once per interval: the first failure and then one line a minute, not one per request. */
export function createFallbackWarning(logger: Logger | undefined, message: string) {
  let warnedAt = 0;
  return (error: unknown) => {
    if (Date.now() - warnedAt < WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    logger?.warn(message, { error: error instanceof Error ? error.message : String(error) });
  };
}
