import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readInput, wholeNumber } from '@reelkeep/shared-contracts';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import { toGuardRequest, type ConsoleGuard } from '@reelkeep/platform/console-guard';
import type { PageCache } from '../page-cache/page-cache.ts';
import { computeEntityTag } from '../page-cache/page-cache-rules.ts';
import { LOCALES_TAG, RELEASE_APPS, toBuildTag, toReleaseTag } from '../page-cache/page-cache-tags.ts';
import { sendJson } from '../http/json-response.ts';
import { sendRefusal } from './admin-refusal.ts';
import { readBody } from '../http/request-body.ts';
import { findHostOperatorRoute } from './operator-routes.ts';

const KEY = z.string().min(1).max(4096);
const VERSION = z.string().regex(/^[0-9A-Za-z.+-]{1,100}$/);

/** `domain`, on every operation (the spec's page-cache service serves several sites): the site's own host, or none. */
export const cacheDomainQuery = z.object({ domain: z.string().max(253).optional() });
/** `GET|POST /admin/cache/keys`: how many keys to list. */
export const cacheKeysQuery = z.object({ limit: wholeNumber(1, 1000).optional() });
/** `POST /admin/cache/delete`: one key or a list of keys, exactly as `GET /admin/cache/keys` lists them. */
export const cacheDeleteInput = z
  .object({ key: KEY.optional(), keys: z.array(KEY).min(1).max(500).optional() })
  .refine((input) => input.key !== undefined || input.keys !== undefined, { path: ['keys'] });
/** `POST /admin/cache/clear`: a build version (`version`, or the spec's `ts`) of any app, or a tag (`mf-blog@0.1.0-…`, `locales`): one. */
export const cacheClearInput = z
  .object({
    version: VERSION.optional(),
    ts: VERSION.optional(),
    tag: z
      .string()
      .regex(/^[0-9A-Za-z.@+_:-]{1,200}$/)
      .optional(),
  })
  .refine((input) => [input.version, input.ts, input.tag].filter((value) => value !== undefined).length === 1, { path: ['tag'] });
/** `GET /admin/cache/get?key=` (or `POST` with `{key}`): one entry, its page included. */
export const cacheGetInput = z.object({ key: KEY });
/** `POST /admin/cache/set?key=&ts=` with the rendered page as the body (`text/html`): the spec's set call. */
export const cacheSetQuery = z.object({ key: KEY, ts: VERSION });

/** The largest body an admin call may send: a JSON call, and a page given to `set`. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const DEFAULT_LIST_LIMIT = 100;

const OPERATIONS = {
  '': 'stats',
  '/keys': 'keys',
  '/delete': 'delete',
  '/reset': 'reset',
  '/clear': 'clear',
  '/get': 'get',
  '/set': 'set',
} as const;
type Operation = (typeof OPERATIONS)[keyof typeof OPERATIONS];
/** The methods of each operation: reads by GET (and the spec's POST for keys and get), changes by POST. */
const METHODS: Record<Operation, readonly string[]> = {
  stats: ['GET', 'HEAD'],
  keys: ['GET', 'HEAD', 'POST'],
  get: ['GET', 'HEAD', 'POST'],
  delete: ['POST'],
  reset: ['POST'],
  clear: ['POST'],
  set: ['POST'],
};

/** The request as a web `Request` for the endpoint's schema (a POST without a body reads as an empty JSON object). */
function toWebRequest(req: IncomingMessage, url: URL, body: Buffer | undefined): Request {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || !body) return new Request(url, { method: method === 'HEAD' ? 'HEAD' : 'GET' });
  const type = String(req.headers['content-type'] ?? '');
  if (body.length === 0 && type === '') return new Request(url, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
  return new Request(url, { method, headers: { 'content-type': type }, body: new Uint8Array(body) });
}

/**
 * The page cache's admin operations (docs/operations.md "Page cache"; the spec's page-cache service), behind the
 * operator guard (docs/security.md "Operator API"): `GET /admin/cache` (hit-rate counts of this instance, entries and bytes),
 * `GET|POST /admin/cache/keys`, `POST /admin/cache/delete` (a key or keys), `POST /admin/cache/reset`, `POST
 * /admin/cache/clear` (by build version, `ts`, or tag), `GET /admin/cache/get?key=` and `POST
 * /admin/cache/set?key=&ts=` (the page as the body); each takes the `domain` query parameter. Deletions reach the
 * edge caches too. Answers whether it handled the request.
 */
