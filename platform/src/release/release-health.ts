import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import { createFallbackWarning } from '../redis.ts';

/**
 * docs/releases.md "Health per version": what each version of each app did, counted across the instances, so a
 * canary can be compared with the stable version of its app (and the console can show both).
 */

/** What is counted: served work (`request`: a page rendered, an API call answered) and each kind of failure. */
export const HEALTH_SIGNALS = ['request', 'render-error', 'api-error', 'api-timeout', 'chunk-load', 'error-boundary', 'type-error'] as const;
/** One counted signal. */
export type HealthSignal = (typeof HEALTH_SIGNALS)[number];
/** The failures among the signals: a server render error, an API 5xx, an API time-out, and the browser's beacons. */
export const ERROR_SIGNALS = HEALTH_SIGNALS.filter((signal): signal is Exclude<HealthSignal, 'request'> => signal !== 'request');
/** One kind of failure. */
export type ErrorSignal = (typeof ERROR_SIGNALS)[number];
/** The failures only a browser sees, reported by its beacon (`POST /_beacon/release-health`). */
export const BROWSER_SIGNALS = ['chunk-load', 'error-boundary', 'type-error'] as const satisfies readonly ErrorSignal[];

/** A version's counts over a period. */
export interface VersionHealth {
  app: string;
  version: string;
  requests: number;
  errors: Record<ErrorSignal, number>;
  /** All failures together. */
  errorCount: number;
  /** Failures per request (0 without requests; a browser failure without a request still counts against it). */
  errorRate: number;
}

/** Counts by signal as one version's health (unknown fields are ignored, negative or broken counts read as 0). */
export function summariseHealth(app: string, version: string, counts: Readonly<Record<string, number | string | undefined>>): VersionHealth {
  const read = (signal: HealthSignal) => {
    const value = Number(counts[signal] ?? 0);
    return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  };
  const errors = Object.fromEntries(ERROR_SIGNALS.map((signal) => [signal, read(signal)])) as Record<ErrorSignal, number>;
  const requests = read('request');
  const errorCount = ERROR_SIGNALS.reduce((sum, signal) => sum + errors[signal], 0);
  return { app, version, requests, errors, errorCount, errorRate: errorCount === 0 ? 0 : errorCount / Math.max(requests, errorCount) };
}

/** The starts of the buckets of `bucketMs` covering `[sinceMs, nowMs]`, oldest first. */
export function listHealthBuckets(sinceMs: number, nowMs: number, bucketMs: number): number[] {
  const buckets: number[] = [];
  for (let start = Math.floor(sinceMs / bucketMs) * bucketMs; start <= nowMs; start += bucketMs) buckets.push(start);
  return buckets;
}

/** The Redis hash of one version's counts in one bucket: `reelkeep:health:mf-landing@0.1.0-…:1764338400000`. */
export function toHealthKey(app: string, version: string, bucketStart: number): string {
  return `reelkeep:health:${app}@${version}:${bucketStart}`;
}

