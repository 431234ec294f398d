import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Config } from '@reelkeep/platform/config';
import type { Logger } from '@reelkeep/platform/logger';
import type { RenderBundle, RenderInput } from '../src/render-contract.ts';
import type { ReleaseSnapshot } from './release-snapshot.ts';
import type { LocaleStore } from '@reelkeep/platform/locale-store';
import { detectOs } from './visitor.ts';
import { ANONYMOUS } from './session.ts';
import { CLIENT_IP_HEADER, isSecureSite, PRICE_VARIANT_COOKIE, toSameSitePath, type SessionState } from '@reelkeep/shared-contracts';

const require = createRequire(import.meta.url);

interface LoadedShell {
  bundle: RenderBundle;
  assets: { scripts: string[]; styles: string[] };
}

/** Loads the render bundle and entry files of a shell release (once per version). */
function createShellLoader(staticBaseUrl: string) {
  const loaded = new Map<string, Promise<LoadedShell>>();
  return (shell: NonNullable<ReleaseSnapshot['shell']>): Promise<LoadedShell> => {
    let entry = loaded.get(shell.version);
    if (!entry) {
      entry = (async () => {
        const exported = require(path.join(shell.dir, 'server', 'ssr.cjs')) as { default: RenderBundle };
        const files = JSON.parse(await readFile(path.join(shell.dir, 'browser', 'entry-assets.json'), 'utf8')) as LoadedShell['assets'];
        const base = `${staticBaseUrl}/static/shell/${shell.version}/`;
        return { bundle: exported.default, assets: { scripts: files.scripts.map((f) => base + f), styles: files.styles.map((f) => base + f) } };
      })();
      loaded.set(shell.version, entry);
    }
    return entry;
  };
}

/** A compressed stream into the response when the client accepts one (Brotli at a cost a render can afford, or gzip). */
function compressFor(req: IncomingMessage, res: ServerResponse): NodeJS.WritableStream & { end(): void } {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const vary = res.getHeader('vary');
  res.setHeader('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    res.setHeader('content-encoding', 'br');
    const brotli = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    brotli.pipe(res);
    return brotli;
  }
  if (/\bgzip\b/.test(accepted)) {
    res.setHeader('content-encoding', 'gzip');
    const gzip = createGzip({ level: 6 });
    gzip.pipe(res);
    return gzip;
  }
  return res;
}

/** Only same-site paths may be redirect targets (docs/security.md "Redirects"). */
function toSameSiteLocation(location: string, siteUrl: string): string {
  return toSameSitePath(location, siteUrl) ?? '/';
}

