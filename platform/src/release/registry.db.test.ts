import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import {
  applyPromotion,
  applyRollback,
  createCachedRegistryStore,
  createDatabaseRegistryStore,
  createFileRegistryStore,
  HISTORY_PER_APP,
  ROLLBACK_DEPTH,
  type RegistryStore,
} from './registry.ts';
import { readServiceUrl } from '../testing/external-services.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../db/migrations.ts';
import { createRedisClient } from '../redis.ts';
import { createLogger } from '../logger.ts';

const AT = new Date('2026-11-21T10:00:00Z');

describe('promotion and rollback', () => {
  it('promotes, remembers the previous version, and rolls back step by step', () => {
    let state = applyPromotion({ revision: 0, apps: {}, history: [] }, 'mf-blog', '1.0.0-a', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', '1.0.0-b', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', '1.0.0-c', 'ci', AT);
    expect(state.apps['mf-blog']).toEqual({ live: '1.0.0-c', previous: ['1.0.0-a', '1.0.0-b'] });
    state = applyRollback(state, 'mf-blog', 'ops', AT);
    expect(state.apps['mf-blog']?.live).toBe('1.0.0-b');
    state = applyRollback(state, 'mf-blog', 'ops', AT);
    expect(state.apps['mf-blog']?.live).toBe('1.0.0-a');
    expect(() => applyRollback(state, 'mf-blog', 'ops', AT)).toThrow('no earlier version');
    expect(state.revision).toBe(5);
    expect(state.history.map((event) => `${event.action}:${event.from}->${event.to}`)).toEqual([
      'promote:null->1.0.0-a',
      'promote:1.0.0-a->1.0.0-b',
      'promote:1.0.0-b->1.0.0-c',
      'rollback:1.0.0-c->1.0.0-b',
      'rollback:1.0.0-b->1.0.0-a',
    ]);
  });

  it('does not stack a re-promotion of the live version', () => {
    let state = applyPromotion({ revision: 0, apps: {}, history: [] }, 'shell', '1', 'ci', AT);
    state = applyPromotion(state, 'shell', '1', 'ci', AT);
    expect(state.apps.shell).toEqual({ live: '1', previous: [] });
  });

  it('keeps the last switches of each app and a bounded rollback stack, so old versions stop being pinnable', () => {
    let state = applyPromotion({ revision: 0, apps: {}, history: [] }, 'mf-blog', 'blog-1', 'ci', AT);
    for (let version = 0; version < HISTORY_PER_APP + 5; version += 1) state = applyPromotion(state, 'mf-landing', `v${version}`, 'ci', AT);
    state = applyRollback(state, 'mf-landing', 'ops', AT);
    const landingEvents = state.history.filter((event) => event.app === 'mf-landing');
    expect(landingEvents).toHaveLength(HISTORY_PER_APP);
    expect(landingEvents.at(-1)).toMatchObject({ action: 'rollback', to: `v${HISTORY_PER_APP + 3}` });
    expect(state.history.filter((event) => event.app === 'mf-blog')).toHaveLength(1);
    expect(state.history.some((event) => event.to === 'v0' || event.from === 'v0')).toBe(false);
    expect(state.apps['mf-landing']?.previous).toHaveLength(ROLLBACK_DEPTH - 1);
    expect(state.apps['mf-landing']?.previous.at(-1)).toBe(`v${HISTORY_PER_APP + 2}`);
  });

  it('leaves other apps alone', () => {
    let state = applyPromotion({ revision: 0, apps: {}, history: [] }, 'mf-landing', '1', 'ci', AT);
    state = applyPromotion(state, 'mf-blog', '2', 'ci', AT);
    state = applyRollback(applyPromotion(state, 'mf-blog', '3', 'ci', AT), 'mf-blog', 'ops', AT);
    expect(state.apps['mf-landing']?.live).toBe('1');
  });
});

