import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEdgePurger } from '@reelkeep/platform/edge/edge-purger';
import { createLogger } from '@reelkeep/platform/logger';
import { createPageCache, fingerprintLocales, type Rendition } from './page-cache.ts';
import { toKeyTag } from './page-cache-tags.ts';
import type { PageCacheEntry } from './page-cache-store.ts';

const TTL_S = 60;
const STALE_S = 30;
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');

/** A cache on a clock the test moves. */
async function openCache(options: { maxBytes?: number; edgeUrls?: string[] } = {}) {
  const clock = { now: 1_700_000_000_000 };
  /** What the edges were sent: method and `xkey-purge`. */
  const purges: string[] = [];
  const edge = createEdgePurger({
    urls: options.edgeUrls ?? [],
    logger: createLogger('error'),
    fetch: async (_url, init) => {
      purges.push(`${init?.method} ${new Headers(init?.headers).get('xkey-purge') ?? ''}`.trim());
      return new Response('ok');
    },
  });
  const cache = await createPageCache({
    ttlS: TTL_S,
    staleS: STALE_S,
    maxBytes: options.maxBytes ?? 1_000_000,
    localesDir: LOCALES_DIR,
    logger: createLogger('error'),
    now: () => clock.now,
    edge,
    sleep: async () => undefined,
  });
  return { cache, clock, purges };
}

/** A render that counts its calls, takes `delayMs`, and gives a storable entry unless told otherwise. */
function createRender(clock: { now: number }, options: { delayMs?: number; tags?: string[]; storable?: boolean } = {}) {
  const calls = { count: 0 };
  const render = async (key: string): Promise<Rendition<string>> => {
    calls.count += 1;
    const version = calls.count;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const body = `<p>render ${version}</p>`;
    const entry: PageCacheEntry = {
      key,
      kind: 'document',
      body,
      etag: `"${version}"`,
      nonce: `n${version}`,
      tags: options.tags ?? ['locales', 'shell@s1'],
      storedAt: clock.now,
    };
    return { entry: options.storable === false ? null : entry, answer: body };
  };
  return { calls, render };
}

const alwaysLive = () => true;