/** Renders pages and answers client-navigation data requests with the shell's render bundle. */
export function createPageRenderer(deps: { config: Config; logger: Logger; locales: LocaleStore; reportError: RenderInput['reportError'] }) {
  const loadShell = createShellLoader(deps.config.STATIC_BASE_URL);

  const buildInput = async (req: IncomingMessage, url: URL, snapshot: ReleaseSnapshot, nonce: string, session: SessionState = ANONYMOUS) => {
    if (!snapshot.shell) throw new Error('no shell release is live');
    const shell = await loadShell(snapshot.shell);
    const clientIp = req.socket.remoteAddress ?? 'unknown';
    const ab = shell.bundle.assignPriceVariant({
      cookieHeader: req.headers.cookie,
      query: url.searchParams,
      clientIp,
      open: deps.config.AB_PLAN_PRICE_OPEN,
      secure: isSecureSite(deps.config.SITE_URL),
    });
    const visitorHeaders: Record<string, string> = { [CLIENT_IP_HEADER]: clientIp };
    // Loaders asking on the visitor's behalf see the variant this response assigns, not only the old cookie.
    const cookies = [req.headers.cookie, ab.setCookie && !ab.setCookie.includes('Max-Age=0') ? `${PRICE_VARIANT_COOKIE}=${ab.value}` : null].filter(
      Boolean,
    );
    if (cookies.length > 0) visitorHeaders.cookie = cookies.join('; ');
    const input: RenderInput = {
      url,
      siteUrl: deps.config.SITE_URL,
      remotes: snapshot.remotes,
      shellAssets: shell.assets,
      loadResources: deps.locales.loadResources,
      fetchApi: snapshot.gateway.fetchApi,
      visitorHeaders,
      os: detectOs(req.headers['user-agent']),
      session,
      abValues: { [PRICE_VARIANT_COOKIE]: ab.value },
      nonce,
      remoteTimeoutMs: deps.config.REMOTE_LOAD_TIMEOUT_MS,
      renderTimeoutMs: deps.config.RENDER_TIMEOUT_MS,
      reportError: deps.reportError,
      warn: (message, fields) => deps.logger.warn(message, fields),
      ...(deps.config.SENTRY_DSN ? { monitoring: { sentryDsn: deps.config.SENTRY_DSN, environment: deps.config.NODE_ENV } } : {}),
    };
    return { shell, input, setCookie: ab.setCookie };
  };

  return {
    /** The render bundle of the snapshot's shell version (its page gate, sitemaps, robots.txt). */
    async loadBundle(snapshot: ReleaseSnapshot): Promise<RenderBundle> {
      if (!snapshot.shell) throw new Error('no shell release is live');
      return (await loadShell(snapshot.shell)).bundle;
    },

    async renderDocument(
      req: IncomingMessage,
      res: ServerResponse,
      url: URL,
      snapshot: ReleaseSnapshot,
      nonce: string,
      session: SessionState,
    ): Promise<void> {
      const { shell, input, setCookie } = await buildInput(req, url, snapshot, nonce, session);
      if (setCookie) res.appendHeader('set-cookie', setCookie);
      const outcome = await shell.bundle.renderDocument(input);
      if (outcome.kind === 'redirect') {
        res.statusCode = outcome.status;
        res.setHeader('location', toSameSiteLocation(outcome.location, deps.config.SITE_URL));
        res.end();
        return;
      }
      res.statusCode = outcome.status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-cache');
      if (outcome.status === 503) res.setHeader('retry-after', '30');
      if (req.method === 'HEAD') {
        await outcome.pipe(new Writable({ write: (_c, _e, callback) => callback() }) as unknown as ServerResponse);
        return void res.end();
      }
      await outcome.pipe(compressFor(req, res) as unknown as ServerResponse);
    },

    /** The localised 500 page; the caller falls back to a plain message if this fails too. */
    async renderErrorDocument(
      req: IncomingMessage,
      res: ServerResponse,
      url: URL,
      snapshot: ReleaseSnapshot,
      nonce: string,
      status: number,
    ): Promise<void> {
      const { shell, input } = await buildInput(req, url, snapshot, nonce);
      const outcome = await shell.bundle.renderErrorDocument(input, status);
      res.statusCode = outcome.status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      await outcome.pipe(res);
    },

    async sendPageData(req: IncomingMessage, res: ServerResponse, url: URL, snapshot: ReleaseSnapshot, session: SessionState): Promise<void> {
      const { shell, input, setCookie } = await buildInput(req, url, snapshot, '', session);
      if (setCookie) res.appendHeader('set-cookie', setCookie);
      const outcome = await shell.bundle.loadPageData(input);
      const body =
        outcome.kind === 'redirect' ? { redirect: toSameSiteLocation(outcome.location, deps.config.SITE_URL) } : { payload: outcome.payload };
      res.statusCode = 200;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(JSON.stringify(body));
    },

    /** Health of each live remote: whether its server container loads and honours the contract. */
    async probeRemotes(snapshot: ReleaseSnapshot) {
      if (!snapshot.shell) return [];
      const { bundle } = await loadShell(snapshot.shell);
      return Promise.all(snapshot.remotes.map((remote) => bundle.probeRemote(remote, deps.config.REMOTE_LOAD_TIMEOUT_MS)));
    },
  };
}