export function createPageCacheAdmin(deps: {
  cache: PageCache;
  consoleGuard: ConsoleGuard;
  readClientAddress: ClientAddressReader;
  siteHost: string;
}) {
  const { cache } = deps;
  const refuse = (problems: Record<string, string>, status = 400) => ({ status, body: { error: 'invalid input', problems } });

  async function run(operation: Operation, request: Request, page: Buffer | undefined): Promise<{ status: number; body: unknown }> {
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
        const { tag } = input.data;
        const version = input.data.version ?? input.data.ts;
        const tags = tag ? [tag] : [...RELEASE_APPS.map((app) => toReleaseTag(app, version!)), toBuildTag(version!)];
        return { status: 200, body: { tags, deleted: await cache.purgeTags(tags) } };
      }
      case 'get': {
        const input = await readInput(request, cacheGetInput);
        if (!input.ok) return refuse(input.problems, input.status);
        const entry = await cache.get(input.data.key);
        if (!entry) return { status: 404, body: { error: 'not found' } };
        const { nonce: _nonce, ...shown } = entry;
        return { status: 200, body: { ...shown, bytes: Buffer.byteLength(entry.body), storedAt: new Date(entry.storedAt).toISOString() } };
      }
      case 'set': {
        const query = cacheSetQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return refuse(Object.fromEntries(query.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), 'invalid'])));
        const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'text/html') return refuse({ body: 'text/html' }, 415);
        const body = page?.toString('utf8') ?? '';
        if (body.length === 0) return refuse({ body: 'empty' });
        const { key, ts } = query.data;
        const kept = await cache.set({
          key,
          kind: 'document',
          body,
          etag: computeEntityTag(body),
          nonce: '',
          tags: [LOCALES_TAG, toBuildTag(ts)],
          storedAt: Date.now(),
        });
        return kept
          ? { status: 200, body: { key, ts, stored: true } }
          : { status: 507, body: { error: 'not kept: the cache is off or the page is larger than it' } };
      }
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const suffix = /^\/admin\/cache(|\/keys|\/delete|\/reset|\/clear|\/get|\/set)$/.exec(url.pathname)?.[1];
    if (suffix === undefined) return false;
    const operation = OPERATIONS[suffix as keyof typeof OPERATIONS];
    const method = req.method ?? 'GET';
    // docs/console.md "The console API": reading the cache needs `cache:read`, changing it `cache:purge` (operator-routes.ts);
    // a method the operation does not take is checked as a read or a change, then refused with 405.
    const permission = findHostOperatorRoute(url.pathname, method)?.permission ?? {
      resource: 'cache' as const,
      action: method === 'GET' || method === 'HEAD' ? ('read' as const) : ('purge' as const),
    };
    const decision = await deps.consoleGuard.check(toGuardRequest(req, deps.readClientAddress(req)), permission);
    if (!decision.allowed) {
      await sendRefusal(res, decision, method);
      return true;
    }
    const methods = METHODS[operation];
    if (!methods.includes(method)) {
      res.setHeader('allow', methods.join(', '));
      sendJson(res, 405, { error: 'method not allowed' }, method);
      return true;
    }
    const domain = cacheDomainQuery.safeParse({ domain: url.searchParams.get('domain') ?? undefined });
    if (!domain.success || (domain.data.domain !== undefined && domain.data.domain.toLowerCase() !== deps.siteHost.toLowerCase())) {
      sendJson(res, 404, { error: 'unknown domain', problems: { domain: 'not served here' } }, method);
      return true;
    }
    const body = method === 'POST' ? await readBody(req, operation === 'set' ? MAX_PAGE_BYTES : MAX_BODY_BYTES) : undefined;
    if (body === null) {
      sendJson(res, 413, { error: 'request body too large' });
      return true;
    }
    // `set` reads its key and ts from the query and the page from the body as it is.
    const request =
      operation === 'set'
        ? new Request(url, { method: 'POST', headers: { 'content-type': String(req.headers['content-type'] ?? '') } })
        : toWebRequest(req, url, body);
    const answer = await run(operation, request, body);
    sendJson(res, answer.status, answer.body, method);
    return true;
  };
}
