import { createReleaseHealth } from '@reelkeep/platform/release-health';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp } from 'node:fs/promises';
import { get, type Server } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClientAddressReader } from '@reelkeep/platform/client-address';
import { loadConfig } from '@reelkeep/platform/config';
import { createLogger } from '@reelkeep/platform/logger';
import { createLocaleStore } from '@reelkeep/platform/locale-store';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import { createConsoleGuard } from '@reelkeep/platform/console-guard';
import { createKeyOnlyDatabase } from '@reelkeep/platform/testing/api-keys';
import type { Gateway } from '@reelkeep/platform/gateway';
import { pagePayloadSchema } from '@reelkeep/shared-contracts';
import * as z from 'zod/mini';
import { createSiteServer } from './app.ts';
import { createStandInBundle, writeStandInShell, type StandInCalls } from './testing/stand-in-shell.ts';
import { createPageCache } from './page-cache/page-cache.ts';
import { toPathTag } from './page-cache/page-cache-tags.ts';
import { createPageRenderer } from './pages/page-render.ts';
import { listLiveVersions, type ReleaseSnapshot } from './releases/release-snapshot.ts';
import type { Host } from './host.ts';

/*
 * The request pipeline with the page cache, over a stand-in shell release (`createStandInBundle`) whose render
 * bundle writes into the page what it was given (URL, cookies the loaders see, price variant, user, nonce): what a
 * visitor gets from the cache must be what a render for that visitor would give.
 */

const ADMIN_TOKEN = `rk_${'a'.repeat(40)}`;
const ALICE_COOKIE = 'rk.session_token=alice';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)';

let server: Server;
let site: ReturnType<typeof createSiteServer>;
let base = '';
let snapshot: ReleaseSnapshot;
let calls: StandInCalls;
/** The paths the stand-in account API was asked about, by session look-up. */
const sessionLookups: string[] = [];

/** Another site server over the same host and renderer, with its own settings (time-outs). */
let createSite: (settings: Record<string, string>) => ReturnType<typeof createSiteServer>;

/** The stand-in squads' APIs: who a cookie belongs to, and a captcha answer meant for one use only. */
const fetchApi = async (apiPath: string, init?: RequestInit): Promise<Response> => {
  if (apiPath === '/api/account/session') {
    sessionLookups.push(new Headers(init?.headers).get('cookie') ?? '');
    const signedIn = new Headers(init?.headers).get('cookie')?.includes(ALICE_COOKIE) ?? false;
    return Response.json(
      signedIn
        ? { signedIn: true, user: { id: 'u1', email: 'alice@example.com', name: 'Alice', hasPassword: true } }
        : { signedIn: false, user: null },
    );
  }
  if (apiPath.startsWith('/api/captcha')) return Response.json({ a: 1, b: 2, token: 'single-use' }, { headers: { 'cache-control': 'no-store' } });
  return new Response(null, { status: 404 });
};

