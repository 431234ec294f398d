import { LRUCache } from 'lru-cache';

/** One stored answer, always a 200: a page (`document`) or a client navigation's data (`data`). */
export interface PageCacheEntry {
  key: string;
  kind: 'document' | 'data';
  body: string;
  etag: string;
  /** The CSP nonce the page was rendered with, sent again with every hit ('' for data). */
  nonce: string;
  tags: string[];
  /** When it was rendered (ms since the epoch). */
  storedAt: number;
}

/** An entry as the admin list shows it: everything but the body. */
export interface EntrySummary {
  key: string;
  kind: PageCacheEntry['kind'];
  tags: string[];
  bytes: number;
  storedAt: number;
}

/** Where entries live: this process (the edge in front shares pages between instances: docs/adr/0012-edge-cache-varnish.md). */
export interface PageCacheStore {
  readonly kind: 'memory';
  get(key: string): Promise<PageCacheEntry | undefined>;
  /** Keeps an entry for `lifetimeMs` (fresh and stale time together). */
  set(entry: PageCacheEntry, lifetimeMs: number): Promise<void>;
  /** Deletes entries by key; resolves with how many there were. */
  delete(keys: readonly string[]): Promise<number>;
  /** Deletes every entry carrying one of the tags; resolves with how many there were. */
  purgeTags(tags: readonly string[]): Promise<number>;
  /** Deletes every entry. */
  clear(): Promise<number>;
  list(limit: number): Promise<EntrySummary[]>;
  measure(): Promise<{ entries: number; bytes: number }>;
}

/** Bytes an entry takes: its body and key, plus a fixed allowance for the rest. */
function measureEntry(entry: PageCacheEntry): number {
  return Buffer.byteLength(entry.body) + Buffer.byteLength(entry.key) + entry.tags.join().length + 256;
}

const summarise = (entry: PageCacheEntry): EntrySummary => ({
  key: entry.key,
  kind: entry.kind,
  tags: entry.tags,
  bytes: Buffer.byteLength(entry.body),
  storedAt: entry.storedAt,
});

/** The in-process store: an LRU bounded in bytes, with an index from tag to keys. */
export function createMemoryPageStore(options: { maxBytes: number; lifetimeMs: number }): PageCacheStore {
  const keysByTag = new Map<string, Set<string>>();
  const cache = new LRUCache<string, PageCacheEntry>({
    maxSize: options.maxBytes,
    sizeCalculation: measureEntry,
    ttl: options.lifetimeMs,
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = keysByTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) keysByTag.delete(tag);
      }
    },
  });
  return {
    kind: 'memory',
    get: async (key) => cache.get(key),
    async set(entry, lifetimeMs) {
      if (measureEntry(entry) > options.maxBytes) return;
      cache.set(entry.key, entry, { ttl: lifetimeMs });
      if (!cache.has(entry.key)) return;
      for (const tag of entry.tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(entry.key);
      }
    },
    async delete(keys) {
      let deleted = 0;
      for (const key of keys) if (cache.delete(key)) deleted += 1;
      return deleted;
    },
    async purgeTags(tags) {
      const keys = new Set(tags.flatMap((tag) => [...(keysByTag.get(tag) ?? [])]));
      let deleted = 0;
      for (const key of keys) if (cache.delete(key)) deleted += 1;
      return deleted;
    },
    async clear() {
      const entries = cache.size;
      cache.clear();
      return entries;
    },
    async list(limit) {
      const summaries: EntrySummary[] = [];
      for (const entry of cache.values()) {
        if (summaries.length >= limit) break;
        summaries.push(summarise(entry));
      }
      return summaries;
    },
    async measure() {
      cache.purgeStale();
      return { entries: cache.size, bytes: cache.calculatedSize };
    },
  };
}
