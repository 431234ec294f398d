import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Logger } from '@reelkeep/platform/logger';
import { createFallbackWarning } from '@reelkeep/platform/redis';

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

/** Where entries live: this process, or Redis for every instance. */
export interface PageCacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<PageCacheEntry | undefined>;
  /** The entry under a key at once, for a store in this process (one over the network has none). */
  peek?(key: string): PageCacheEntry | undefined;
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
    peek: (key) => cache.get(key),
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

/** What Redis holds beside an entry's body. */
const entryMetaSchema = z.object({
  key: z.string(),
  kind: z.enum(['document', 'data']),
  etag: z.string(),
  nonce: z.string(),
  tags: z.array(z.string()),
  storedAt: z.number(),
  bytes: z.number(),
});

/** Keys under this prefix belong to the page cache (docs/operations.md "Page cache"). */
export const REDIS_PAGE_CACHE_PREFIX = 'reelkeep:page-cache:';
const SCAN_BATCH = 500;

/**
 * Keeps an entry and its tags, and holds the bytes of all entries within the budget by dropping the oldest.
 * KEYS: entry, index (digests by time stored), sizes (bytes by digest), total, then each tag's set.
 * ARGV: digest, meta, body, lifetime (ms), stored at, bytes, budget, prefix of entry keys.
 */
const KEEP_SCRIPT = `
local entry, index, sizes, total = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local digest, lifetime, bytes, budget = ARGV[1], ARGV[4], tonumber(ARGV[6]), tonumber(ARGV[7])
local previous = redis.call('HGET', sizes, digest)
if previous then redis.call('DECRBY', total, previous) end
redis.call('DEL', entry)
redis.call('HSET', entry, 'meta', ARGV[2], 'body', ARGV[3])
redis.call('PEXPIRE', entry, lifetime)
for i = 5, #KEYS do
  redis.call('SADD', KEYS[i], digest)
  redis.call('PEXPIRE', KEYS[i], lifetime)
end
redis.call('ZADD', index, ARGV[5], digest)
redis.call('HSET', sizes, digest, bytes)
local used = redis.call('INCRBY', total, bytes)
while used > budget do
  local oldest = redis.call('ZPOPMIN', index)
  if #oldest == 0 then break end
  local size = tonumber(redis.call('HGET', sizes, oldest[1]) or '0')
  redis.call('HDEL', sizes, oldest[1])
  redis.call('UNLINK', ARGV[8] .. oldest[1])
  used = redis.call('DECRBY', total, size)
end
return used
`;

/**
 * Forgets entries by digest: their bodies, their place in the index and their bytes in the total.
 * KEYS: index, sizes, total. ARGV: prefix of entry keys, then the digests. Returns how many entries were there.
 */
const FORGET_SCRIPT = `
local index, sizes, total = KEYS[1], KEYS[2], KEYS[3]
local deleted = 0
for i = 2, #ARGV do
  local size = redis.call('HGET', sizes, ARGV[i])
  if size then
    redis.call('HDEL', sizes, ARGV[i])
    redis.call('DECRBY', total, size)
  end
  redis.call('ZREM', index, ARGV[i])
  deleted = deleted + redis.call('UNLINK', ARGV[1] .. ARGV[i])
end
return deleted
`;

/**
 * The store every instance shares: each entry a Redis hash (`meta`, `body`) under a digest of its key, expiring
 * with the entry, and a set of entry digests per tag. The bytes of all entries stay within `maxBytes`: past it,
 * the oldest entries (expired ones first) make room, so no flood of distinct URLs fills the Redis the rate limits
 * share. Commands fail fast while Redis is unreachable: the caller falls back (`createSharedPageStore`).
 */