beforeAll(async () => {
  const shellDir = await mkdtemp(path.join(tmpdir(), 'shell-release-'));
  const standIn = createStandInBundle();
  await writeStandInShell(shellDir, standIn.bundle);
  calls = standIn.calls;

  const config = loadConfig({ SITE_URL: 'http://site.test', AB_PLAN_PRICE_OPEN: 'true', PAGE_CACHE_TTL_S: '300' });
  const logger = createLogger('error');
  const remote = (name: 'mf-landing' | 'mf-campaign' | 'mf-account', version: string) => ({
    name,
    version,
    entry: `/static/${name}/${version}/remoteEntry.js`,
    serverEntry: '',
    styles: [],
    scripts: [],
  });
  snapshot = {
    shell: { version: 's1', dir: shellDir },
    remotes: [remote('mf-landing', 'l1'), remote('mf-campaign', 'c1'), remote('mf-account', 'a1')],
    state: { revision: 1, apps: {}, history: [] },
    apis: new Map(),
    gateway: { fetchApi, handle: async () => false } as unknown as Gateway,
    browserOrigins: { script: [], frame: [], connect: [], style: [], payment: [] },
    dirs: {},
    cohort: '-',
  };
  const pageCache = await createPageCache({ ttlS: 300, staleS: 60, maxBytes: 1_000_000, localesDir: config.LOCALES_DIR, logger });
  const consoleGuard = createConsoleGuard({
    db: createKeyOnlyDatabase(ADMIN_TOKEN),
    siteUrl: config.SITE_URL,
    failures: createRateLimiter({ name: 'admin', limit: 10, windowMs: 60_000 }),
  });
  const host = {
    logger,
    releases: { current: () => snapshot, pinned: async () => snapshot, canaries: () => [], forCohort: async () => snapshot },
    locales: createLocaleStore(config.LOCALES_DIR),
    mailer: { listOutbox: async () => [] },
    consoleGuard,
    pageCache,
    readClientAddress: createClientAddressReader([]),
    createRateLimiter: (name: string, limit: number, windowMs: number) => createRateLimiter({ name, limit, windowMs }),
    releaseHealth: createReleaseHealth(),
  } as unknown as Host;
  const pages = createPageRenderer({
    config,
    logger,
    locales: host.locales,
    reportError: () => undefined,
    cache: pageCache,
    readClientAddress: createClientAddressReader([]),
    liveVersions: () => listLiveVersions(snapshot),
  });
  site = createSiteServer({ config, host, pages });
  createSite = (settings) =>
    createSiteServer({ config: loadConfig({ SITE_URL: 'http://site.test', PAGE_CACHE_TTL_S: '300', ...settings }), host, pages });
  server = site.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A visitor with the price variant cookie (a returning visitor: nothing to assign, so the page may come from the cache). */
const visit = (pagePath: string, headers: Record<string, string> = {}) =>
  fetch(base + pagePath, { redirect: 'manual', headers: { cookie: 'abPlanPrice=price_a', 'user-agent': WINDOWS, ...headers } });
const read = async (response: Response) => {
  const html = await response.text();
  const field = (id: string) => new RegExp(`<p id="${id}">([^<]*)</p>`).exec(html)?.[1];
  return {
    html,
    field,
    nonceInHtml: /nonce="([^"]+)"/.exec(html)?.[1],
    nonceInCsp: /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1],
  };
};
let unique = 0;
/** A path no other test visited (a query the pages ignore keeps entries apart). */
const fresh = (pagePath: string) => `${pagePath}${pagePath.includes('?') ? '&' : '?'}t=${(unique += 1)}`;

