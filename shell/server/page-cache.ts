import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { isLocale } from '@reelkeep/shared-contracts';
import type { Logger } from '@reelkeep/platform/logger';
import { classifyEntryAge, toReleaseTag } from './page-cache-rules.ts';
import type { ReleaseSwitch } from './release-snapshot.ts';
import { createMemoryPageStore, createRedisPageStore, createSharedPageStore, type PageCacheEntry, type PageCacheStore } from './page-cache-store.ts';

/** What a render hands the cache: the entry to keep (null when it may not be kept) and the rendering request's own answer. */
export interface Rendition<Answer> {
  entry: PageCacheEntry | null;
  answer: Answer;
}

/**
 * How a request was served: from an entry (`HIT`, `STALE`), or by its own render (`MISS`), which is sent as
 * the entry it made or, when it could not be kept, as the request's own answer.
 */
export type Served<Answer> = { status: 'HIT' | 'STALE' | 'MISS'; entry: PageCacheEntry } | { status: 'MISS'; entry: null; answer: Answer };

/** Counts since the process started, and what the store holds. */
export interface PageCacheStats {
  store: 'memory' | 'redis' | 'off';
  hits: number;
  misses: number;
  stale: number;
  bypass: number;
  entries: number;
  bytes: number;
}

/**
 * A fingerprint of the translations under `dir` (`<locale>/<namespace>.json`): a process serving other
 * translations never shares an entry with this one.
 */
