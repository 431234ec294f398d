import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { APP_OF_SQUAD, isLocale, isSecureSite, PUSH_SERVICE_WORKER_PATH, SQUADS, type SquadName } from '@reelkeep/shared-contracts';
import type { Config } from '@reelkeep/platform/config';
import { toGuardRequest } from '@reelkeep/platform/console-guard';
import type { ConsolePermission } from '@reelkeep/shared-contracts/console';
import { NAMESPACE_PATTERN } from '@reelkeep/platform/locale-store';
import { createNonce, createSecurityHeaderWriter } from './http/security-headers.ts';
import { sendJson } from './http/json-response.ts';
import { createPageCacheAdmin } from './admin/page-cache-admin.ts';
import { createReleaseAdmin } from './admin/release-admin.ts';
import { sendFile, STATIC_PATH, type SendFileOptions } from './http/static-files.ts';
import type { createPageRenderer } from './pages/page-render.ts';
import { createSessionReader } from './http/session.ts';
import type { Host } from './host.ts';
import { listLiveVersions, type ReleaseSnapshot } from './releases/release-snapshot.ts';
import { createCohortResolver } from './releases/canary-cohort.ts';
import { createReleaseBeaconHandler, RELEASE_BEACON_LIMIT, RELEASE_BEACON_WINDOW_MS } from './releases/release-beacon.ts';
import { toConsoleHealth } from './console/console-releases-section.ts';
import { findDictionaryTags, sendDictionary } from './releases/release-texts.ts';
import { createConsoleHandler, CONSOLE_ACCOUNT_LIMIT, CONSOLE_LIMIT_WINDOW_MS, CONSOLE_SIGN_IN_LIMIT } from './console/console-handler.ts';
import { createConsoleSectionSource } from './console/console-section-source.ts';

const PUBLIC_DIR = path.join(import.meta.dirname, 'public');
/** The push service worker in the shell release's `worker/` folder (shell/rspack.config.ts). */
const SERVICE_WORKER_FILE = 'webpush-sw.js';
/** The worker fetches only the site's own API (its reports); it loads no other script, style or frame. */
const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; script-src 'self'";

