import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Config } from '@reelkeep/platform/config';
import { CLIENT_IP_HEADER, createHealthRoute, INTERNAL_PATH_SEGMENT, type PluginContext, type PluginRoute, type ServerPlugin } from '@reelkeep/platform/server-plugin';

const PROXY_URL_BY_SQUAD: Partial<Record<ServerPlugin['squad'], keyof Config>> = {
  landing: 'LANDING_API_URL',
  checkout: 'CHECKOUT_API_URL',
  account: 'ACCOUNT_API_URL',
  blog: 'BLOG_API_URL',
  campaign: 'CAMPAIGN_API_URL',
};

const MAX_BODY_BYTES = 1_000_000;

interface MountedRoute extends PluginRoute {
  squad: ServerPlugin['squad'];
  /** When set, the route is answered by the squad's own process at this base URL. */
  proxyTo?: string;
}

function matches(route: PluginRoute, method: string, pathname: string): boolean {
  const methodOk = route.method === method || (method === 'HEAD' && route.method === 'GET');
  return methodOk && (route.path.endsWith('/') ? pathname.startsWith(route.path) : pathname === route.path);
}

async function toRequest(req: IncomingMessage, url: URL): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw Object.assign(new Error('request body too large'), { status: 413 });
      chunks.push(chunk);
    }
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? 'unknown');
  return new Request(url, { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
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
    /** Answers the request when a squad route matches; false otherwise. */
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      // Internal routes answer other squads' servers only: from outside they do not exist.
      if (url.pathname.includes(INTERNAL_PATH_SEGMENT)) return false;
      const route = routes.find((candidate) => matches(candidate, req.method ?? 'GET', url.pathname));
      if (!route) return false;
      const request = await toRequest(req, url);
      const response = route.proxyTo
        ? await fetch(new URL(url.pathname + url.search, route.proxyTo), {
            method: request.method,
            headers: request.headers,
            body: request.body,
            duplex: 'half',
            redirect: 'manual',
            signal: AbortSignal.timeout(config.RENDER_TIMEOUT_MS),
          } as RequestInit)
        : await route.handle(request, context);
      await sendResponse(res, response);
      return true;
    },
    fetchApi,
    squads: plugins.map((plugin) => plugin.squad),
    /** The folder of a squad's static media (`/assets/<squad>/…`), if it has one. */
    findPublicDir: (squad: string) => plugins.find((plugin) => plugin.squad === squad)?.publicDir,
  };
}