describe('pages through the cache', () => {
  it('renders a page once; later visitors get the same bytes, with the nonce those bytes carry in their CSP', async () => {
    const pagePath = fresh('/fr/store');
    const before = calls.documents.length;
    const first = await visit(pagePath);
    const second = await visit(pagePath);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(calls.documents.length - before).toBe(1);
    const [a, b] = await Promise.all([read(first), read(second)]);
    expect(b.html).toBe(a.html);
    expect(b.nonceInCsp).toBe(b.nonceInHtml);
    expect(a.nonceInCsp).toBe(a.nonceInHtml);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie, User-Agent');
    const [releaseTags, keyTag] = [
      second.headers.get('surrogate-key')?.split(' ').slice(0, -1),
      second.headers.get('surrogate-key')?.split(' ').at(-1),
    ];
    expect(releaseTags).toEqual([
      'locales',
      'mf-account@a1',
      'mf-campaign@c1',
      'mf-landing@l1',
      toPathTag(new URL(pagePath, 'http://site.test').pathname),
      'shell@s1',
    ]);
    // docs/operations.md "Varnish in front": the entry's key as a tag, and the variant the edge must have keyed the request by.
    expect(keyTag).toMatch(/^key:[0-9a-f]{24}$/);
    expect(second.headers.get('x-page-variant')).toBe('os=win64;banner=open;abPlanPrice=price_a;resourceBannerAB=-;sidebarAB=-');
  });

  it('sends a hit in the encoding each client accepts, the same page in every one, again and again', async () => {
    const pagePath = fresh('/fr/store');
    const original = await read(await visit(pagePath, { 'accept-encoding': 'identity' }));
    /** The raw bytes of a hit, without fetch's own decompression. */
    const fetchRaw = (acceptEncoding: string, target = pagePath) =>
      new Promise<{ encoding: string | undefined; cache: string | undefined; body: Buffer }>((resolve, reject) => {
        const request = get(
          base + target,
          { headers: { cookie: 'abPlanPrice=price_a', 'user-agent': WINDOWS, 'accept-encoding': acceptEncoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ encoding: response.headers['content-encoding'], cache: String(response.headers['x-cache']), body: Buffer.concat(chunks) }),
            );
          },
        );
        request.on('error', reject);
      });
    for (let round = 0; round < 2; round += 1) {
      const [identity, gzip, brotli] = [await fetchRaw('identity'), await fetchRaw('gzip'), await fetchRaw('gzip, deflate, br')];
      expect([identity.cache, gzip.cache, brotli.cache]).toEqual(['HIT', 'HIT', 'HIT']);
      expect([identity.encoding, gzip.encoding, brotli.encoding]).toEqual([undefined, 'gzip', 'br']);
      expect(identity.body.toString('utf8')).toBe(original.html);
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(original.html);
      expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(original.html);
      // q-values count (RFC 9110 §12.5.3): a coding at q=0 is never sent, on a hit as on a render.
      expect((await fetchRaw('br;q=0, gzip')).encoding).toBe('gzip');
      expect((await fetchRaw('gzip;q=0, br;q=0')).encoding).toBeUndefined();
    }
    const rendered = await fetchRaw('br;q=0, gzip', fresh('/fr/store'));
    expect([rendered.cache, rendered.encoding]).toEqual(['MISS', 'gzip']);
    expect(gunzipSync(rendered.body).toString('utf8')).toContain('<html');
  });

  it('answers 304 to a browser that has the entry', async () => {
    const pagePath = fresh('/de/netflix-downloader');
    const etag = (await visit(pagePath)).headers.get('etag')!;
    const again = await visit(pagePath, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(await again.text()).toBe('');
  });

  it('renders without tracking parameters, so every campaign link shares one entry', async () => {
    const pagePath = fresh('/fr/store');
    const first = await read(await visit(`${pagePath}&utm_source=news&gclid=abc`));
    const second = await visit(`${pagePath}&fbclid=x&source=footer&medium=mail`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(first.field('url')).toBe(`/fr/store${pagePath.slice('/fr/store'.length)}`);
  });

  it("lets the render see only the visitor's price variant of their cookies", async () => {
    const page = await read(await visit(fresh('/fr/store'), { cookie: 'abPlanPrice=price_b; rk_consent=denied; elk_user_email=bob%40example.com' }));
    expect(page.field('cookie')).toBe('abPlanPrice=price_b');
    expect(page.html).not.toContain('bob');
  });

  it('never serves one visitor the page of another price variant, OS or login state', async () => {
    const pagePath = fresh('/store');
    const a = await read(await visit(pagePath, { cookie: 'abPlanPrice=price_a' }));
    const b = await visit(pagePath, { cookie: 'abPlanPrice=price_b' });
    expect(b.headers.get('x-cache')).toBe('MISS');
    expect((await read(b)).field('price')).toBe('price_b');
    const mac = await visit(pagePath, { 'user-agent': MAC });
    expect(mac.headers.get('x-cache')).toBe('MISS');
    expect((await read(mac)).field('os')).toBe('mac');

    const alice = await visit(pagePath, { cookie: `abPlanPrice=price_a; ${ALICE_COOKIE}` });
    expect(alice.headers.get('x-cache')).toBe('BYPASS');
    expect(alice.headers.get('cache-control')).toBe('private, no-store');
    expect((await read(alice)).field('user')).toBe('alice@example.com');
    const after = await visit(pagePath, { cookie: 'abPlanPrice=price_a' });
    expect(after.headers.get('x-cache')).toBe('HIT');
    const anonymous = await read(after);
    expect(anonymous.html).toBe(a.html);
    expect(anonymous.html).not.toContain('alice');
  });

  it.each([
    ['a route marked uncached', '/fr/login', {}],
    ['a first visit, which is assigned a price variant (a cookie)', '/fr/store', { cookie: '' }],
    ['a language switch, which sets the language cookie', '/fr/store?source=lang_switch', {}],
  ])('bypasses %s', async (_case, pagePath, headers) => {
    const before = calls.documents.length;
    const first = await visit(pagePath, headers);
    const second = await visit(pagePath, headers);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['BYPASS', 'BYPASS']);
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(calls.documents.length - before).toBe(2);
  });

  it("bypasses a URL rule's redirect and a path no route renders", async () => {
    const redirect = await visit('/old');
    expect([redirect.status, redirect.headers.get('x-cache')]).toEqual([301, 'BYPASS']);
    const missing = await visit('/no-such-page');
    expect([missing.status, missing.headers.get('x-cache')]).toEqual([404, 'BYPASS']);
  });

  it('keeps no page that is not a 200, nor one that read an answer meant for one use (a captcha)', async () => {
    for (const pagePath of [fresh('/broken'), fresh('/fr/contact')]) {
      const first = await visit(pagePath);
      const second = await visit(pagePath);
      expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'MISS']);
      expect(second.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await visit(fresh('/broken'))).headers.get('retry-after')).toBe('30');
  });

  it('renders a key once while many visitors ask for it at the same moment', async () => {
    const pagePath = fresh('/fr/store?delay=50');
    const before = calls.documents.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => visit(pagePath)));
    expect(calls.documents.length - before).toBe(1);
    expect(answers.map((answer) => answer.headers.get('x-cache')).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
  });

  it('never serves an entry naming a version that is no longer live', async () => {
    const pagePath = fresh('/netflix-downloader');
    expect((await visit(pagePath)).headers.get('x-cache')).toBe('MISS');
    const live = snapshot.remotes;
    snapshot.remotes = live.map((remote) => (remote.name === 'mf-campaign' ? { ...remote, version: 'c0' } : remote));
    try {
      const after = await visit(pagePath);
      expect(after.headers.get('x-cache')).toBe('MISS');
      expect(await after.text()).not.toContain('/static/mf-campaign/c1/');
    } finally {
      snapshot.remotes = live;
    }
  });
});

