import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isSecureSite } from '@reelkeep/shared-contracts';
import type { Config } from '@reelkeep/platform/config';
import { createNonce, createSecurityHeaderWriter } from './http/security-headers.ts';
import { sendJson } from './http/json-response.ts';
import { sendPlainError } from './http/plain-error.ts';
import { createFileRoutes } from './http/file-routes.ts';
import { createSeoRoutes } from './http/seo-routes.ts';
import type { HostRequest, HostRoute } from './http/host-route.ts';
import { createSessionReader } from './http/session.ts';
import { createAdminStatusRoute } from './admin/admin-status.ts';
import { createPageCacheAdmin } from './admin/page-cache-admin.ts';
import { createReleaseAdmin } from './admin/release-admin.ts';
import type { PageRenderer } from './pages/page-render.ts';
import { createPageRoutes } from './pages/page-routes.ts';
import type { Host } from './host.ts';
import { createCohortResolver } from './releases/canary-cohort.ts';
import { createReleaseBeaconHandler, RELEASE_BEACON_LIMIT, RELEASE_BEACON_WINDOW_MS } from './releases/release-beacon.ts';
import { toConsoleHealth } from './console/console-releases-section.ts';
import { createConsoleHandler, CONSOLE_ACCOUNT_LIMIT, CONSOLE_LIMIT_WINDOW_MS, CONSOLE_SIGN_IN_LIMIT } from './console/console-handler.ts';
import { createConsoleSectionSource } from './console/console-section-source.ts';

/** What the request handler is made of. */
export interface RequestHandlerDeps {
  config: Config;
  host: Host;
  pages: PageRenderer;
}

/** A handler of the `(req, res, url)` shape, as one route of the table. */
const asRoute = (name: string, handle: (request: HostRequest) => Promise<boolean>): HostRoute => ({ name, answer: handle });

/**
 * The host's own endpoints, in the order they are asked (docs/architecture.md "Request path"): the first route
 * that answers a request ends it. Files and sitemaps first (no session, no squad), then the admin, the console
 * and the squads' APIs, then client navigations and pages.
 */
export function createHostRoutes({ config, host, pages }: RequestHandlerDeps): HostRoute[] {
  const { logger, releases, locales, mailer, consoleGuard, pageCache, readClientAddress } = host;
  const handleReleaseAdmin = createReleaseAdmin({
    consoleGuard,
    readClientAddress,
    registry: host.registry,
    releasesDir: config.RELEASES_DIR,
    db: host.db,
  });
  const handleCacheAdmin = createPageCacheAdmin({ cache: pageCache, consoleGuard, readClientAddress, siteHost: new URL(config.SITE_URL).host });
  // docs/console.md: the operator console, its sign-in limited like the site's other ways into an account.
  const handleConsole = createConsoleHandler({
    siteUrl: config.SITE_URL,
    db: host.db,
    mailer,
    logger,
    registry: host.registry,
    releasesDir: config.RELEASES_DIR,
    fetchApi: (path, init) => releases.current().gateway.fetchApi(path, init),
    loadTexts: (locale, namespaces = []) => locales.loadResources(locale, ['console', ...namespaces]),
    sections: createConsoleSectionSource({ releases, pages, logger, timeoutMs: config.REMOTE_LOAD_TIMEOUT_MS }),
    assetOrigin: config.ASSET_ORIGIN,
    readClientAddress,
    priceExperimentOpen: config.AB_PLAN_PRICE_OPEN,
    pageCache,
    // docs/releases.md "Health per version": the last 10 minutes of every instance's counts.
    readVersionHealth: async (app, version) => toConsoleHealth(await host.releaseHealth.read(app, version)),
    limits: {
      signInByAddress: host.createRateLimiter('console-sign-in', CONSOLE_SIGN_IN_LIMIT, CONSOLE_LIMIT_WINDOW_MS),
      signInByAccount: host.createRateLimiter('console-account', CONSOLE_ACCOUNT_LIMIT, CONSOLE_LIMIT_WINDOW_MS),
      codeByAddress: host.createRateLimiter('console-code', CONSOLE_SIGN_IN_LIMIT, CONSOLE_LIMIT_WINDOW_MS),
    },
  });
  // docs/releases.md "Health per version": the browser's failures, counted for the version that failed.
  const handleReleaseBeacon = createReleaseBeaconHandler({
    siteUrl: config.SITE_URL,
    health: host.releaseHealth,
    limiter: host.createRateLimiter('release-beacon', RELEASE_BEACON_LIMIT, RELEASE_BEACON_WINDOW_MS),
    readClientAddress,
    readRegistry: () => releases.current().state,
  });

  return [
    ...createFileRoutes({
      releasesDir: config.RELEASES_DIR,
      readRecordedHash: (app, version, file) => releases.readRecordedHash(app, version, file),
      locales,
      logger,
    }),
    ...createSeoRoutes({ siteUrl: config.SITE_URL, loadBundle: (snapshot) => pages.loadBundle(snapshot) }),
    createAdminStatusRoute({
      consoleGuard,
      readClientAddress,
      probeRemotes: (snapshot) => pages.probeRemotes(snapshot),
      listCanaries: () => releases.canaries(),
      listOutbox: () => mailer.listOutbox(),
    }),
    asRoute('release beacon', ({ req, res, url }) => handleReleaseBeacon(req, res, url)),
    asRoute('console', ({ req, res, url, nonce }) => handleConsole(req, res, url, nonce)),
    asRoute('cache admin', ({ req, res, url }) => handleCacheAdmin(req, res, url)),
    asRoute('release admin', ({ req, res, url }) => handleReleaseAdmin(req, res, url)),
    asRoute('squad APIs', ({ req, res, url, snapshot }) => snapshot.gateway.handle(req, res, url)),
    // An API path no squad answers does not exist, whatever the method (never a page, never a 405).
    asRoute('unknown API', async ({ res, url, method }) => {
      if (!url.pathname.startsWith('/api/')) return false;
      sendJson(res, 404, { cscode: 404, error: 'not found' }, method);
      return true;
    }),
    ...createPageRoutes({
      siteUrl: config.SITE_URL,
      logger,
      pages,
      readSession: createSessionReader((path, init) => releases.current().gateway.fetchApi(path, init)),
      pinSnapshot: (versions, snapshot) => releases.pinned(versions, snapshot),
    }),
  ];
}

