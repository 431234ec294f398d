import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isLocale } from '@reelkeep/shared-contracts';
import type { EdgePurger } from '@reelkeep/platform/edge/edge-purger';
import type { Logger } from '@reelkeep/platform/logger';
import { classifyEntryAge } from './page-cache-rules.ts';
import { LOCALES_TAG, toKeyTag, toReleaseTag } from './page-cache-tags.ts';
import type { ReleaseSwitch } from '../releases/release-snapshot.ts';
import { createMemoryPageStore, type PageCacheEntry, type PageCacheStore } from './page-cache-store.ts';

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
  store: 'memory' | 'off';
  /** How many edge caches (Varnish) this instance purges. */
  edges: number;
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

/** After a switch, the edges are purged once more this much later: a render that overlapped the switch is gone too. */
export const EDGE_SWITCH_REPEAT_MS = 2000;

/**
 * The page cache (docs/operations.md "Page cache"): entries in this process's LRU; one render per key at a time
 * (the other requests for it wait for that render); a stale entry is served while one request renders it again
 * in the background; a release switch drops the entries of the versions that left, here and on the edge caches
 * in front (docs/operations.md "Varnish in front"), as does every deletion. The rules (keys, tags, ages) are in
 * `page-cache-rules.ts`; this is their I/O.
 */
export async function createPageCache(options: {
  ttlS: number;
  staleS: number;
  /** 0 turns the cache off. */
  maxBytes: number;
  localesDir: string;
  /** The edge caches this instance purges (none: this process's cache only). */
  edge?: EdgePurger;
  logger: Logger;
  now?: () => number;
  /** Waits before the second purge of a switch (tests). */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { ttlS, staleS, maxBytes, logger, now = Date.now } = options;
  const lifetimeMs = (ttlS + staleS) * 1000;
  const enabled = maxBytes > 0;
  const store: PageCacheStore | undefined = enabled ? createMemoryPageStore({ maxBytes, lifetimeMs }) : undefined;
  const edge = options.edge;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
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

    /** Counts a page request that went past the cache. */
    countBypass(): void {
      counts.bypass += 1;
    },

    /**
     * Drops the entries of the versions a switch took away, here and on the edges; every instance that sees the
     * switch does it (a purge is idempotent), and purges the edges again `EDGE_SWITCH_REPEAT_MS` later.
     */
    async forgetReleases(switched: readonly ReleaseSwitch[]): Promise<void> {
      const tags = switched.flatMap((change) => (change.from ? [toReleaseTag(change.app, change.from)] : []));
      if (tags.length === 0) return;
      const deleted = store ? await store.purgeTags(tags) : 0;
      logger.info('page cache: entries of switched releases dropped', { tags, deleted });
      if (!edge?.enabled) return;
      await edge.purgeTags(tags);
      void sleep(EDGE_SWITCH_REPEAT_MS).then(() => edge.purgeTags(tags));
    },

    /** Deletes entries by key, and their copies on the edges (tagged with their key). */
    async deleteKeys(keys: readonly string[]): Promise<number> {
      const deleted = store ? await store.delete(keys) : 0;
      await edge?.purgeTags(keys.map(toKeyTag));
      return deleted;
    },
    /** Deletes every entry carrying one of the tags, here and on the edges. */
    async purgeTags(tags: readonly string[]): Promise<number> {
      const deleted = store ? await store.purgeTags(tags) : 0;
      await edge?.purgeTags(tags);
      return deleted;
    },
    /** Deletes every entry, here and on the edges. */
    async clear(): Promise<number> {
      const deleted = store ? await store.clear() : 0;
      await edge?.reset();
      return deleted;
    },
    /**
     * Tells the edges this process may serve other translations than the pages they hold (a start: docs/operations.md
     * "Varnish in front"): they drop every page.
     */
    async announceLocales(): Promise<void> {
      if (edge?.enabled) await edge.purgeTags([LOCALES_TAG]);
    },
    list: (limit: number) => store?.list(limit) ?? Promise.resolve([]),
    /** The entry under a key, fresh or stale, if it names only live versions (`GET /admin/cache/get`). */
    get: (key: string) => store?.get(key) ?? Promise.resolve(undefined),
    /** Keeps an entry an operator sets (`POST /admin/cache/set`), and drops its copies on the edges. */
    async set(entry: PageCacheEntry): Promise<boolean> {
      if (!store) return false;
      await store.set(entry, lifetimeMs);
      await edge?.purgeTags([toKeyTag(entry.key)]);
      return (await store.get(entry.key)) !== undefined;
    },

    async readStats(): Promise<PageCacheStats> {
      const held = store ? await store.measure() : { entries: 0, bytes: 0 };
      return { store: store?.kind ?? 'off', edges: edge?.count ?? 0, ...counts, ...held };
    },
  };
}

/** The page cache of a host. */
export type PageCache = Awaited<ReturnType<typeof createPageCache>>;