export async function fingerprintLocales(dir: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    const locales = (await readdir(dir)).filter(isLocale).sort();
    for (const locale of locales) {
      const files = (await readdir(path.join(dir, locale))).filter((file) => file.endsWith('.json')).sort();
      for (const file of files) hash.update(`${locale}/${file}\0`).update(await readFile(path.join(dir, locale, file)));
    }
  } catch {
    hash.update('unreadable');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The page cache (docs/operations.md "Page cache"): entries in this process's LRU, or in Redis for every
 * instance; one render per key at a time (the other requests for it wait for that render); a stale entry is
 * served while one request renders it again in the background; a release switch drops the entries of the
 * versions that left. The rules (keys, tags, ages) are in `page-cache-rules.ts`; this is their I/O.
 */
export async function createPageCache(options: {
  ttlS: number;
  staleS: number;
  /** 0 turns the cache off. */
  maxBytes: number;
  localesDir: string;
  redis?: Redis;
  logger: Logger;
  now?: () => number;
  /** Another Redis key prefix (tests). */
  redisPrefix?: string;
}) {
  const { ttlS, staleS, maxBytes, logger, now = Date.now } = options;
  const lifetimeMs = (ttlS + staleS) * 1000;
  const enabled = maxBytes > 0;
  const local = enabled ? createMemoryPageStore({ maxBytes, lifetimeMs }) : undefined;
  const store: PageCacheStore | undefined =
    local && options.redis
      ? createSharedPageStore({ shared: createRedisPageStore(options.redis, { maxBytes, prefix: options.redisPrefix }), local, logger })
      : local;
  const inFlight = new Map<string, Promise<PageCacheEntry | null>>();
  const counts = { hits: 0, misses: 0, stale: 0, bypass: 0 };
  const localesVersion = await fingerprintLocales(options.localesDir);

  /** Keeps a finished render's entry when it may be kept; resolves with it (null otherwise). */
  async function keep(entry: PageCacheEntry | null, isLive: (entry: PageCacheEntry) => boolean): Promise<PageCacheEntry | null> {
    if (!store || !entry || !isLive(entry)) return null;
    try {
      await store.set(entry, lifetimeMs);
    } catch (error) {
      logger.warn('page cache: entry not kept', { key: entry.key, error });
      return null;
    }
    return entry;
  }

  /** Registers the one render of a key; the other requests for that key wait for its entry. */
  function track(key: string, stored: Promise<PageCacheEntry | null>): void {
    inFlight.set(key, stored);
    const forget = () => {
      if (inFlight.get(key) === stored) inFlight.delete(key);
    };
    stored.then(forget, forget);
  }

  return {
    enabled,
    maxBytes,
    lifetimeMs,
    ttlS,
    staleS,
    /** Part of every key: the translations this process serves. */
    localesVersion,

    /**
     * Answers a cacheable request: a fresh entry (`HIT`), a stale one while one background render replaces it
     * (`STALE`), the entry another request is rendering right now (`HIT`), or its own render (`MISS`), kept
     * when it may be. `isLive` tells whether an entry names only versions the request may be served (checked
     * on reading and again before keeping, so a render that overlapped a switch is not kept).
     */
    async serve<Answer>(
      key: string,
      request: { isLive: (entry: PageCacheEntry) => boolean; render: () => Promise<Rendition<Answer>> },
    ): Promise<Served<Answer>> {
      const { isLive, render } = request;
      const found = store ? await store.get(key) : undefined;
      if (found && isLive(found)) {
        const age = classifyEntryAge(found.storedAt, now(), ttlS, staleS);
        if (age === 'fresh') {
          counts.hits += 1;
          return { status: 'HIT', entry: found };
        }
        if (age === 'stale') {
          counts.stale += 1;
          if (!inFlight.has(key))
            track(
              key,
              render()
                .then((rendition) => keep(rendition.entry, isLive))
                .catch((error: unknown) => {
                  logger.warn('page cache: background render failed', { key, error });
                  return null;
                }),
            );
          return { status: 'STALE', entry: found };
        }
      }
      const leader = inFlight.get(key);
      const awaited = leader ? await leader.catch(() => null) : null;
      if (awaited) {
        counts.hits += 1;
        return { status: 'HIT', entry: awaited };
      }
      counts.misses += 1;
      const rendition = render();
      const stored = rendition.then((done) => keep(done.entry, isLive));
      track(
        key,
        stored.catch(() => null),
      );
      const { answer } = await rendition;
      const entry = await stored;
      return entry ? { status: 'MISS', entry } : { status: 'MISS', entry: null, answer };
    },

    /**
     * The entry under a key while it is fresh (the fast path's check: docs/operations.md "Page cache"): at once
     * from the store in this process, through a promise from Redis.
     */
    peekFresh(key: string): PageCacheEntry | undefined | Promise<PageCacheEntry | undefined> {
      if (!store) return undefined;
      const fresh = (found: PageCacheEntry | undefined) =>
        found && classifyEntryAge(found.storedAt, now(), ttlS, staleS) === 'fresh' ? found : undefined;
      return store.peek ? fresh(store.peek(key)) : store.get(key).then(fresh);
    },

    /** Counts a hit the fast path answered. */
    countHit(): void {
      counts.hits += 1;
    },

    /** Counts a page request that went past the cache. */
    countBypass(): void {
      counts.bypass += 1;
    },

    /** Drops the entries of the versions a switch took away (every instance does it for itself and for Redis). */
    async forgetReleases(switched: readonly ReleaseSwitch[]): Promise<void> {
      const tags = switched.flatMap((change) => (change.from ? [toReleaseTag(change.app, change.from)] : []));
      if (!store || tags.length === 0) return;
      try {
        const deleted = await store.purgeTags(tags);
        logger.info('page cache: entries of switched releases dropped', { tags, deleted });
      } catch (error) {
        // The entries left in Redis name versions that are no longer live: no request is served them (`isLive`).
        logger.warn('page cache: switched releases not dropped from Redis', { tags, error });
      }
    },

    /** Deletes entries by key. */
    deleteKeys: (keys: readonly string[]) => store?.delete(keys) ?? Promise.resolve(0),
    /** Deletes every entry carrying one of the tags. */
    purgeTags: (tags: readonly string[]) => store?.purgeTags(tags) ?? Promise.resolve(0),
    /** Deletes every entry. */
    clear: () => store?.clear() ?? Promise.resolve(0),
    list: (limit: number) => store?.list(limit) ?? Promise.resolve([]),

    async readStats(): Promise<PageCacheStats> {
      const held = store ? await store.measure() : { entries: 0, bytes: 0 };
      return { store: store?.kind ?? 'off', ...counts, ...held };
    },
  };
}

/** The page cache of a host. */
export type PageCache = Awaited<ReturnType<typeof createPageCache>>;
