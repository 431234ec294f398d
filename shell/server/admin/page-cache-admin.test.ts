import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createClientAddressReader } from '@reelkeep/platform/client-address';
import { createEdgePurger } from '@reelkeep/platform/edge/edge-purger';
import { createLogger } from '@reelkeep/platform/logger';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import { createConsoleGuard } from '@reelkeep/platform/console-guard';
import { createKeyOnlyDatabase } from '@reelkeep/platform/testing/api-keys';
import type { ConsoleRole } from '@reelkeep/shared-contracts/console';
import { createPageCache } from '../page-cache/page-cache.ts';
import { createPageCacheAdmin } from './page-cache-admin.ts';
import { toKeyTag } from '../page-cache/page-cache-tags.ts';

const TOKEN = `rk_${'t'.repeat(40)}`;
let server: Server | undefined;
/** What the stand-in edge was sent: method and `xkey-purge`. */
let edgePurges: string[] = [];

/** The admin operations alone, on a port of their own, where TOKEN is a key of `role`, behind the proxies named. */
async function serveAdmin(role: ConsoleRole = 'owner', trustedProxies: string[] = []): Promise<string> {
  const cache = await createPageCache({
    ttlS: 60,
    staleS: 60,
    maxBytes: 100_000,
    localesDir: path.resolve(import.meta.dirname, '../../../locales'),
    logger: createLogger('error'),
    edge: createEdgePurger({
      urls: ['http://edge.test/'],
      logger: createLogger('error'),
      fetch: async (_url, init) => {
        edgePurges.push(`${init?.method} ${new Headers(init?.headers).get('xkey-purge') ?? ''}`.trim());
        return new Response('ok');
      },
    }),
  });
  edgePurges = [];
  const handle = createPageCacheAdmin({
    siteHost: 'site.test',
    cache,
    consoleGuard: createConsoleGuard({
      db: createKeyOnlyDatabase(TOKEN, role),
      siteUrl: 'http://site.test',
      failures: createRateLimiter({ name: 'a', limit: 10, windowMs: 600_000 }),
    }),
    readClientAddress: createClientAddressReader(trustedProxies),
  });
  server = createServer((req, res) => {
    void handle(req, res, new URL(req.url ?? '/', 'http://site.test')).then((handled) => {
      if (!handled) res.writeHead(418).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('page cache admin operations', () => {
  it('need a key whose role reads (cache:read) or purges (cache:purge) the cache: a support key gets 403', async () => {
    const base = await serveAdmin('support');
    for (const [operation, method] of [
      ['', 'GET'],
      ['/keys', 'GET'],
      ['/reset', 'POST'],
      ['/clear', 'POST'],
      ['/delete', 'POST'],
    ] as const)
      expect((await fetch(`${base}/admin/cache${operation}`, { method, headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(403);
    await server!.close();
    const releaseManager = await serveAdmin('release-manager');
    expect((await fetch(`${releaseManager}/admin/cache`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${releaseManager}/admin/cache/reset`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('refuse guessing: 401 for each wrong token, then 429 for the address, the right token included', async () => {
    const base = await serveAdmin();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await fetch(`${base}/admin/cache/reset`, { method: 'POST', headers: { authorization: `Bearer guess-${i}-0123456789` } })).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const right = await fetch(`${base}/admin/cache`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
  });

  const guess = (base: string, attempt: number, forwardedFor: string) =>
    fetch(`${base}/admin/cache/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer guess-${attempt}-0123456789`, 'x-forwarded-for': forwardedFor },
    });

  it('behind a trusted proxy, lock out the guessing client only, not every client of the proxy', async () => {
    const base = await serveAdmin('owner', ['127.0.0.1']);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await guess(base, i, '198.51.100.1')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const other = await fetch(`${base}/admin/cache`, { headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.2' } });
    expect(other.status).toBe(200);
  });

  it('count a client that forges X-Forwarded-For without being a trusted proxy under its real address', async () => {
    const base = await serveAdmin();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await guess(base, i, `198.51.100.${i + 1}`)).status);
    expect(statuses[10]).toBe(429);
  });

  it('answer HEAD like GET, without a body, and leave other paths alone', async () => {
    const base = await serveAdmin();
    const head = await fetch(`${base}/admin/cache/keys`, { method: 'HEAD', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/admin/cacheless`)).status).toBe(418);
  });
});

describe('the spec\'s page-cache operations (docs/operations.md "Page cache")', () => {
  const PAGE = '<!doctype html><html><body><p>set by an operator</p></body></html>';
  const KEY = 'GET /store locale=en;os=win64;session=anonymous;price=none;banner=open shell@1,mf-landing@1,locales@x';
  const call = (base: string, pathAndQuery: string, init: { method?: string; body?: string; type?: string } = {}) =>
    fetch(`${base}/admin/cache${pathAndQuery}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${TOKEN}`, ...(init.type ? { 'content-type': init.type } : {}) },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  const setPage = (base: string, query = `?key=${encodeURIComponent(KEY)}&ts=20261128.1`) =>
    call(base, `/set${query}`, { method: 'POST', body: PAGE, type: 'text/html; charset=utf-8' });

  it('sets a page by key and ts, gets it by key (GET and POST), and drops its copies on the edge', async () => {
    const base = await serveAdmin();
    expect(await (await setPage(base)).json()).toEqual({ key: KEY, ts: '20261128.1', stored: true });
    expect(edgePurges).toEqual([`PURGE ${toKeyTag(KEY)}`]);
    const got = await call(base, `/get?key=${encodeURIComponent(KEY)}&domain=site.test`);
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ key: KEY, body: PAGE, tags: ['locales', 'build@20261128.1'], bytes: PAGE.length });
    const posted = await call(base, '/get', { method: 'POST', body: JSON.stringify({ key: KEY }), type: 'application/json' });
    expect(await posted.json()).toMatchObject({ key: KEY, body: PAGE });
    expect((await call(base, '/get?key=nothing-here')).status).toBe(404);
  });

  it.each([
    ['delete one key', '/delete', { key: KEY }, { deleted: 1 }, [`PURGE ${toKeyTag(KEY)}`]],
    ['delete keys', '/delete', { keys: [KEY, 'other'] }, { deleted: 1 }, [`PURGE ${toKeyTag(KEY)} ${toKeyTag('other')}`]],
    [
      'clear by version (ts)',
      '/clear',
      { ts: '20261128.1' },
      { deleted: 1 },
      [
        `PURGE shell@20261128.1 mf-landing@20261128.1 mf-checkout@20261128.1 mf-account@20261128.1 mf-blog@20261128.1 mf-campaign@20261128.1 build@20261128.1`,
      ],
    ],
    ['clear by tag', '/clear', { tag: 'locales' }, { tags: ['locales'], deleted: 1 }, ['PURGE locales']],
    ['reset', '/reset', {}, { deleted: 1 }, ['BAN']],
  ] as const)('%s here and on the edge', async (_name, operation, body, answer, purges) => {
    const base = await serveAdmin();
    await setPage(base);
    edgePurges = [];
    const response = await call(base, `${operation}?domain=site.test`, { method: 'POST', body: JSON.stringify(body), type: 'application/json' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(answer);
    expect(edgePurges.map((line) => line.split(' ').sort().join(' '))).toEqual(purges.map((line) => line.split(' ').sort().join(' ')));
    expect((await call(base, `/get?key=${encodeURIComponent(KEY)}`)).status).toBe(404);
  });

  it('lists keys by GET and by POST', async () => {
    const base = await serveAdmin();
    await setPage(base);
    for (const init of [{}, { method: 'POST' }]) {
      const listed = (await (await call(base, '/keys?limit=10&domain=SITE.test', init)).json()) as { keys: { key: string }[] };
      expect(listed.keys.map((entry) => entry.key)).toEqual([KEY]);
    }
  });

  it.each([
    ['another domain', '/keys?domain=other.test', {}, 404],
    ['a domain too long', `/keys?domain=${'a'.repeat(300)}`, {}, 404],
    ['set without ts', `/set?key=${encodeURIComponent(KEY)}`, { method: 'POST', body: PAGE, type: 'text/html' }, 400],
    ['set with a ts that is no version', `/set?key=k&ts=${encodeURIComponent('1 2')}`, { method: 'POST', body: PAGE, type: 'text/html' }, 400],
    ['set with a JSON body', '/set?key=k&ts=1', { method: 'POST', body: '{}', type: 'application/json' }, 415],
    ['set with an empty page', '/set?key=k&ts=1', { method: 'POST', body: '', type: 'text/html' }, 400],
    ['set by GET', '/set?key=k&ts=1', {}, 405],
    ['get without a key', '/get', {}, 400],
    ['clear with both version and tag', '/clear', { method: 'POST', body: '{"version":"1","tag":"locales"}', type: 'application/json' }, 400],
    ['clear with nothing', '/clear', { method: 'POST', body: '{}', type: 'application/json' }, 400],
    ['delete by GET', '/delete', {}, 405],
  ] as const)('refuses %s with a clear 4xx', async (_name, pathAndQuery, init, status) => {
    const base = await serveAdmin();
    const response = await call(base, pathAndQuery, init);
    expect(response.status).toBe(status);
    expect(await response.json()).toHaveProperty('error');
    expect(edgePurges).toEqual([]);
  });

  it('refuses a page larger than 2 MiB with 413', async () => {
    const base = await serveAdmin();
    const response = await call(base, '/set?key=k&ts=1', { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024 + 1), type: 'text/html' });
    expect(response.status).toBe(413);
  });
});
