import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { createClientAddressReader } from '@reelkeep/platform/client-address';
import type { ConsoleGuard, GuardDecision } from '@reelkeep/platform/console-guard';
import type { Database } from '@reelkeep/platform/db';
import { createLogger } from '@reelkeep/platform/logger';
import type { RegistryStore } from '@reelkeep/platform/registry';
import type { ConsolePermission } from '@reelkeep/shared-contracts/console';
import { createPageCache } from '../page-cache/page-cache.ts';
import { createPageCacheAdmin } from './page-cache-admin.ts';
import { createReleaseAdmin } from './release-admin.ts';
import { HOST_ADMIN_PAGES, HOST_OPERATOR_ROUTES } from './operator-routes.ts';

let server: Server | undefined;
/** The permissions the handlers asked the guard for. */
let asked: ConsolePermission[] = [];

/** A guard that records the permission and refuses (or, with `allow`, lets the owner through). */
function fakeGuard(allow: boolean): ConsoleGuard {
  return {
    check: async (_request, permission): Promise<GuardDecision> => {
      asked.push(permission);
      return allow
        ? { allowed: true, actor: { id: 'k', email: 'bot (rk_…)', role: 'owner' }, via: 'api-key' }
        : { allowed: false, status: 403, reason: 'forbidden' };
    },
    authorise: async () => null,
  };
}

/** The host's cache and release operator handlers on a port of their own; 418 for a path neither answers. */
async function serve(allow: boolean): Promise<string> {
  const guard = fakeGuard(allow);
  const cache = await createPageCache({
    ttlS: 60,
    staleS: 60,
    maxBytes: 100_000,
    localesDir: path.resolve(import.meta.dirname, '../../../locales'),
    logger: createLogger('error'),
  });
  const readClientAddress = createClientAddressReader([]);
  const handlers = [
    createPageCacheAdmin({ siteHost: '127.0.0.1', cache, consoleGuard: guard, readClientAddress }),
    createReleaseAdmin({
      consoleGuard: guard,
      readClientAddress,
      registry: {} as RegistryStore,
      releasesDir: '/nonexistent',
      db: {} as Database,
    }),
  ];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      for (const handle of handlers) if (await handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'))) return;
      res.writeHead(418).end();
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  asked = [];
});

describe("the host's operator route table", () => {
  it('is what the cache and release handlers enforce: each route asks the guard for its permission first', async () => {
    const base = await serve(false);
    const handled = HOST_OPERATOR_ROUTES.filter((route) => !HOST_ADMIN_PAGES.includes(route));
    expect(handled.length).toBeGreaterThan(10);
    for (const route of handled) {
      asked = [];
      const answer = await fetch(`${base}${route.path}`, { method: route.method });
      expect([route.method, route.path, answer.status]).toEqual([route.method, route.path, 403]);
      expect(asked).toEqual([route.permission]);
    }
  });

  it('lists every method the cache operations take: any other is refused with 405 even for an owner', async () => {
    const base = await serve(true);
    const paths = [...new Set(HOST_OPERATOR_ROUTES.filter((route) => route.path.startsWith('/admin/cache')).map((route) => route.path))];
    for (const routePath of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']) {
        const listed = HOST_OPERATOR_ROUTES.some((route) => route.path === routePath && route.method === method);
        const answer = await fetch(`${base}${routePath}`, { method });
        expect([method, routePath, answer.status === 405]).toEqual([method, routePath, !listed]);
      }
    }
    // A path of the family that is not in the table is no route of the handler at all.
    expect((await fetch(`${base}/admin/cache/everything`)).status).toBe(418);
    expect((await fetch(`${base}/admin/releases/switch`, { method: 'POST' })).status).toBe(418);
  });
});
