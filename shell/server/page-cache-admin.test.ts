import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createClientAddressReader } from '@reelkeep/platform/client-address';
import { createLogger } from '@reelkeep/platform/logger';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import { createAdminGuard } from '@reelkeep/platform/request-guards';
import { createPageCache } from './page-cache.ts';
import { createPageCacheAdmin } from './page-cache-admin.ts';

const TOKEN = 'admin-token-for-tests-0123456789';
let server: Server | undefined;

/** The admin operations alone, on a port of their own, with or without a configured token, behind the proxies named. */
async function serveAdmin(token: string | undefined, trustedProxies: string[] = []): Promise<string> {
  const cache = await createPageCache({
    ttlS: 60,
    staleS: 60,
    maxBytes: 100_000,
    localesDir: path.resolve(import.meta.dirname, '../../locales'),
    logger: createLogger('error'),
  });
  const handle = createPageCacheAdmin({
    cache,
    adminGuard: createAdminGuard({ token, failures: createRateLimiter({ name: 'a', limit: 10, windowMs: 600_000 }) }),
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
  it('do not exist without ADMIN_TOKEN', async () => {
    const base = await serveAdmin(undefined);
    for (const [operation, method] of [
      ['', 'GET'],
      ['/keys', 'GET'],
      ['/reset', 'POST'],
      ['/clear', 'POST'],
      ['/delete', 'POST'],
    ] as const)
      expect((await fetch(`${base}/admin/cache${operation}`, { method, headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('refuse guessing: 401 for each wrong token, then 429 for the address, the right token included', async () => {
    const base = await serveAdmin(TOKEN);
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
    const base = await serveAdmin(TOKEN, ['127.0.0.1']);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await guess(base, i, '198.51.100.1')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const other = await fetch(`${base}/admin/cache`, { headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.2' } });
    expect(other.status).toBe(200);
  });

  it('count a client that forges X-Forwarded-For without being a trusted proxy under its real address', async () => {
    const base = await serveAdmin(TOKEN);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await guess(base, i, `198.51.100.${i + 1}`)).status);
    expect(statuses[10]).toBe(429);
  });

  it('answer HEAD like GET, without a body, and leave other paths alone', async () => {
    const base = await serveAdmin(TOKEN);
    const head = await fetch(`${base}/admin/cache/keys`, { method: 'HEAD', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/admin/cacheless`)).status).toBe(418);
  });
});
