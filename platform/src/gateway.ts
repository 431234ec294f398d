import type { IncomingMessage, ServerResponse } from 'node:http';
import { findSquadOfPath, INTERNAL_PATH_SEGMENT, PURGE_CACHE_TAGS_HEADER, respondJson, type SquadName } from '@reelkeep/shared-contracts';
import type { ClientAddressReader } from './client-address.ts';
import { BodyTooLargeError, readBody, refuseBody, sendResponse, toHeaders } from './gateway-http.ts';
import { isDatabaseUnavailable } from './db/connection-errors.ts';
import type { ApiRoute, HostContext } from './host-context.ts';
import type { Logger } from './logger.ts';
import { isForeignRequest, isRefusedValue, isStateChanging } from './request-guards.ts';

/** Body limit of a route that names none: a form or a JSON call of the site is far smaller. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** What a squad answers while its API is unavailable: come back in a little while. */
const RETRY_AFTER_S = '30';
/** docs/operations.md "When PostgreSQL is down": the pool connects again by itself, within seconds of PostgreSQL. */
const DATABASE_RETRY_AFTER_S = '5';
/** A database outage is logged once in this time by each snapshot's gateway, not once per request. */
const DATABASE_WARNING_INTERVAL_MS = 10_000;

/** A squad's API as one snapshot of the releases has it. */
export type MountedApi =
  | { state: 'ready'; squad: SquadName; version: string; routes: readonly ApiRoute[]; context: HostContext }
  /** Its module failed to load, its settings or start failed: its routes answer 503. */
  | { state: 'failed'; squad: SquadName; version: string; error: string };

/** What the gateway knows of a route without its code: enough to check callers and body limits. */
export type RouteInfo = Pick<ApiRoute, 'method' | 'path' | 'callers' | 'maxBodyBytes'>;

function matches(route: RouteInfo, method: string, pathname: string): boolean {
  const methodOk = route.method === method || (method === 'HEAD' && route.method === 'GET');
  return methodOk && (route.path.endsWith('/') ? pathname.startsWith(route.path) : pathname === route.path);
}

/**
 * The answer of a squad whose API is unavailable (docs/releases.md "Isolation"): `api_unavailable`, which the
 * squads' pages show in the visitor's language, and why (`database` while PostgreSQL cannot be reached).
 */
export function respondUnavailable(squad: SquadName, reason: 'unavailable' | 'timeout' | 'error' | 'database'): Response {
  return respondJson({ cscode: 503, error: 'api_unavailable', squad, reason }, 503, {
    'retry-after': reason === 'database' ? DATABASE_RETRY_AFTER_S : RETRY_AFTER_S,
    'cache-control': 'no-store',
  });
}

/** Rejects after `ms`; the timer is cleared when the work settles first. */
function withBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiBudgetError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

class ApiBudgetError extends Error {}

const HEALTH_ROUTE: RouteInfo = { method: 'GET', path: '/health' };
/** `GET /api/<squad>/health`: 200 while the squad's API is ready (a failed one answers 503 like its other routes). */
const isHealthCheck = (squad: SquadName, method: string, url: URL) =>
  (method === 'GET' || method === 'HEAD') && url.pathname === `/api/${squad}/health`;

/** What the gateway needs from the host. */
export interface GatewayOptions {
  siteUrl: string;
  /** Time budget of one API call (API_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** The client's address behind trusted proxies (docs/security.md "Client addresses"), handed to squads in `CLIENT_IP_HEADER`. */
  readClientAddress: ClientAddressReader;
  /** Reports a failure to the error service when configured. */
  reportError?: (message: string, error: unknown, extra?: Record<string, unknown>) => void;
  /** The squad's API as this snapshot has it; undefined when no release of it is live. */
  findApi: (squad: SquadName) => MountedApi | undefined;
  /**
   * Drops the cached pages carrying these tags: a squad's successful change names them in `x-purge-cache-tags`
   * (a campaign edited through the admin API drops the pages showing campaigns, docs/operations.md "Page cache").
   */
  purgeCacheTags?: (tags: string[]) => Promise<void>;
  /**
   * Counts one call of a squad's version (docs/releases.md "Health per version"): `ok`, `error` (a 5xx, a throw,
   * an API that failed to load) or `timeout` (past its budget).
   */
  recordCall?: (squad: SquadName, version: string, outcome: 'ok' | 'error' | 'timeout') => void;
}

/** The tags a purge header names: letters, digits, `_`, `-`, `.`, `@`, space-separated. */
export function readPurgeTags(header: string | null): string[] {
  return (header ?? '').split(/\s+/).filter((tag) => /^[\w.@-]{1,100}$/.test(tag));
}

/**
 * The API gateway of one snapshot of the releases (docs/releases.md): a path is routed to the squad that
 * owns it (`findSquadOfPath`), then to that squad's routes in the version the snapshot names. In front of every
 * route (docs/security.md): a state-changing call from another origin gets 403, a body over the route's limit
 * 413 before it is read, and a value the database refuses (a schema missed it) 400. A squad whose module
 * failed, which throws or which exceeds its time budget answers 503 for its own routes only.
 */