export function createRedisPageStore(redis: Redis, options: { maxBytes: number; prefix?: string }): PageCacheStore {
  const prefix = options.prefix ?? REDIS_PAGE_CACHE_PREFIX;
  const digest = (key: string) => createHash('sha256').update(key).digest('hex');
  const entryPrefix = `${prefix}entry:`;
  const tagKey = (tag: string) => `${prefix}tag:${tag}`;
  const budgetKeys = [`${prefix}index`, `${prefix}sizes`, `${prefix}total`];

  const readMeta = (text: string | null) => {
    if (!text) return undefined;
    try {
      const parsed = entryMetaSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };

  /** Every key under a pattern, in batches. */
  async function scan(pattern: string, visit: (keys: string[]) => Promise<void>): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      cursor = next;
      if (keys.length > 0) await visit(keys);
    } while (cursor !== '0');
  }

  /** The metadata of entries stored under these Redis keys (gone or unreadable ones left out). */
  async function readMetas(keys: string[]) {
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.hget(key, 'meta');
    const answers = (await pipeline.exec()) ?? [];
    return answers.flatMap(([error, text]) => {
      const meta = error ? undefined : readMeta(typeof text === 'string' ? text : null);
      return meta ? [meta] : [];
    });
  }

  const forget = async (hashes: readonly string[]): Promise<number> =>
    hashes.length === 0 ? 0 : Number(await redis.eval(FORGET_SCRIPT, budgetKeys.length, ...budgetKeys, entryPrefix, ...hashes));

  return {
    kind: 'redis',
    async get(key) {
      const [metaText, body] = await redis.hmget(entryPrefix + digest(key), 'meta', 'body');
      const meta = readMeta(metaText ?? null);
      if (!meta || meta.key !== key || typeof body !== 'string') return undefined;
      return { key: meta.key, kind: meta.kind, body, etag: meta.etag, nonce: meta.nonce, tags: meta.tags, storedAt: meta.storedAt };
    },
    async set(entry, lifetimeMs) {
      const hash = digest(entry.key);
      const { body, ...rest } = entry;
      const bytes = Buffer.byteLength(body);
      if (bytes > options.maxBytes) return;
      const keys = [entryPrefix + hash, ...budgetKeys, ...entry.tags.map(tagKey)];
      const args = [hash, JSON.stringify({ ...rest, bytes }), body, lifetimeMs, entry.storedAt, bytes, options.maxBytes, entryPrefix];
      await redis.eval(KEEP_SCRIPT, keys.length, ...keys, ...args);
    },
    delete: (keys) => forget(keys.map(digest)),
    async purgeTags(tags) {
      let deleted = 0;
      for (const tag of tags) {
        const members = (await redis.multi().smembers(tagKey(tag)).del(tagKey(tag)).exec())?.[0]?.[1];
        deleted += await forget(Array.isArray(members) ? members.filter((member): member is string => typeof member === 'string') : []);
      }
      return deleted;
    },
    async clear() {
      let entries = 0;
      await scan(`${prefix}*`, async (keys) => {
        entries += keys.filter((key) => key.startsWith(entryPrefix)).length;
        await redis.unlink(...keys);
      });
      return entries;
    },
    async list(limit) {
      const summaries: EntrySummary[] = [];
      await scan(`${entryPrefix}*`, async (keys) => {
        if (summaries.length >= limit) return;
        for (const meta of await readMetas(keys)) {
          if (summaries.length >= limit) break;
          summaries.push({ key: meta.key, kind: meta.kind, tags: meta.tags, bytes: meta.bytes, storedAt: meta.storedAt });
        }
      });
      return summaries;
    },
    async measure() {
      let entries = 0;
      let bytes = 0;
      await scan(`${entryPrefix}*`, async (keys) => {
        for (const meta of await readMetas(keys)) {
          entries += 1;
          bytes += meta.bytes;
        }
      });
      return { entries, bytes };
    },
  };
}

/** Raised when Redis could not take a deletion: this process's own copies are gone, the shared ones may not be. */
export class SharedCacheUnreachable extends Error {
  override name = 'SharedCacheUnreachable';
}

/**
 * Redis for every instance, this process's LRU while Redis does not answer (docs/operations.md "When Redis is
 * down"): reads and writes fall back with one warning a minute, never an error. Deletions apply to both and
 * raise `SharedCacheUnreachable` when Redis missed them. The copies kept during an outage are dropped as soon
 * as Redis answers again, so they never outlive a deletion made on another instance.
 */
export function createSharedPageStore(options: { shared: PageCacheStore; local: PageCacheStore; logger: Logger }): PageCacheStore {
  const { shared, local } = options;
  const warn = createFallbackWarning(options.logger, 'page cache: Redis unreachable, caching in this process');
  let falling = false;

  async function attempt<T>(onShared: () => Promise<T>, onLocal: () => Promise<T>): Promise<T> {
    let value: T;
    try {
      value = await onShared();
    } catch (error) {
      falling = true;
      warn(error);
      return onLocal();
    }
    if (falling) {
      falling = false;
      await local.clear();
    }
    return value;
  }

  async function deleteBoth(onShared: () => Promise<number>, onLocal: () => Promise<number>): Promise<number> {
    const locally = await onLocal();
    try {
      return await onShared();
    } catch (error) {
      falling = true;
      warn(error);
      throw new SharedCacheUnreachable(`Redis did not answer: deleted ${locally} entries of this process only`, { cause: error });
    }
  }

  return {
    kind: 'redis',
    get: (key) =>
      attempt(
        () => shared.get(key),
        () => local.get(key),
      ),
    set: (entry, lifetimeMs) =>
      attempt(
        () => shared.set(entry, lifetimeMs),
        () => local.set(entry, lifetimeMs),
      ),
    delete: (keys) =>
      deleteBoth(
        () => shared.delete(keys),
        () => local.delete(keys),
      ),
    purgeTags: (tags) =>
      deleteBoth(
        () => shared.purgeTags(tags),
        () => local.purgeTags(tags),
      ),
    clear: () =>
      deleteBoth(
        () => shared.clear(),
        () => local.clear(),
      ),
    list: (limit) =>
      attempt(
        () => shared.list(limit),
        () => local.list(limit),
      ),
    measure: () =>
      attempt(
        () => shared.measure(),
        () => local.measure(),
      ),
  };
}