async function exerciseStore(store: RegistryStore): Promise<void> {
  expect(await store.read()).toEqual({ revision: 0, apps: {}, history: [] });
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

async function openRegistryDatabase(url: string | undefined): Promise<Database> {
  const db = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await db.query('DELETE FROM platform.release_registry');
  return db;
}

const databaseUrl = readServiceUrl('TEST_DATABASE_URL');

describe.each([['PGlite', undefined], ...(databaseUrl ? [['PostgreSQL', databaseUrl] as const] : [])])('database registry on %s', (_kind, url) => {
  let db: Database;
  afterAll(async () => db?.close());

  it('keeps every switch of concurrent writers under its lock', async () => {
    db = await openRegistryDatabase(url);
    await exerciseStore(createDatabaseRegistryStore(db));
    const [first, second] = [createDatabaseRegistryStore(db), createDatabaseRegistryStore(db)];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).update((state) => applyPromotion(state, 'mf-campaign', `v${i}`, 'x', AT))),
    );
    const state = await first.read();
    expect(state.history.filter((event) => event.app === 'mf-campaign')).toHaveLength(10);
    expect(state.revision).toBe(12);
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

describe('registry with Redis down', () => {
  it('reads and switches through the durable store alone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const durable = createFileRegistryStore(path.join(dir, 'registry.json'));
    const redis = createRedisClient(`redis://127.0.0.1:${await findClosedPort()}`);
    const store = createCachedRegistryStore(durable, redis, createLogger('error'));
    await store.update((state) => applyPromotion(state, 'shell', 'v1', 'ci', AT));
    expect((await store.read()).apps.shell?.live).toBe('v1');
    redis.disconnect();
  });
});

const redisUrl = readServiceUrl('TEST_REDIS_URL');

(redisUrl ? describe : describe.skip)('registry with Redis in front (several shell instances)', () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });
  const connect = async (): Promise<Redis> => {
    const url = new URL(redisUrl!);
    url.pathname = '/9';
    const client = createRedisClient(url.href);
    clients.push(client);
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
    return client;
  };

  it('keeps the same state for two instances and survives concurrent updates', async () => {
    const redis = await connect();
    await redis.flushdb();
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const first = createCachedRegistryStore(createFileRegistryStore(path.join(dir, 'registry.json')), redis);
    const second = createCachedRegistryStore(createFileRegistryStore(path.join(dir, 'registry.json')), await connect());
    await exerciseStore(first);
    await Promise.all(Array.from({ length: 10 }, (_, i) => second.update((state) => applyPromotion(state, 'mf-campaign', `v${i}`, 'x', AT))));
    const seenByFirst = await first.read();
    expect(seenByFirst.history.filter((event) => event.app === 'mf-campaign')).toHaveLength(10);
  });

  it('restores a flushed, corrupted or older copy from the durable store and never serves it', async () => {
    const redis = await connect();
    await redis.flushdb();
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const lines: string[] = [];
    const store = createCachedRegistryStore(
      createFileRegistryStore(path.join(dir, 'registry.json')),
      redis,
      createLogger('warn', (line) => lines.push(line)),
    );
    await store.update((state) => applyPromotion(state, 'shell', 'v1', 'ci', AT));
    const older = await redis.get('reelkeep:registry');
    await store.update((state) => applyPromotion(state, 'shell', 'v2', 'ci', AT));

    await redis.flushdb();
    expect((await store.read()).apps.shell?.live).toBe('v2');
    expect(JSON.parse((await redis.get('reelkeep:registry'))!).apps.shell.live).toBe('v2');

    await redis.set('reelkeep:registry', '{"apps":');
    expect((await store.read()).apps.shell?.live).toBe('v2');

    await redis.set('reelkeep:registry', older!);
    expect((await store.read()).apps.shell?.live).toBe('v2');
    expect(JSON.parse((await redis.get('reelkeep:registry'))!).revision).toBe(2);
    expect(lines.some((line) => line.includes('differs from the durable store'))).toBe(true);
  });

  it('reads the durable store again when a switch lands between its two reads, instead of writing the older state over it', async () => {
    const redis = await connect();
    await redis.flushdb();
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const durable = createFileRegistryStore(path.join(dir, 'registry.json'));
    const lines: string[] = [];
    const other = createCachedRegistryStore(durable, await connect());
    await other.update((state) => applyPromotion(state, 'shell', 'v1', 'ci', AT));
    // This instance reads the durable store, then another one switches before this one reads the copy.
    let switchAfterRead = true;
    const racing: typeof durable = {
      ...durable,
      read: async () => {
        const state = await durable.read();
        if (switchAfterRead) {
          switchAfterRead = false;
          await other.update((current) => applyPromotion(current, 'shell', 'v2', 'ci', AT));
        }
        return state;
      },
    };
    const store = createCachedRegistryStore(
      racing,
      redis,
      createLogger('warn', (line) => lines.push(line)),
    );
    const read = await store.read();
    expect(read.apps.shell?.live).toBe('v2');
    expect(JSON.parse((await redis.get('reelkeep:registry'))!)).toMatchObject({ revision: 2, apps: { shell: { live: 'v2' } } });
    expect(lines).toEqual([]);
  });

  it('never adopts a registry kept only in Redis, and leaves it there for the operator', async () => {
    const redis = await connect();
    await redis.flushdb();
    const legacy = applyPromotion({ revision: 0, apps: {}, history: [] }, 'shell', 'legacy', 'ci', AT);
    await redis.set('reelkeep:registry', JSON.stringify(legacy));
    const dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
    const durable = createFileRegistryStore(path.join(dir, 'registry.json'));
    const store = createCachedRegistryStore(durable, redis);
    expect((await store.read()).apps).toEqual({});
    expect((await durable.read()).apps).toEqual({});
    expect(JSON.parse((await redis.get('reelkeep:registry'))!).apps.shell.live).toBe('legacy');
  });
});

