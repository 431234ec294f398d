import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { createLogger } from '@reelkeep/platform/logger';
import { createRedisClient } from '@reelkeep/platform/redis';
import { readServiceUrl } from '@reelkeep/platform/testing/external-services';
import {
  createMemoryPageStore,
  createRedisPageStore,
  createSharedPageStore,
  SharedCacheUnreachable,
  type PageCacheEntry,
  type PageCacheStore,
} from './page-cache-store.ts';

const LIFETIME_MS = 60_000;

const entry = (key: string, tags: string[], body = `<p>${key}</p>`): PageCacheEntry => ({
  key,
  kind: 'document',
  body,
  etag: `"${key}"`,
  nonce: `nonce-${key}`,
  tags,
  storedAt: 1_700_000_000_000,
});

/** The same behaviour from every store. */
function describeStore(name: string, open: () => Promise<PageCacheStore>) {
  describe(name, () => {
    it('gives back what it keeps, body, ETag and nonce included', async () => {
      const store = await open();
      const kept = entry('GET /fr/store a', ['locales', 'mf-campaign@c1', 'shell@s1'], '<p>été — 夏</p>');
      await store.set(kept, LIFETIME_MS);
      expect(await store.get(kept.key)).toEqual(kept);
      expect(await store.get('GET /fr/store b')).toBeUndefined();
    });

    it('drops exactly the entries of a purged tag', async () => {
      const store = await open();
      await store.set(entry('store', ['locales', 'mf-campaign@c1', 'shell@s1']), LIFETIME_MS);
      await store.set(entry('landing', ['locales', 'mf-landing@l1', 'shell@s1']), LIFETIME_MS);
      await store.set(entry('blog', ['locales', 'mf-blog@b1', 'shell@s1']), LIFETIME_MS);
      expect(await store.purgeTags(['mf-campaign@c1'])).toBe(1);
      expect(await store.get('store')).toBeUndefined();
      expect(await store.get('landing')).toBeDefined();
      expect(await store.purgeTags(['mf-blog@b1', 'mf-landing@l1'])).toBe(2);
      expect(await store.measure()).toEqual({ entries: 0, bytes: 0 });
    });

    it('purges by the tag every entry carries, deletes by key and resets', async () => {
      const store = await open();
      for (const key of ['a', 'b', 'c']) await store.set(entry(key, ['locales', `shell@${key}`]), LIFETIME_MS);
      expect(await store.delete(['a', 'missing'])).toBe(1);
      expect((await store.list(10)).map((summary) => summary.key).sort()).toEqual(['b', 'c']);
      expect(await store.purgeTags(['locales'])).toBe(2);
      await store.set(entry('d', ['shell@d']), LIFETIME_MS);
      expect(await store.clear()).toBe(1);
      expect(await store.get('d')).toBeUndefined();
    });

    it('lists entries without their bodies and measures them', async () => {
      const store = await open();
      await store.set(entry('x', ['locales'], 'é'.repeat(100)), LIFETIME_MS);
      expect(await store.list(10)).toEqual([{ key: 'x', kind: 'document', tags: ['locales'], bytes: 200, storedAt: 1_700_000_000_000 }]);
      expect((await store.measure()).entries).toBe(1);
    });

    it('replaces an entry stored again under its key, with its new tags', async () => {
      const store = await open();
      await store.set(entry('k', ['mf-campaign@c1']), LIFETIME_MS);
      await store.set(entry('k', ['mf-campaign@c2']), LIFETIME_MS);
      expect((await store.get('k'))?.tags).toEqual(['mf-campaign@c2']);
      expect(await store.purgeTags(['mf-campaign@c2'])).toBe(1);
      expect(await store.get('k')).toBeUndefined();
    });
  });
}

describeStore('in-process store', async () => createMemoryPageStore({ maxBytes: 1_000_000, lifetimeMs: LIFETIME_MS }));

describe('in-process store bounds', () => {
  it('is bounded in bytes: the least recently used entries leave first', async () => {
    // Each entry takes 600 bytes of body plus its key, tags and a fixed allowance: three fit in 3,000 bytes.
    const store = createMemoryPageStore({ maxBytes: 3_000, lifetimeMs: LIFETIME_MS });
    for (const key of ['a', 'b', 'c']) await store.set(entry(key, ['locales'], 'x'.repeat(600)), LIFETIME_MS);
    await store.get('a');
    await store.set(entry('d', ['locales'], 'x'.repeat(600)), LIFETIME_MS);
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('b')).toBeUndefined();
    expect(await store.measure()).toEqual({ entries: 3, bytes: 3 * (600 + 1 + 'locales'.length + 256) });
    // The evicted entry left its tag too: purging it counts only what is there.
    expect(await store.purgeTags(['locales'])).toBe(3);
  });

  it('never keeps an entry larger than the whole cache', async () => {
    const store = createMemoryPageStore({ maxBytes: 1_000, lifetimeMs: LIFETIME_MS });
    await store.set(entry('big', [], 'x'.repeat(2_000)), LIFETIME_MS);
    expect(await store.get('big')).toBeUndefined();
  });

  it('forgets entries after their lifetime', async () => {
    const store = createMemoryPageStore({ maxBytes: 10_000, lifetimeMs: 30 });
    await store.set(entry('short', []), 30);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await store.get('short')).toBeUndefined();
  });
});

