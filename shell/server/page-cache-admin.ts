import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readInput, wholeNumber } from '@reelkeep/shared-contracts';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import type { AdminGuard } from '@reelkeep/platform/request-guards';
import type { PageCache } from './page-cache.ts';
import { RELEASE_APPS, toReleaseTag } from './page-cache-rules.ts';
import { SharedCacheUnreachable } from './page-cache-store.ts';
import { sendJson } from './json-response.ts';

const KEY = z.string().min(1).max(4096);

/** `GET /admin/cache/keys`: how many keys to list. */
export const cacheKeysQuery = z.object({ limit: wholeNumber(1, 1000).optional() });
/** `POST /admin/cache/delete`: one key or a list of keys, exactly as `GET /admin/cache/keys` lists them. */
export const cacheDeleteInput = z
  .object({ key: KEY.optional(), keys: z.array(KEY).min(1).max(500).optional() })
  .refine((input) => input.key !== undefined || input.keys !== undefined, { path: ['keys'] });
/** `POST /admin/cache/clear`: a build version (of any app) or a tag (`mf-blog@0.1.0-…`, `locales`), one of the two. */
export const cacheClearInput = z
  .object({
    version: z
      .string()
      .regex(/^[0-9A-Za-z.+-]{1,100}$/)
      .optional(),
    tag: z
      .string()
      .regex(/^[0-9A-Za-z.@+_-]{1,200}$/)
      .optional(),
  })
  .refine((input) => (input.version === undefined) !== (input.tag === undefined), { path: ['tag'] });

/** The largest body an admin call may send. */
const MAX_BODY_BYTES = 64 * 1024;
const DEFAULT_LIST_LIMIT = 100;

const OPERATIONS = { '': 'stats', '/keys': 'keys', '/delete': 'delete', '/reset': 'reset', '/clear': 'clear' } as const;
type Operation = (typeof OPERATIONS)[keyof typeof OPERATIONS];
const READS: readonly Operation[] = ['stats', 'keys'];

const REFUSAL = { 401: 'unauthorised', 404: 'not found', 429: 'too many attempts' } as const;

/** The request as a web `Request` (its body read up to the limit), for the endpoint's schema; null when it is too large. */
async function toWebRequest(req: IncomingMessage, url: URL): Promise<Request | null> {
  const method = req.method ?? 'GET';
  const headers = { 'content-type': String(req.headers['content-type'] ?? '') };
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return new Request(url, { method, headers, body: Buffer.concat(chunks) });
}

/**
 * The page cache's admin operations (docs/running.md "Running the site"), behind the admin guard (docs/security.md
 * "Admin"): `GET /admin/cache` (hit-rate counts of this instance, entries and bytes of the store), `GET
 * /admin/cache/keys`, `POST /admin/cache/delete`, `POST /admin/cache/reset` and `POST /admin/cache/clear`
 * (by build version or tag). Answers whether it handled the request.
 */
export function createPageCacheAdmin(deps: { cache: PageCache; adminGuard: AdminGuard; readClientAddress: ClientAddressReader }) {
  const { cache } = deps;

  async function run(operation: Operation, request: Request): Promise<{ status: number; body: unknown }> {
    const refuse = (problems: Record<string, string>, status = 400) => ({ status, body: { error: 'invalid input', problems } });
    switch (operation) {
      case 'stats': {
        const stats = await cache.readStats();
        const served = stats.hits + stats.stale + stats.misses;
        return {
          status: 200,
          body: {
            ...stats,
            hitRate: served > 0 ? Number(((stats.hits + stats.stale) / served).toFixed(4)) : null,
            ttlSeconds: cache.ttlS,
            staleSeconds: cache.staleS,
          },
        };
      }
      case 'keys': {
        const input = await readInput(request, cacheKeysQuery);
        if (!input.ok) return refuse(input.problems, input.status);
        const now = Date.now();
        const keys = await cache.list(input.data.limit ?? DEFAULT_LIST_LIMIT);
        return {
          status: 200,
          body: {
            keys: keys.map((entry) => ({
              ...entry,
              storedAt: new Date(entry.storedAt).toISOString(),
              ageSeconds: Math.round((now - entry.storedAt) / 1000),
            })),
          },
        };
      }
      case 'delete': {
        const input = await readInput(request, cacheDeleteInput);
        if (!input.ok) return refuse(input.problems, input.status);
        const keys = [...(input.data.keys ?? []), ...(input.data.key ? [input.data.key] : [])];
        return { status: 200, body: { deleted: await cache.deleteKeys(keys) } };
      }
      case 'reset':
        return { status: 200, body: { deleted: await cache.clear() } };
      case 'clear': {
        const input = await readInput(request, cacheClearInput);
        if (!input.ok) return refuse(input.problems, input.status);
        const { tag, version } = input.data;
        const tags = tag ? [tag] : RELEASE_APPS.map((app) => toReleaseTag(app, version!));
        return { status: 200, body: { tags, deleted: await cache.purgeTags(tags) } };
      }
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const suffix = /^\/admin\/cache(|\/keys|\/delete|\/reset|\/clear)$/.exec(url.pathname)?.[1];
    if (suffix === undefined) return false;
    const operation = OPERATIONS[suffix as keyof typeof OPERATIONS];
    const method = req.method ?? 'GET';
    const decision = await deps.adminGuard(req.headers.authorization, deps.readClientAddress(req));
    if (!decision.allowed) {
      if (decision.retryAfterSeconds) res.setHeader('retry-after', String(decision.retryAfterSeconds));
      sendJson(res, decision.status, { error: REFUSAL[decision.status] }, method);
      return true;
    }
    const methods = READS.includes(operation) ? ['GET', 'HEAD'] : ['POST'];
    if (!methods.includes(method)) {
      res.setHeader('allow', methods.join(', '));
      sendJson(res, 405, { error: 'method not allowed' }, method);
      return true;
    }
    const request = await toWebRequest(req, url);
    if (!request) {
      sendJson(res, 413, { error: 'request body too large' });
      return true;
    }
    try {
      const answer = await run(operation, request);
      sendJson(res, answer.status, answer.body, method);
    } catch (error) {
      if (!(error instanceof SharedCacheUnreachable)) throw error;
      // The operator retries: this instance's copies are gone, Redis's may not be.
      sendJson(res, 503, { error: 'shared cache unreachable', detail: error.message });
    }
    return true;
  };
}