describe('the request path (docs/architecture.md "Request path")', () => {
  it("answers a URL rule's redirect without asking who the visitor is, session cookie or not", async () => {
    const before = sessionLookups.length;
    const redirect = await visit('/old', { cookie: `abPlanPrice=price_a; ${ALICE_COOKIE}` });
    expect(redirect.status).toBe(301);
    expect(sessionLookups.length - before).toBe(0);
  });

  it('asks the account squad nothing for a visitor without the session cookie, whatever other cookies they send', async () => {
    const before = sessionLookups.length;
    const page = await read(await visit(fresh('/fr/store'), { cookie: 'abPlanPrice=price_a; rk_consent=denied; elk_mac=a1' }));
    expect(page.field('user')).toBe('anonymous');
    expect(sessionLookups.length - before).toBe(0);
  });

  it('reads the session once per request, for the account guard and the render alike', async () => {
    const before = sessionLookups.length;
    const guarded = await visit('/my-account', { cookie: `abPlanPrice=price_a; ${ALICE_COOKIE}` });
    expect(guarded.status).toBe(404);
    expect(sessionLookups.length - before).toBe(1);
    const signedOut = await visit('/my-account');
    expect([signedOut.status, signedOut.headers.get('location')]).toEqual([302, '/login']);
  });

  it("matches a page once, in the shell release's page gate, and hands that match as it is to assignment, the cache and the render", async () => {
    const before = { matched: calls.matched.length, assigned: calls.assigned.length };
    const miss = await visit(fresh('/fr/contact'));
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const dataPath = `/_data${fresh('/de/store')}`;
    expect((await visit(dataPath)).headers.get('x-cache')).toBe('MISS');
    const [documentPage, dataPage] = calls.matched.slice(before.matched);
    expect(calls.matched.length - before.matched).toBe(2);
    expect(calls.assigned.slice(before.assigned)).toEqual([documentPage, dataPage]);
    expect(calls.assigned[before.assigned]).toBe(documentPage);
    expect(calls.documents.at(-1)!.page).toBe(documentPage);
    expect(calls.data.at(-1)!.page).toBe(dataPage);
    // The cache key takes the locale and remote of that match: the German store is kept under mf-campaign's version.
    const listing = await fetch(`${base}/admin/cache/keys?limit=1000`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const key = CACHE_KEYS.parse(await listing.json()).keys.find((entry) => entry.key.startsWith(`GET ${dataPath} `))?.key;
    expect(key).toMatch(/ locale=de;.*,mf-campaign@c1,/);
  });

  it('refuses every admin endpoint with the same answer: status, reason and a Bearer challenge', async () => {
    const answers = await Promise.all(['/admin/releases', '/admin/outbox', '/admin/cache'].map((adminPath) => fetch(base + adminPath)));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toEqual({ error: 'unauthorised' });
    }
    const promote = await fetch(`${base}/admin/releases/promote`, { method: 'POST', body: '{}' });
    expect([promote.status, promote.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });
});

describe('variants and deletion in the in-process cache', () => {
  it('keeps the variants apart: another price variant or OS is not answered with the first one', async () => {
    const pagePath = fresh('/store');
    await visit(pagePath);
    await visit(pagePath);
    expect((await read(await visit(pagePath, { cookie: 'abPlanPrice=price_b' }))).field('price')).toBe('price_b');
    expect((await read(await visit(pagePath, { 'user-agent': MAC }))).field('os')).toBe('mac');
    expect((await read(await visit(pagePath))).field('price')).toBe('price_a');
  });

  it('renders again once the entry is deleted', async () => {
    const pagePath = fresh('/fr/store');
    await visit(pagePath);
    await visit(pagePath);
    const stats = z
      .looseObject({ deleted: z.number() })
      .parse(await (await fetch(`${base}/admin/cache/reset`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json());
    expect(stats.deleted).toBeGreaterThan(0);
    expect((await visit(pagePath)).headers.get('x-cache')).toBe('MISS');
  });
});

/** A step of a slow client: bytes to write, or a pause; `trickle` writes its text a byte at a time, 100 ms apart, for as long as the socket is open. */
type SlowStep = { write: string } | { trickle: string };

describe('connection time-outs (docs/operations.md "Connections")', () => {
  const HEADERS_MS = 1000;
  const REQUEST_MS = 2000;
  let slowSite: ReturnType<typeof createSiteServer>;
  let port = 0;
  beforeAll(async () => {
    slowSite = createSite({ HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS) });
    await new Promise<void>((resolve) => slowSite.server.listen(0, '127.0.0.1', resolve));
    port = (slowSite.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    slowSite.closeAllConnections();
    await new Promise((resolve) => slowSite.server.close(resolve));
  });

  /** Plays `steps` on one connection; resolves when the server closes it (or after 8 s), with what it answered. */
  const play = async (steps: readonly SlowStep[]) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    const deadline = new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 8000).unref());
    void (async () => {
      for (const step of steps) {
        if ('write' in step) socket.write(step.write);
        else
          for (let at = 0; !socket.destroyed; at = (at + 1) % step.trickle.length) {
            socket.write(step.trickle[at]!);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
      }
    })();
    const ms = await Promise.race([closed, deadline]);
    socket.destroy();
    return { ms, status: /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] };
  };

  const HEAD = 'GET /store HTTP/1.1\r\nHost: site.test\r\n';
  it.each<[string, SlowStep[], number, string | undefined]>([
    ['a connection that never sends a byte', [], HEADERS_MS, undefined],
    ['a request line without its end', [{ write: 'GET /store HTT' }], HEADERS_MS, '408'],
    ['a head without its empty line', [{ write: HEAD }], HEADERS_MS, '408'],
    ['a head trickled one byte every 100 ms', [{ write: HEAD }, { trickle: 'X-Slow: abcdefghijklmnopqrstuvwxyz' }], HEADERS_MS, '408'],
    [
      'a head on a kept-alive connection after one answer',
      [{ write: `${HEAD}\r\n${HEAD}` }, { trickle: 'X-Slow: abcdefghijklmnopqrstuvwxyz' }],
      HEADERS_MS,
      '200',
    ],
    [
      'a body trickled one byte every 100 ms',
      [
        { write: 'POST /api/landing/contact HTTP/1.1\r\nHost: site.test\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n' },
        { trickle: 'x' },
      ],
      REQUEST_MS,
      undefined,
    ],
  ])('%s is cut at its time-out', async (_case, steps, limitMs, status) => {
    const { ms, status: answered } = await play(steps);
    expect(ms).toBeGreaterThanOrEqual(limitMs - 100);
    expect(ms).toBeLessThan(limitMs + 2500);
    if (status) expect(answered).toBe(status);
  });
});

describe("client navigations' data through the cache", () => {
  it('serves anonymous visitors from the cache and signed-in visitors never', async () => {
    const dataPath = `/_data${fresh('/fr/store')}`;
    const first = await visit(dataPath);
    const second = await visit(dataPath);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(await second.json()).toEqual(await first.json());
    const alice = await visit(dataPath, { cookie: `abPlanPrice=price_a; ${ALICE_COOKIE}` });
    expect(alice.headers.get('x-cache')).toBe('BYPASS');
    expect(z.object({ payload: pagePayloadSchema }).parse(await alice.json()).payload.head.title).toBe('alice@example.com');
  });
});

/** The page cache's admin answers, as the operator reads them (docs/operations.md "Page cache"). */
const CACHE_KEYS = z.object({ keys: z.array(z.looseObject({ key: z.string(), tags: z.array(z.string()), ageSeconds: z.number() })) });
const CACHE_CLEARED = z.looseObject({ tags: z.array(z.string()), deleted: z.number() });
const CACHE_STATS = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));

