import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyPromotion, applyRollback, createFileRegistryStore, createRedisRegistryStore, type RegistryStore } from './registry.ts';
import { readServiceUrl } from '../testing/external-services.ts';

const AT = new Date('2026-11-21T10:00:00Z');

describe('promotion and rollback', () => {
  it('promotes, remembers the previous version, and rolls back step by step', () => {
    let state = applyPromotion({ apps: {}, history: [] }, 'mf-blog', '1.0.0-a', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', '1.0.0-b', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', '1.0.0-c', 'ci', AT);
    expect(state.apps['mf-blog']).toEqual({ live: '1.0.0-c', previous: ['1.0.0-a', '1.0.0-b'] });
    state = applyRollback(state, 'mf-blog', 'ops', AT);
    expect(state.apps['mf-blog']?.live).toBe('1.0.0-b');
    state = applyRollback(state, 'mf-blog', 'ops', AT);
    expect(state.apps['mf-blog']?.live).toBe('1.0.0-a');
    expect(() => applyRollback(state, 'mf-blog', 'ops', AT)).toThrow('no earlier version');
    expect(state.history.map((event) => `${event.action}:${event.from}->${event.to}`)).toEqual([
      'promote:null->1.0.0-a',
      'promote:1.0.0-a->1.0.0-b',
      'promote:1.0.0-b->1.0.0-c',
      'rollback:1.0.0-c->1.0.0-b',
      'rollback:1.0.0-b->1.0.0-a',
    ]);
  });

  it('does not stack a re-promotion of the live version', () => {
    let state = applyPromotion({ apps: {}, history: [] }, 'shell', '1', 'ci', AT);
    state = applyPromotion(state, 'shell', '1', 'ci', AT);
    expect(state.apps.shell).toEqual({ live: '1', previous: [] });
  });

  it('leaves other apps alone', () => {
    let state = applyPromotion({ apps: {}, history: [] }, 'mf-landing', '1', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', '2', 'ci', AT);
    state = applyRollback(applyPromotion(state, 'mf-blog', '3', 'ci', AT), 'mf-blog', 'ops', AT);
    expect(state.apps['mf-landing']?.live).toBe('1');
  });
});

async function exerciseStore(store: RegistryStore): Promise<void> {
  expect(await store.read()).toEqual({ apps: {}, history: [] });
  // Concurrent switches of different apps both land.
  await Promise.all([
    store.update((state) => applyPromotion(state, 'mf-landing', 'v1', 'a', AT)),
    store.update((state) => applyPromotion(state, 'mf-blog', 'v7', 'b', AT)),
  ]);
  const state = await store.read();
  expect(state.apps['mf-landing']?.live).toBe('v1');
  expect(state.apps['mf-blog']?.live).toBe('v7');
  expect(state.history).toHaveLength(2);
}

describe('file registry', () => {
  it('keeps every switch when two processes write at once (lock file)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const file = path.join(dir, 'registry.json');
    // Two stores stand for two release commands: each has its own in-process queue.
    const first = createFileRegistryStore(file);
    const second = createFileRegistryStore(file);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).update((state) => applyPromotion(state, `app-${i}`, 'v1', 'ci', AT))),
    );
    expect(Object.keys((await first.read()).apps)).toHaveLength(20);
  });

  it('persists every switch atomically in one JSON file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const store = createFileRegistryStore(path.join(dir, 'registry.json'));
    await exerciseStore(store);
    const onDisk = JSON.parse(await readFile(path.join(dir, 'registry.json'), 'utf8')) as { apps: Record<string, unknown> };
    expect(Object.keys(onDisk.apps).sort()).toEqual(['mf-blog', 'mf-landing']);
  });
});

const redisUrl = readServiceUrl('TEST_REDIS_URL');

(redisUrl ? describe : describe.skip)('Redis registry (shared by several shell instances)', () => {
  const stores: RegistryStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  it('keeps the same state for two instances and survives concurrent updates', async () => {
    const url = new URL(redisUrl!);
    url.pathname = `/${9}`;
    const first = createRedisRegistryStore(url.href);
    const second = createRedisRegistryStore(url.href);
    stores.push(first, second);
    const { Redis } = await import('ioredis');
    const admin = new Redis(url.href);
    await admin.flushdb();
    admin.disconnect();
    await exerciseStore(first);
    await Promise.all(Array.from({ length: 10 }, (_, i) => second.update((state) => applyPromotion(state, 'mf-campaign', `v${i}`, 'x', AT))));
    const seenByFirst = await first.read();
    expect(seenByFirst.history.filter((event) => event.app === 'mf-campaign')).toHaveLength(10);
  });
});