describe('page cache', () => {
  it('renders a key once for many simultaneous requests; the others get that render', async () => {
    const { cache, clock } = await openCache();
    const { calls, render } = createRender(clock, { delayMs: 30 });
    const served = await Promise.all(Array.from({ length: 8 }, () => cache.serve('k', { isLive: alwaysLive, render: () => render('k') })));
    expect(calls.count).toBe(1);
    expect(served.map((answer) => answer.status).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
    expect(new Set(served.map((answer) => answer.entry?.body))).toEqual(new Set(['<p>render 1</p>']));
    expect(await cache.readStats()).toMatchObject({ hits: 7, misses: 1, entries: 1 });
  });

  it('keeps no answer a render may not keep (not a 200, private): each request renders, and nothing is served from it', async () => {
    const { cache, clock } = await openCache();
    const { calls, render } = createRender(clock, { delayMs: 10, storable: false });
    const served = await Promise.all(Array.from({ length: 3 }, () => cache.serve('k', { isLive: alwaysLive, render: () => render('k') })));
    expect(served.map((answer) => answer.status)).toEqual(['MISS', 'MISS', 'MISS']);
    expect(served.map((answer) => answer.entry)).toEqual([null, null, null]);
    expect(calls.count).toBe(3);
    expect((await cache.readStats()).entries).toBe(0);
  });

  it('serves a stale entry while one background render replaces it, and renders again once it is too old', async () => {
    const { cache, clock } = await openCache();
    const { calls, render } = createRender(clock, { delayMs: 20 });
    const serve = () => cache.serve('k', { isLive: alwaysLive, render: () => render('k') });
    expect((await serve()).status).toBe('MISS');
    clock.now += (TTL_S - 1) * 1000;
    expect(await serve()).toMatchObject({ status: 'HIT', entry: { body: '<p>render 1</p>' } });

    clock.now += 2000;
    const stale = await Promise.all([serve(), serve(), serve()]);
    expect(stale.map((answer) => answer.status)).toEqual(['STALE', 'STALE', 'STALE']);
    expect(stale[0]!.entry?.body).toBe('<p>render 1</p>');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls.count).toBe(2);
    expect(await serve()).toMatchObject({ status: 'HIT', entry: { body: '<p>render 2</p>' } });

    clock.now += (TTL_S + STALE_S) * 1000;
    expect(await serve()).toMatchObject({ status: 'MISS', entry: { body: '<p>render 3</p>' } });
    expect(await cache.readStats()).toMatchObject({ hits: 2, stale: 3, misses: 2 });
  });

  it('never serves or keeps an entry that names a version no longer live', async () => {
    const { cache, clock } = await openCache();
    let live = 'c1';
    const isLive = (entry: PageCacheEntry) => entry.tags.includes(`mf-campaign@${live}`);
    const { render } = createRender(clock, { tags: ['locales', 'mf-campaign@c1'] });
    expect((await cache.serve('k', { isLive, render: () => render('k') })).status).toBe('MISS');
    expect((await cache.serve('k', { isLive, render: () => render('k') })).status).toBe('HIT');
    live = 'c0';
    const after = await cache.serve('k', { isLive, render: () => render('k') });
    // The render still named the old version (it overlapped the switch): it is sent, not kept.
    expect(after).toMatchObject({ status: 'MISS', entry: null, answer: '<p>render 2</p>' });
  });

  it('drops the entries of the versions a switch took away, and only those', async () => {
    const { cache, clock } = await openCache();
    await cache.serve('campaign', {
      isLive: alwaysLive,
      render: () => createRender(clock, { tags: ['locales', 'mf-campaign@c1', 'shell@s1'] }).render('campaign'),
    });
    await cache.serve('landing', {
      isLive: alwaysLive,
      render: () => createRender(clock, { tags: ['locales', 'mf-landing@l1', 'shell@s1'] }).render('landing'),
    });
    await cache.forgetReleases([
      { app: 'mf-campaign', from: 'c1', to: 'c2' },
      { app: 'mf-account', to: 'a1' },
    ]);
    expect((await cache.list(10)).map((entry) => entry.key)).toEqual(['landing']);
    await cache.forgetReleases([{ app: 'shell', from: 's1', to: 's2' }]);
    expect(await cache.list(10)).toEqual([]);
  });

  it('passes a failed render on to its request, and lets the next request render again', async () => {
    const { cache, clock } = await openCache();
    const failing = cache.serve('k', { isLive: alwaysLive, render: () => Promise.reject(new Error('remote down')) });
    await expect(failing).rejects.toThrow('remote down');
    const { render } = createRender(clock);
    expect((await cache.serve('k', { isLive: alwaysLive, render: () => render('k') })).status).toBe('MISS');
  });

  it('is off with no bytes: nothing is kept', async () => {
    const { cache, clock } = await openCache({ maxBytes: 0 });
    const { calls, render } = createRender(clock);
    expect(cache.enabled).toBe(false);
    await cache.serve('k', { isLive: alwaysLive, render: () => render('k') });
    await cache.serve('k', { isLive: alwaysLive, render: () => render('k') });
    expect(calls.count).toBe(2);
    expect(await cache.readStats()).toMatchObject({ store: 'off', entries: 0 });
  });
});

describe('fingerprintLocales', () => {
  it('changes when a translation changes, and reads only locale folders', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'locales-'));
    await mkdir(path.join(dir, 'fr'));
    await mkdir(path.join(dir, 'node_modules'));
    await writeFile(path.join(dir, 'fr', 'common.json'), '{"a":"b"}');
    const before = await fingerprintLocales(dir);
    await writeFile(path.join(dir, 'node_modules', 'x.json'), '{}');
    expect(await fingerprintLocales(dir)).toBe(before);
    await writeFile(path.join(dir, 'fr', 'common.json'), '{"a":"c"}');
    expect(await fingerprintLocales(dir)).not.toBe(before);
  });
});

describe('page cache with edges in front (docs/operations.md "Varnish in front")', () => {
  it('purges the versions a switch took away on the edges, twice (a render overlapping the switch is gone too)', async () => {
    const { cache, purges } = await openCache({ edgeUrls: ['http://edge.test/'] });
    await cache.forgetReleases([
      { app: 'mf-blog', from: '1', to: '2' },
      { app: 'mf-landing', to: '1' },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(purges).toEqual(['PURGE mf-blog@1', 'PURGE mf-blog@1']);
  });

  it('sends every deletion to the edges: keys as their key tags, tags as they are, a reset as a ban', async () => {
    const { cache, purges } = await openCache({ edgeUrls: ['http://edge.test/'] });
    await cache.deleteKeys(['GET /store a', 'GET /fr/store b']);
    await cache.purgeTags(['campaigns']);
    await cache.clear();
    await cache.announceLocales();
    expect(purges).toEqual([`PURGE ${toKeyTag('GET /store a')} ${toKeyTag('GET /fr/store b')}`, 'PURGE campaigns', 'BAN', 'PURGE locales']);
    expect((await cache.readStats()).edges).toBe(1);
  });

  it('sends nothing without edges', async () => {
    const { cache, purges } = await openCache();
    await cache.forgetReleases([{ app: 'mf-blog', from: '1', to: '2' }]);
    await cache.clear();
    await cache.announceLocales();
    expect(purges).toEqual([]);
  });
});