describe('admin operations', () => {
  const admin = (operation: string, init: RequestInit = {}, token = ADMIN_TOKEN) =>
    fetch(`${base}/admin/cache${operation}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
  const post = (operation: string, body: unknown) => admin(operation, { method: 'POST', body: JSON.stringify(body) });

  it('are refused without the admin token', async () => {
    expect((await fetch(`${base}/admin/cache`)).status).toBe(401);
    expect((await admin('/reset', { method: 'POST' }, `rk_${'w'.repeat(40)}`)).status).toBe(401);
  });

  it('list keys, delete one, clear by tag or version, reset, and count hits', async () => {
    const pagePath = fresh('/fr/store');
    await visit(pagePath);
    const listed = CACHE_KEYS.parse(await (await admin('/keys?limit=1000')).json());
    const key = listed.keys.find((entry) => entry.key.startsWith(`GET ${pagePath} `))?.key;
    expect(key).toContain('locale=fr;os=win64;session=anonymous;price=price_a;banner=open');

    expect(await (await post('/delete', { keys: [key] })).json()).toEqual({ deleted: 1 });
    expect((await visit(pagePath)).headers.get('x-cache')).toBe('MISS');
    expect(await (await post('/clear', { tag: 'mf-campaign@c1' })).json()).toMatchObject({ tags: ['mf-campaign@c1'] });
    expect((await visit(pagePath)).headers.get('x-cache')).toBe('MISS');
    const byVersion = CACHE_CLEARED.parse(await (await post('/clear', { version: 'c1' })).json());
    expect(byVersion.tags).toContain('mf-campaign@c1');
    expect(byVersion.deleted).toBeGreaterThanOrEqual(1);
    await visit(pagePath);
    expect(CACHE_CLEARED.parse(await (await post('/clear', { tag: 'locales' })).json())).toMatchObject({ deleted: expect.any(Number) });
    await visit(pagePath);
    await visit(pagePath);
    const stats = CACHE_STATS.parse(await (await admin('')).json());
    expect(stats).toMatchObject({ store: 'memory', ttlSeconds: 300, staleSeconds: 60 });
    expect(stats.hits).toBeGreaterThan(0);
    expect(stats.entries).toBeGreaterThan(0);
    expect(await (await post('/reset', {})).json()).toEqual({ deleted: stats.entries });
    expect(await (await admin('')).json()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('refuse a wrong method and bad input', async () => {
    expect((await admin('/reset')).status).toBe(405);
    expect((await post('/clear', { version: 'c1', tag: 'locales' })).status).toBe(400);
    expect((await post('/clear', { tag: 'no spaces' })).status).toBe(400);
    expect((await post('/delete', {})).status).toBe(400);
  });
});