(redisUrl ? describe.each : describe.skip.each)([['PGlite', undefined], ...(databaseUrl ? [['PostgreSQL', databaseUrl] as const] : [])])(
  'registry forged in Redis, durable copy on %s',
  (_kind, url) => {
    let db: Database;
    let redis: Redis;
    afterAll(async () => {
      redis?.disconnect();
      await db?.close();
    });

    it('serves the durable state whatever Redis claims, writes it back, and warns once', async () => {
      db = await openRegistryDatabase(url);
      const redisAddress = new URL(redisUrl!);
      redisAddress.pathname = '/10';
      redis = createRedisClient(redisAddress.href);
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
      await redis.flushdb();
      const lines: string[] = [];
      const store = createCachedRegistryStore(
        createDatabaseRegistryStore(db),
        redis,
        createLogger('warn', (line) => lines.push(line)),
      );
      const promoted = await store.update((state) => applyPromotion(state, 'mf-blog', 'verified', 'ci', AT));
      expect(promoted.revision).toBe(1);

      // A refused build named by a copy with a higher revision, then by one with the durable revision.
      for (const revision of [99, 1]) {
        const forged = { ...applyPromotion(promoted, 'mf-blog', 'refused', 'intruder', AT), revision };
        await redis.set('reelkeep:registry', JSON.stringify(forged));
        for (let poll = 0; poll < 5; poll += 1) {
          const read = await store.read();
          expect(read.apps['mf-blog']?.live).toBe('verified');
          expect(read.revision).toBe(1);
        }
        expect(JSON.parse((await redis.get('reelkeep:registry'))!)).toMatchObject({ revision: 1, apps: { 'mf-blog': { live: 'verified' } } });
      }
      // A real switch afterwards is seen at once, and the polls that follow log nothing more.
      await store.update((state) => applyPromotion(state, 'mf-blog', 'next', 'ci', AT));
      for (let poll = 0; poll < 5; poll += 1) expect((await store.read()).apps['mf-blog']?.live).toBe('next');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('differs from the durable store');
    });
  },
);