/**
 * The site server's request pipeline (docs/architecture.md "Request path"), in numbered stages. Each request
 * uses one snapshot of the releases: the shell release of that snapshot decides URL rules, guards, sitemaps
 * and rendering; the squads' API modules of the same snapshot answer API paths.
 */
export function createRequestHandler(deps: RequestHandlerDeps) {
  const { config, host, pages } = deps;
  const { logger, releases, readClientAddress } = host;
  const writeSecurityHeaders = createSecurityHeaderWriter(config);
  const resolveCohort = createCohortResolver({ releases, secure: isSecureSite(config.SITE_URL) });
  const routes = createHostRoutes(deps);

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    // 1. The release snapshot: the visitor's canary cohort decides the versions of their pages and API calls (docs/releases.md "Canary").
    const cohort = await resolveCohort(req, (req.url ?? '/').split('?')[0]!).catch(() => ({ snapshot: releases.current(), setCookie: undefined }));
    const snapshot = cohort.snapshot;
    if (cohort.setCookie) res.appendHeader('set-cookie', cohort.setCookie);
    // 2. Security headers, once for every answer (a cached page replaces the CSP with its own nonce's).
    const nonce = createNonce();
    res.removeHeader('x-powered-by');
    writeSecurityHeaders(res, nonce, snapshot.browserOrigins);
    // 3. The URL, parsed once; a bad one shows the not-found page (docs/routing.md "Not found").
    let url: URL;
    try {
      url = new URL(req.url ?? '/', config.SITE_URL);
    } catch {
      url = new URL('/', config.SITE_URL);
      return pages.renderErrorDocument(res, { req, url, snapshot, nonce }, 404).catch(() => sendPlainError(res, 404));
    }
    const request: HostRequest = { req, res, url, method, snapshot, nonce };
    try {
      // 4. The route table: the first of the host's endpoints that answers ends the request.
      for (const route of routes) if (await route.answer(request)) return;
    } catch (error) {
      // 5. A failure: 413 for a body too large, else the localised 500 page, else a plain message.
      const status = (error as { status?: number }).status;
      if (status === 413 && !res.headersSent) return sendJson(res, 413, { error: 'request body too large' });
      logger.error('request failed', { path: url.pathname, error });
      if (res.headersSent || method !== 'GET') return sendPlainError(res, 500);
      try {
        await pages.renderErrorDocument(res, request, 500);
      } catch (renderError) {
        logger.error('error page failed', { path: url.pathname, error: renderError });
        sendPlainError(res, 500);
      }
    } finally {
      // 6. One log line per request.
      logger.debug('request', {
        method,
        path: url.pathname,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        client: readClientAddress(req),
      });
    }
  };
}

/** How often the server looks for connections past their head or request time-out (Node's default: 30 s). */
const CONNECTIONS_CHECK_INTERVAL_MS = 1000;

/**
 * The site's HTTP server: the request pipeline behind Node's parser, with every time-out set. Cached pages at
 * scale are Varnish's (docs/operations.md "Varnish in front"); this process keeps its in-process cache.
 */
export function createSiteServer(deps: RequestHandlerDeps): {
  server: Server;
  closeIdleConnections(): void;
  closeAllConnections(): void;
} {
  const { config } = deps;
  // docs/operations.md "Connections": every time-out set here, none left at Node's defaults (a head could
  // trickle in for 60 s, a body for 300 s, and the check ran only every 30 s).
  const requestTimeout = Math.max(config.HTTP_REQUEST_TIMEOUT_MS, config.HTTP_HEADERS_TIMEOUT_MS);
  const server = createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout,
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_INTERVAL_MS, config.HTTP_HEADERS_TIMEOUT_MS),
    },
    createRequestHandler(deps),
  );
  server.timeout = config.HTTP_IDLE_TIMEOUT_MS;
  return {
    server,
    closeIdleConnections: () => server.closeIdleConnections(),
    closeAllConnections: () => server.closeAllConnections(),
  };
}
