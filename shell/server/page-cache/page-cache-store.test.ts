import { describe, expect, it } from '@jest/globals';
import { createMemoryPageStore, type PageCacheEntry, type PageCacheStore } from './page-cache-store.ts';

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