export function createGateway(options: GatewayOptions) {
  const siteOrigin = new URL(options.siteUrl).origin;
  let databaseWarnedAt = 0;

  /** Runs a route; a failure of the squad's code is its own 503, a value the database refused a 400. */
  async function run(api: Extract<MountedApi, { state: 'ready' }>, route: ApiRoute, request: Request): Promise<Response> {
    try {
      const response = await withBudget(Promise.resolve(route.handle(request, api.context)), options.timeoutMs);
      options.recordCall?.(api.squad, api.version, response.status >= 500 ? 'error' : 'ok');
      return response;
    } catch (error) {
      options.recordCall?.(api.squad, api.version, error instanceof ApiBudgetError ? 'timeout' : isRefusedValue(error) ? 'ok' : 'error');
      if (isRefusedValue(error)) {
        options.logger.warn('a value reached the database without a schema refusing it first', { path: new URL(request.url).pathname, error });
        return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
      }
      const path = new URL(request.url).pathname;
      if (isDatabaseUnavailable(error)) {
        // One outage, not a bug per request: the pool reconnects by itself (docs/operations.md "When PostgreSQL is down").
        if (Date.now() - databaseWarnedAt >= DATABASE_WARNING_INTERVAL_MS) {
          databaseWarnedAt = Date.now();
          options.logger.warn('database unavailable: squad API answers 503', {
            squad: api.squad,
            path,
            error: error instanceof Error ? error.message : String(error),
          });
        }
        return respondUnavailable(api.squad, 'database');
      }
      options.logger.error('squad API failed', { squad: api.squad, version: api.version, path, error });
      options.reportError?.(`API of ${api.squad} failed`, error, { path, version: api.version });
      return respondUnavailable(api.squad, error instanceof ApiBudgetError ? 'timeout' : 'error');
    }
  }

  /** The route a request names in a squad's API, and how to answer it. */
  function findTarget(
    api: Extract<MountedApi, { state: 'ready' }>,
    method: string,
    url: URL,
  ): { route: RouteInfo; dispatch: (init: RequestInit) => Promise<Response> } | undefined {
    const route = api.routes.find((candidate) => matches(candidate, method, url.pathname));
    if (route) return { route, dispatch: (init) => run(api, route, new Request(url, init)) };
    // Every squad answers its health check, whether its module declares one or not.
    if (isHealthCheck(api.squad, method, url))
      return {
        route: HEALTH_ROUTE,
        dispatch: async () => respondJson({ squad: api.squad, version: api.version, api: api.state }, 200, { 'cache-control': 'no-store' }),
      };
    return undefined;
  }

  /** Drops the cached pages a successful change names, before its answer goes on (a failed purge is logged). */
  async function purgeNamedTags(response: Response): Promise<void> {
    const purged = response.ok ? readPurgeTags(response.headers.get(PURGE_CACHE_TAGS_HEADER)) : [];
    if (purged.length === 0) return;
    try {
      await options.purgeCacheTags?.(purged);
    } catch (error) {
      options.logger.warn('page cache: tags not dropped after a change', { tags: purged, error });
    }
  }

  /**
   * Calls a squad route from inside the server (data loaders, other squads, console sections), without a network hop
   * when mounted. A change made this way drops the cached pages it names, as one from outside does.
   */
  async function fetchApi(path: string, init?: RequestInit): Promise<Response> {
    const url = new URL(path, options.siteUrl);
    const squad = findSquadOfPath(url.pathname);
    const api = squad ? options.findApi(squad) : undefined;
    if (!api) return respondJson({ cscode: 404, error: 'not found' }, 404);
    if (api.state === 'failed') {
      options.recordCall?.(api.squad, api.version, 'error');
      return respondUnavailable(api.squad, 'unavailable');
    }
    const target = findTarget(api, (init?.method ?? 'GET').toUpperCase(), url);
    if (!target) return respondJson({ cscode: 404, error: 'not found' }, 404);
    const response = await target.dispatch(init ?? {});
    await purgeNamedTags(response);
    return response;
  }

  return {
    fetchApi,
    /** Answers the request when an API path matches; false when the path is not an API path (a page). */
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      const squad = findSquadOfPath(url.pathname);
      if (!squad) return false;
      const method = req.method ?? 'GET';
      const api = options.findApi(squad);
      const answer = async (response: Response) => {
        await sendResponse(res, response);
        return true;
      };
      // Internal routes answer other squads' servers only: from outside they do not exist.
      if (!api || url.pathname.includes(INTERNAL_PATH_SEGMENT)) return answer(respondJson({ cscode: 404, error: 'not found' }, 404));
      if (api.state === 'failed') {
        options.recordCall?.(api.squad, api.version, 'error');
        return answer(respondUnavailable(squad, 'unavailable'));
      }
      const target = findTarget(api, method, url);
      if (!target) return answer(respondJson({ cscode: 404, error: 'not found' }, 404));
      const headers = toHeaders(req, options.readClientAddress);
      if (isStateChanging(method) && target.route.callers !== 'any' && isForeignRequest(headers, siteOrigin)) {
        return answer(respondJson({ cscode: 403, error: 'foreign_origin' }, 403, { 'cache-control': 'no-store' }));
      }
      const limit = target.route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const declared = Number(req.headers['content-length'] ?? 0);
      let body: Buffer<ArrayBuffer> | undefined;
      try {
        if (declared > limit) throw new BodyTooLargeError(`declared body of ${declared} bytes`);
        body = await readBody(req, limit);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        refuseBody(req, res, limit);
        return true;
      }
      const response = await target.dispatch({ method, headers, body });
      await purgeNamedTags(response);
      return answer(response);
    },
  };
}

/** The gateway of one snapshot. */
export type Gateway = ReturnType<typeof createGateway>;