const redisUrl = readServiceUrl('TEST_REDIS_URL');
const clients = redisUrl ? [createRedisClient(redisUrl), createRedisClient(redisUrl)] : [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});
const ready = () =>
  Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : new Promise((resolve) => client.once('ready', resolve)))));
let prefixes = 0;
const testPrefix = () => `reelkeep-test:page-cache:${process.pid}:${Date.now()}:${(prefixes += 1)}:`;

(redisUrl ? describeStore : describe.skip)('Redis store', async () => {
  await ready();
  return createRedisPageStore(clients[0]!, { maxBytes: 1_000_000, prefix: testPrefix() });
});

(redisUrl ? describe : describe.skip)('Redis store shared by instances', () => {
  it('serves one instance what another stored, and a purge on one reaches both', async () => {
    await ready();
    const prefix = testPrefix();
    const [first, second] = clients.map((client) => createRedisPageStore(client, { maxBytes: 1_000_000, prefix })) as [
      PageCacheStore,
      PageCacheStore,
    ];
    await first.set(entry('shared', ['mf-landing@l1']), LIFETIME_MS);
    expect((await second.get('shared'))?.body).toBe('<p>shared</p>');
    expect(await second.purgeTags(['mf-landing@l1'])).toBe(1);
    expect(await first.get('shared')).toBeUndefined();
  });

  it('holds the bytes of its entries within the budget, dropping the oldest first; deletions give their bytes back', async () => {
    await ready();
    const store = createRedisPageStore(clients[0]!, { maxBytes: 3_000, prefix: testPrefix() });
    const sized = (key: string, at: number) => ({ ...entry(key, ['locales'], 'x'.repeat(1_000)), storedAt: at });
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) await store.set(sized(key, 1_000 + index), LIFETIME_MS);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.measure()).bytes).toBe(3_000);
    expect(await store.delete(['b'])).toBe(1);
    await store.set(sized('e', 2_000), LIFETIME_MS);
    expect((await store.list(10)).map((summary) => summary.key).sort()).toEqual(['c', 'd', 'e']);
    expect(await store.purgeTags(['locales'])).toBe(3);
    await store.set(sized('f', 3_000), LIFETIME_MS);
    await store.set(sized('g', 3_001), LIFETIME_MS);
    await store.set(sized('f', 3_002), LIFETIME_MS);
    expect((await store.list(10)).map((summary) => summary.key).sort()).toEqual(['f', 'g']);
  });

  it('lets entries expire with their lifetime', async () => {
    await ready();
    const store = createRedisPageStore(clients[0]!, { maxBytes: 1_000_000, prefix: testPrefix() });
    await store.set(entry('brief', ['locales']), 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.get('brief')).toBeUndefined();
  });
});

/** A loopback port nothing listens on: connections are refused, as when Redis is down. */
async function findClosedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('shared store while Redis is unreachable', () => {
  it('keeps and serves pages in the process with one warning, and says when a deletion missed Redis', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    const redis = createRedisClient(`redis://127.0.0.1:${await findClosedPort()}`);
    const local = createMemoryPageStore({ maxBytes: 100_000, lifetimeMs: LIFETIME_MS });
    const store = createSharedPageStore({ shared: createRedisPageStore(redis, { maxBytes: 100_000 }), local, logger });
    try {
      await store.set(entry('down', ['mf-blog@b1']), LIFETIME_MS);
      expect((await store.get('down'))?.body).toBe('<p>down</p>');
      expect((await store.measure()).entries).toBe(1);
      await expect(store.purgeTags(['mf-blog@b1'])).rejects.toThrow(SharedCacheUnreachable);
      expect(await local.get('down')).toBeUndefined();
      expect(lines.filter((line) => line.includes('page cache: Redis unreachable'))).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  it("drops the process's copies as soon as Redis answers again", async () => {
    let redisUp = false;
    const shared = createMemoryPageStore({ maxBytes: 100_000, lifetimeMs: LIFETIME_MS });
    const flaky: PageCacheStore = {
      ...shared,
      get: async (key) => {
        if (!redisUp) throw new Error('connection refused');
        return shared.get(key);
      },
      set: async (kept, lifetimeMs) => {
        if (!redisUp) throw new Error('connection refused');
        return shared.set(kept, lifetimeMs);
      },
    };
    const local = createMemoryPageStore({ maxBytes: 100_000, lifetimeMs: LIFETIME_MS });
    const store = createSharedPageStore({ shared: flaky, local, logger: createLogger('error') });
    await store.set(entry('during-outage', []), LIFETIME_MS);
    expect(await local.get('during-outage')).toBeDefined();
    redisUp = true;
    expect(await store.get('during-outage')).toBeUndefined();
    expect(await local.get('during-outage')).toBeUndefined();
  });
});