/** The last resort when even the error page cannot render (a generic message with a link home: docs/frame.md "Error pages"). */
function sendPlainError(res: ServerResponse, status: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ReelKeep</title></head><body><h1>Something went wrong.</h1><p><a href="/">Go to the home page</a></p></body></html>`,
  );
}

/** The shell's own admin pages (`GET`/`HEAD`), behind the same guard as the squads' routes, each with the permission it needs. */
const ADMIN_PATHS = new Map<string, ConsolePermission>([
  ['/admin/releases', { resource: 'release', action: 'read' }],
  ['/admin/outbox', { resource: 'mail', action: 'read' }],
]);
/** The health of each squad's API in a snapshot, for the admin status. */
function describeApis(snapshot: ReleaseSnapshot) {
  return SQUADS.map((squad: SquadName) => {
    const api = snapshot.apis.get(squad);
    if (!api) return { squad, app: APP_OF_SQUAD[squad], state: 'absent' as const };
    const routes =
      api.state === 'failed'
        ? []
        : api.routes.map(({ method, path, callers, maxBodyBytes }) => ({
            method,
            path,
            callers: callers ?? 'site',
            ...(maxBodyBytes ? { maxBodyBytes } : {}),
          }));
    return {
      squad,
      app: APP_OF_SQUAD[squad],
      version: api.version,
      state: api.state,
      ...(api.state === 'failed' ? { error: api.error } : {}),
      routes,
    };
  });
}

/**
 * The site server's request pipeline (docs/architecture.md "Architecture"). Each request uses one snapshot of the
 * releases: the live shell release decides URL rules, guards, sitemaps and rendering; the squads' API
 * modules of the same snapshot answer API paths.
 */
export function createRequestHandler(deps: { config: Config; host: Host; pages: ReturnType<typeof createPageRenderer> }) {
  const { config, host, pages } = deps;
  const { logger, releases, locales, mailer, consoleGuard, pageCache, readClientAddress } = host;
  const writeSecurityHeaders = createSecurityHeaderWriter(config);
  const readSession = createSessionReader((path, init) => releases.current().gateway.fetchApi(path, init));
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
  const resolveCohort = createCohortResolver({ releases, secure: isSecureSite(config.SITE_URL) });
  const startedAt = new Date().toISOString();
  /** A page answer the cache had no part in (a URL rule's redirect). */
  const refusedFiles = new Set<string>();
  /** docs/releases.md "Loading": a release's file is served only while its bytes match the hash recorded at build. */
  const verifyAgainst = (app: string, version: string, folder: string): Pick<SendFileOptions, 'readRecordedHash' | 'onMismatch'> => ({
    readRecordedHash: (relative) => releases.readRecordedHash(app, version, `${folder}/${relative}`),
    onMismatch: (relative) => {
      const file = `${app}@${version}/${folder}/${relative}`;
      if (refusedFiles.has(file)) return;
      refusedFiles.add(file);
      logger.error('release file refused: not recorded by its build, or changed since', { file: file.slice(0, 300) });
    },
  });
  const bypassCache = (res: ServerResponse) => {
    res.setHeader('x-cache', 'BYPASS');
    pageCache.countBypass();
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const nonce = createNonce();
    // docs/releases.md "Canary": the visitor's cohort decides the versions of their pages and API calls.
    const cohort = await resolveCohort(req, (req.url ?? '/').split('?')[0]!).catch(() => ({ snapshot: releases.current(), setCookie: undefined }));
    const snapshot = cohort.snapshot;
    if (cohort.setCookie) res.appendHeader('set-cookie', cohort.setCookie);
    res.removeHeader('x-powered-by');
    writeSecurityHeaders(res, nonce, snapshot.browserOrigins);
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', config.SITE_URL);
    } catch {
      // docs/routing.md "Not found": a bad request shows the not-found page with status 404.
      url = new URL('/', config.SITE_URL);
      return pages.renderErrorDocument(req, res, url, snapshot, nonce, 404).catch(() => sendPlainError(res, 404));
    }
    try {
      const staticMatch = STATIC_PATH.exec(url.pathname);
      if (staticMatch && (method === 'GET' || method === 'HEAD')) {
        const [, app, version, file] = staticMatch;
        const root = path.join(config.RELEASES_DIR, app!, version!, 'browser');
        if (await sendFile(res, root, file!, method, { acceptEncoding: req.headers['accept-encoding'], ...verifyAgainst(app!, version!, 'browser') }))
          return;
        return sendJson(res, 404, { error: 'not found' });
      }
      if (url.pathname === PUSH_SERVICE_WORKER_PATH && (method === 'GET' || method === 'HEAD')) {
        // docs/push.md "The service worker": its own CSP (it runs no page), revalidated on every registration
        // check, never in the page cache; no Service-Worker-Allowed, so its scope can never grow past /webpush/.
        res.setHeader('content-security-policy', SERVICE_WORKER_CSP);
        const shellDir = snapshot.dirs.shell;
        const shellVersion = snapshot.shell?.version;
        if (
          shellDir &&
          shellVersion &&
          (await sendFile(res, path.join(shellDir, 'worker'), SERVICE_WORKER_FILE, method, {
            cacheControl: 'no-cache',
            ...verifyAgainst('shell', shellVersion, 'worker'),
          }))
        )
          return;
        return sendJson(res, 404, { error: 'not found' });
      }
      // A squad's public files ship with its release: the live one's `public/` answers.
      const assetMatch = /^\/assets\/([a-z]+)\/([0-9A-Za-z._-]+)$/.exec(url.pathname);
      const assetSquad = assetMatch && (SQUADS as readonly string[]).includes(assetMatch[1]!) ? (assetMatch[1] as SquadName) : undefined;
      const assetApp = assetSquad ? APP_OF_SQUAD[assetSquad] : undefined;
      const releaseDir = assetApp ? snapshot.dirs[assetApp] : undefined;
      const assetVersion = assetApp ? listLiveVersions(snapshot)[assetApp] : undefined;
      const assetDir = releaseDir ? path.join(releaseDir, 'public') : undefined;
      if (assetMatch && assetApp && assetVersion && assetDir && (method === 'GET' || method === 'HEAD')) {
        const verified = verifyAgainst(assetApp, assetVersion, 'public');
        if (await sendFile(res, assetDir, assetMatch[2]!, method, { cacheControl: 'public, max-age=86400', ...verified })) return;
        return sendJson(res, 404, { error: 'not found' });
      }
      const localeMatch = /^\/locales\/([a-z]{2})\/([a-z0-9_]+)\.json$/.exec(url.pathname);
      if (localeMatch && (method === 'GET' || method === 'HEAD')) {
        const [, locale, namespace] = localeMatch;
        const dictionary = isLocale(locale!) && NAMESPACE_PATTERN.test(namespace!) ? await locales.load(locale, namespace!) : null;
        if (!dictionary) return sendJson(res, 404, { error: 'not found' });
        // docs/i18n.md "Texts ship with their squad": the same for every visitor; the edge keeps it until the owner's release switches.
        return sendDictionary(req, res, dictionary, method, findDictionaryTags(namespace!, listLiveVersions(snapshot)));
      }
      if (url.pathname === '/favicon.ico' || url.pathname === '/og-image.png') {
        if (await sendFile(res, PUBLIC_DIR, url.pathname.slice(1), method, { cacheControl: 'public, max-age=86400' })) return;
      }
      if (url.pathname === '/robots.txt') {
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.setHeader('cache-control', 'public, max-age=3600');
        return void res.end((await pages.loadBundle(snapshot)).renderRobots(config.SITE_URL));
      }
      const sitemapMatch = url.pathname === '/sitemap.xml' ? 'index' : /^\/sitemaps\/([a-z]+)\.xml$/.exec(url.pathname)?.[1];
      if (sitemapMatch && (method === 'GET' || method === 'HEAD')) {
        const xml = await (await pages.loadBundle(snapshot)).readSitemap(sitemapMatch, config.SITE_URL, snapshot.gateway.fetchApi);
        if (!xml) return sendJson(res, 404, { error: 'not found' });
        res.setHeader('content-type', 'application/xml; charset=utf-8');
        res.setHeader('cache-control', 'public, max-age=600');
        return void res.end(method === 'HEAD' ? undefined : xml);
      }
      const adminPermission = ADMIN_PATHS.get(url.pathname);
      if (adminPermission && (method === 'GET' || method === 'HEAD')) {
        const decision = await consoleGuard.check(toGuardRequest(req, readClientAddress(req)), adminPermission);
        if (!decision.allowed) {
          if (decision.retryAfterSeconds) res.setHeader('retry-after', String(decision.retryAfterSeconds));
          return sendJson(res, decision.status, { error: decision.reason }, method);
        }
      }
      if (url.pathname === '/admin/releases' && (method === 'GET' || method === 'HEAD')) {
        const health = await pages.probeRemotes(snapshot);
        return sendJson(
          res,
          200,
          {
            startedAt,
            pid: process.pid,
            // The versions this instance serves: a live version refused at load leaves the last good one (docs/releases.md "Loading").
            live: listLiveVersions(snapshot),
            // docs/releases.md "Canary": the canaries this instance serves beside the live versions.
            canaries: releases.canaries(),
            remotes: health,
            apis: describeApis(snapshot),
            history: snapshot.state.history.slice(-50),
          },
          method,
        );
      }
      if (url.pathname === '/admin/outbox' && (method === 'GET' || method === 'HEAD')) {
        return sendJson(res, 200, { messages: await mailer.listOutbox() }, method);
      }
      if (await handleReleaseBeacon(req, res, url)) return;
      if (await handleConsole(req, res, url, nonce)) return;
      if (await handleCacheAdmin(req, res, url)) return;
      if (await handleReleaseAdmin(req, res, url)) return;
      if (await snapshot.gateway.handle(req, res, url)) return;
      // An API path no squad answers does not exist, whatever the method (never a page, never a 405).
      if (url.pathname.startsWith('/api/')) return sendJson(res, 404, { cscode: 404, error: 'not found' }, method);
      const bundle = await pages.loadBundle(snapshot);
      if (url.pathname.startsWith('/_data/') && method === 'GET') {
        const pagePath = (req.url ?? '').slice('/_data'.length);
        const pageUrl = new URL(pagePath, config.SITE_URL);
        const session = await readSession(req.headers.cookie);
        const gate = bundle.decidePageRequest({ url: pagePath, headers: req.headers }, config.SITE_URL, session.signedIn);
        if (gate.kind === 'redirect') {
          bypassCache(res);
          return sendJson(res, 200, { redirect: gate.location });
        }
        const versions = req.headers['x-remote-versions'];
        return await pages.sendPageData(
          req,
          res,
          pageUrl,
          await releases.pinned(typeof versions === 'string' ? versions : undefined, snapshot),
          session,
        );
      }
      if (method !== 'GET' && method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD');
        return sendJson(res, 405, { error: 'method not allowed' });
      }
      const session = await readSession(req.headers.cookie);
      const gate = bundle.decidePageRequest(req, config.SITE_URL, session.signedIn);
      for (const [name, value] of Object.entries(gate.headers)) res.setHeader(name, value);
      if (gate.kind === 'redirect') {
        bypassCache(res);
        res.statusCode = gate.status;
        res.setHeader('location', gate.location);
        res.setHeader('cache-control', gate.status === 301 ? 'public, max-age=3600' : 'no-store');
        return void res.end();
      }
      if (gate.kind === 'not-found') {
        logger.info('not found by URL rules', { path: url.pathname.slice(0, 200), reason: gate.reason });
        return await pages.renderErrorDocument(req, res, url, snapshot, nonce, 404);
      }
      await pages.renderDocument(req, res, url, snapshot, nonce, session);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 413 && !res.headersSent) return sendJson(res, 413, { error: 'request body too large' });
      logger.error('request failed', { path: url.pathname, error });
      if (res.headersSent || method !== 'GET') return sendPlainError(res, 500);
      try {
        await pages.renderErrorDocument(req, res, url, snapshot, nonce, 500);
      } catch (renderError) {
        logger.error('error page failed', { path: url.pathname, error: renderError });
        sendPlainError(res, 500);
      }
    } finally {
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
export function createSiteServer(deps: { config: Config; host: Host; pages: ReturnType<typeof createPageRenderer> }): {
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
