import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Config } from '@reelkeep/platform/config';
import { CLIENT_IP_HEADER, createHealthRoute, DEFAULT_MAX_BODY_BYTES, INTERNAL_PATH_SEGMENT, respondJson, type PluginContext, type PluginRoute, type ServerPlugin } from '@reelkeep/platform/server-plugin';
import { isForeignRequest, isRefusedValue, isStateChanging } from '@reelkeep/platform/request-guards';

const PROXY_URL_BY_SQUAD: Partial<Record<ServerPlugin['squad'], keyof Config>> = {
  landing: 'LANDING_API_URL',
  checkout: 'CHECKOUT_API_URL',
  account: 'ACCOUNT_API_URL',
  blog: 'BLOG_API_URL',
  campaign: 'CAMPAIGN_API_URL',
};

/** Thrown while reading a body over the route's limit; answered with 413. */
class BodyTooLargeError extends Error {
  readonly status = 413;
}

interface MountedRoute extends PluginRoute {
  squad: ServerPlugin['squad'];
  /** When set, the route is answered by the squad's own process at this base URL. */
  proxyTo?: string;
}

function matches(route: PluginRoute, method: string, pathname: string): boolean {
  const methodOk = route.method === method || (method === 'HEAD' && route.method === 'GET');
  return methodOk && (route.path.endsWith('/') ? pathname.startsWith(route.path) : pathname === route.path);
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? 'unknown');
  return headers;
}

/** Reads a body up to the route's limit; a larger one stops the reading at once (413). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  // Stopping early must not destroy the socket: the 413 still has to reach the client.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(`request body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

/** Answers 413 and closes the connection, so the rest of an oversized body is never read. */
function refuseBody(res: ServerResponse, limit: number): void {
  res.statusCode = 413;
  res.setHeader('connection', 'close');
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ cscode: 413, error: 'body_too_large', maxBytes: limit }));
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'set-cookie') res.setHeader(name, value);
  });
  // Several cookies are several headers; setHeader per entry would keep only the last one.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) return void res.end();
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never).on('error', reject).pipe(res).on('finish', resolve);
  });
}

/** Mounts every squad's routes in this process, or proxies them to the squad's own process when configured. */
export function mountSquadApis(plugins: readonly ServerPlugin[], config: Config, baseContext: Omit<PluginContext, 'fetchApi'>) {
  const context: PluginContext = { ...baseContext, fetchApi: (path, init) => fetchApi(path, init) };
  const siteOrigin = new URL(config.SITE_URL).origin;
  const routes: MountedRoute[] = plugins.flatMap((plugin) => {
    const proxyVariable = PROXY_URL_BY_SQUAD[plugin.squad];
    const proxyTo = proxyVariable ? (config[proxyVariable] as string | undefined) : undefined;
    return [createHealthRoute(plugin), ...plugin.routes].map((route) => ({ ...route, squad: plugin.squad, proxyTo }));
  });
  /** Calls a squad route from inside the server (data loaders, other squads), without a network hop when mounted. */
  async function fetchApi(path: string, init?: RequestInit): Promise<Response> {
    const url = new URL(path, config.SITE_URL);
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes.find((candidate) => matches(candidate, method, url.pathname));
    if (!route) return new Response(null, { status: 404 });
    if (route.proxyTo) return fetch(new URL(url.pathname + url.search, route.proxyTo), { ...init, signal: AbortSignal.timeout(config.RENDER_TIMEOUT_MS) });
    return route.handle(new Request(url, init), context);
  }

  return {
    /**
     * Answers the request when a squad route matches; false otherwise. In front of every route
     * (docs/security.md): a state-changing call from another origin gets 403, a body over the route's
     * limit 413 before it is read, and a value the database refuses (a schema missed it) 400, not 500.
     */
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      // Internal routes answer other squads' servers only: from outside they do not exist.
      if (url.pathname.includes(INTERNAL_PATH_SEGMENT)) return false;
      const method = req.method ?? 'GET';
      const route = routes.find((candidate) => matches(candidate, method, url.pathname));
      if (!route) return false;
      const headers = toHeaders(req);
      if (isStateChanging(method) && route.callers !== 'any' && isForeignRequest(headers, siteOrigin)) {
        await sendResponse(res, respondJson({ cscode: 403, error: 'foreign_origin' }, 403, { 'cache-control': 'no-store' }));
        return true;
      }
      const limit = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const declared = Number(req.headers['content-length'] ?? 0);
      let body: Buffer | undefined;
      try {
        if (declared > limit) throw new BodyTooLargeError(`declared body of ${declared} bytes`);
        body = await readBody(req, limit);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        refuseBody(res, limit);
        return true;
      }
      // A copy rather than a view of the Buffer's pool: a plain ArrayBuffer is what a Request body is typed to take.
      const request = new Request(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
      const response = await answer(route, request, url).catch((error: unknown) => {
        if (!isRefusedValue(error)) throw error;
        baseContext.logger.warn('a value reached the database without a schema refusing it first', { path: url.pathname, error });
        return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
      });
      await sendResponse(res, response);
      return true;
    },
    fetchApi,
    squads: plugins.map((plugin) => plugin.squad),
    /** The folder of a squad's static media (`/assets/<squad>/…`), if it has one. */
    findPublicDir: (squad: string) => plugins.find((plugin) => plugin.squad === squad)?.publicDir,
  };

  async function answer(route: MountedRoute, request: Request, url: URL): Promise<Response> {
    return route.proxyTo
      ? fetch(new URL(url.pathname + url.search, route.proxyTo), {
          method: request.method,
          headers: request.headers,
          body: request.body,
          duplex: 'half',
          redirect: 'manual',
          signal: AbortSignal.timeout(config.RENDER_TIMEOUT_MS),
        } as RequestInit)
      : route.handle(request, context);
  }
}