/** The counters of the site's versions; `record` never throws and never waits, reads fall back to this process. */
export interface ReleaseHealth {
  /** Counts `count` of a signal for a version now (sent to Redis within `flushMs`). */
  record(app: string, version: string, signal: HealthSignal, count?: number): void;
  /** A version's counts since `sinceMs` (at most `windowMs` back): every instance's with Redis, this process's without. */
  read(app: string, version: string, sinceMs?: number): Promise<VersionHealth>;
  /** Sends what is counted but not sent yet. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Defaults: 10-second buckets, a 10-minute window, counts sent every half second. */
export const HEALTH_BUCKET_MS = 10_000;
export const HEALTH_WINDOW_MS = 10 * 60_000;
const HEALTH_FLUSH_MS = 500;

/**
 * Counts per app, version and signal in buckets of `bucketMs`. With Redis every instance adds its counts to the
 * same hashes (`HINCRBY`, kept twice the window), so a read sees the whole site; counts not sent yet are added to
 * a read from this process. While Redis does not answer, counts stay in this process (and are sent when it is
 * back, while their bucket is still in the window) and reads answer this process's counts, with one warning a
 * minute: a page never waits for, or fails because of, the counters.
 */
export function createReleaseHealth(
  options: {
    redis?: Redis;
    logger?: Logger;
    bucketMs?: number;
    windowMs?: number;
    flushMs?: number;
    now?: () => number;
  } = {},
): ReleaseHealth {
  const bucketMs = options.bucketMs ?? HEALTH_BUCKET_MS;
  const windowMs = options.windowMs ?? HEALTH_WINDOW_MS;
  const now = options.now ?? Date.now;
  const warn = createFallbackWarning(options.logger, 'release health counted per process: redis unreachable');
  /** Counts not in Redis yet, by key and signal. */
  let pending = new Map<string, Map<HealthSignal, number>>();
  /** This process's counts of the window, by key and signal (the answer while Redis is away, or without Redis). */
  const local = new Map<string, Map<HealthSignal, number>>();
  const add = (into: Map<string, Map<HealthSignal, number>>, key: string, signal: HealthSignal, count: number) => {
    const counts = into.get(key) ?? new Map<HealthSignal, number>();
    counts.set(signal, (counts.get(signal) ?? 0) + count);
    into.set(key, counts);
  };
  const bucketOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));
  const dropOld = (from: Map<string, unknown>) => {
    const oldest = now() - windowMs - bucketMs;
    for (const key of from.keys()) if (bucketOf(key) < oldest) from.delete(key);
  };

  let flushing: Promise<void> | undefined;
  const flush = async (): Promise<void> => {
    if (!options.redis || pending.size === 0) return;
    if (flushing) return flushing;
    const sending = pending;
    pending = new Map();
    const pipeline = options.redis.multi();
    const ttlS = Math.ceil((windowMs * 2) / 1000);
    for (const [key, counts] of sending) {
      for (const [signal, count] of counts) pipeline.hincrby(key, signal, count);
      pipeline.expire(key, ttlS);
    }
    flushing = pipeline
      .exec()
      .then((results) => {
        const failed = results?.find(([error]) => error)?.[0];
        if (!results || failed) throw failed ?? new Error('transaction aborted');
      })
      .catch((error: unknown) => {
        warn(error);
        // Sent again with the next flush while their bucket is in the window.
        for (const [key, counts] of sending) for (const [signal, count] of counts) add(pending, key, signal, count);
        dropOld(pending);
      })
      .finally(() => (flushing = undefined));
    return flushing;
  };
  const timer = options.redis ? setInterval(() => void flush(), options.flushMs ?? HEALTH_FLUSH_MS) : undefined;
  timer?.unref();

  const sumOf = (maps: Map<string, Map<HealthSignal, number>>[], keys: string[]) => {
    const totals: Record<string, number> = {};
    for (const map of maps) for (const key of keys) for (const [signal, count] of map.get(key) ?? []) totals[signal] = (totals[signal] ?? 0) + count;
    return totals;
  };

  return {
    record(app, version, signal, count = 1) {
      if (!(count > 0)) return;
      const key = toHealthKey(app, version, Math.floor(now() / bucketMs) * bucketMs);
      add(local, key, signal, count);
      if (options.redis) add(pending, key, signal, count);
      if (local.size > 10_000) dropOld(local);
    },
    async read(app, version, sinceMs) {
      const at = now();
      const keys = listHealthBuckets(Math.max(sinceMs ?? 0, at - windowMs), at, bucketMs).map((bucket) => toHealthKey(app, version, bucket));
      dropOld(local);
      if (!options.redis) return summariseHealth(app, version, sumOf([local], keys));
      try {
        const pipeline = options.redis.pipeline();
        for (const key of keys) pipeline.hgetall(key);
        const results = (await pipeline.exec()) ?? [];
        const shared = new Map<string, Map<HealthSignal, number>>();
        results.forEach(([error, value], index) => {
          if (error) throw error;
          for (const [signal, count] of Object.entries((value ?? {}) as Record<string, string>))
            if ((HEALTH_SIGNALS as readonly string[]).includes(signal)) add(shared, keys[index]!, signal as HealthSignal, Number(count) || 0);
        });
        return summariseHealth(app, version, sumOf([shared, pending], keys));
      } catch (error) {
        warn(error);
        return summariseHealth(app, version, sumOf([local], keys));
      }
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
