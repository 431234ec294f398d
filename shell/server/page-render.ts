import { readFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import type { Config } from '@reelkeep/platform/config';
import type { Logger } from '@reelkeep/platform/logger';
import type { PageOutcome, RenderBundle, RenderInput } from '../src/render-contract.ts';
import { listLiveVersions, type ReleaseSnapshot } from './release-snapshot.ts';
import type { LocaleStore } from '@reelkeep/platform/locale-store';
import { detectOs } from './visitor.ts';
import { describeEdgeVariant, PAGE_VARIANT_HEADER } from './edge-variant.ts';
import { ANONYMOUS } from './session.ts';
import { readPurgeTags } from '@reelkeep/platform/gateway';
import {
  CAMPAIGN_BANNER_CLOSED_COOKIE,
  CLIENT_IP_HEADER,
  isSecureSite,
  PRICE_EXPERIMENT_KEY,
  PRICE_VARIANT_COOKIE,
  toPriceVariant,
  serialiseRequestCookie,
  readCookie,
  toSameSitePath,
  type PriceVariant,
  type SessionState,
} from '@reelkeep/shared-contracts';
import type { PageCache, Rendition } from './page-cache.ts';
import type { PageCacheEntry } from './page-cache-store.ts';
import {
  buildCacheControl,
  computeEntityTag,
  decidePageCaching,
  decideStorable,
  isPrivateAnswer,
  matchesIfNoneMatch,
  mergeVary,
  toKeyTag,
  namesOnlyLiveReleases,
  readPathLocale,
  tagEntry,
  type CacheDecision,
} from './page-cache-rules.ts';
import { createSecurityHeaderWriter, describeClientTracking } from './security-headers.ts';
import { encodeEntry, readEncodedBody } from './page-cache-encoding.ts';
import { negotiateEncoding } from './content-encoding.ts';

const require = createRequire(import.meta.url);

interface LoadedShell {
  bundle: RenderBundle;
  assets: { scripts: string[]; styles: string[]; startScripts: string[] };
}

/** Loads the render bundle and entry files of a shell release (once per version). */
function createShellLoader(staticBaseUrl: string) {
  const loaded = new Map<string, Promise<LoadedShell>>();
  const load = (shell: NonNullable<ReleaseSnapshot['shell']>): Promise<LoadedShell> => {
    let entry = loaded.get(shell.version);
    if (!entry) {
      entry = (async () => {
        const exported = require(path.join(shell.dir, 'server', 'ssr.cjs')) as { default: RenderBundle };
        // `startScripts` is absent from the entry files of releases built before it existed.
        const files = JSON.parse(await readFile(path.join(shell.dir, 'browser', 'entry-assets.json'), 'utf8')) as Omit<
          LoadedShell['assets'],
          'startScripts'
        > & {
          startScripts?: string[];
        };
        const base = `${staticBaseUrl}/static/shell/${shell.version}/`;
        const urls = (names: readonly string[] = []) => names.map((name) => base + name);
        return {
          bundle: exported.default,
          assets: { scripts: urls(files.scripts), styles: urls(files.styles), startScripts: urls(files.startScripts) },
        };
      })();
      loaded.set(shell.version, entry);
    }
    return entry;
  };
  return load;
}

/** The response's `Vary` so far, as one string. */
function readVary(res: ServerResponse): string | undefined {
  const vary = res.getHeader('vary');
  return vary === undefined ? undefined : Array.isArray(vary) ? vary.join(', ') : String(vary);
}

/** A compressed stream into the response in the coding `negotiateEncoding` picks (Brotli at a cost a render can afford, or gzip). */
function compressFor(req: IncomingMessage, res: ServerResponse): NodeJS.WritableStream & { end(): void } {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  res.setHeader('vary', mergeVary(readVary(res), 'Accept-Encoding'));
  if (encoding === 'br') {
    res.setHeader('content-encoding', 'br');
    const brotli = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    brotli.pipe(res);
    return brotli;
  }
  if (encoding === 'gzip') {
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

/** Sends a stored entry's body, compressed as `negotiateEncoding` picks (as `compressFor` does), from bytes encoded once. */
function sendEntryBody(req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry): void {
  if (req.method === 'HEAD') return void res.end();
  res.setHeader('vary', mergeVary(readVary(res), 'Accept-Encoding'));
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.end(readEncodedBody(encodeEntry(entry), encoding));
}

/** Sends a whole body, compressed when the client accepts it; resolves once it is out. */
async function sendBody(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  if (req.method === 'HEAD') return void res.end();
  const sink = compressFor(req, res);
  sink.end(body);
  await finished(res).catch(() => undefined);
}

/** The whole document of a rendered page, as text. */
async function collectDocument(outcome: PageOutcome): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await outcome.pipe(sink);
  await finished(sink);
  return Buffer.concat(chunks).toString('utf8');
}

/** Tags of data an API answer was built from (the campaign squad's `campaigns`). */
const CACHE_TAGS_HEADER = 'x-cache-tags';
const CLOSED_BANNER_COOKIE = `${CAMPAIGN_BANNER_CLOSED_COOKIE}=1`;

/** Whether the visitor closed the campaign banner: a variant of the page the key covers (docs/operations.md "Page cache"). */
const isCampaignBannerClosed = (cookieHeader: string | undefined): boolean => readCookie(cookieHeader ?? null, CAMPAIGN_BANNER_CLOSED_COOKIE) === '1';

/** A visitor's experiments as the shell assigned them (docs/experiments.md "Assignment") and the cookies that keep them. */
interface AssignedVariant {
  /** The price variant (`old` while the price experiment is closed). */
  price: PriceVariant;
  /** Cookie name → variant: the store's A/B values. */
  values: Record<string, string>;
  /** Cookie name → variant, for what this page's HTML shows besides the price. */
  pageVariants: Record<string, string>;
  setCookies: string[];
}

/** What a request rendered itself, when the cache did not keep it: a redirect of its loader, or a body. */
type RenderedAnswer = { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; body: string };

/**
 * An API caller that notes whether any answer it got was for one visitor or one use only, and the data tags the
 * answers name (`x-cache-tags`), so a change of that data drops the page (docs/operations.md "Page cache").
 */
function watchPrivacy(fetchApi: RenderInput['fetchApi']) {
  const seen = { privateAnswer: false, dataTags: new Set<string>() };
  const watched: RenderInput['fetchApi'] = async (path, init) => {
    const response = await fetchApi(path, init);
    if (isPrivateAnswer(response.headers.get('cache-control'), response.headers.has('set-cookie'))) seen.privateAnswer = true;
    for (const tag of readPurgeTags(response.headers.get(CACHE_TAGS_HEADER))) seen.dataTags.add(tag);
    return response;
  };
  return { fetchApi: watched, seen };
}

/**
 * Renders pages and answers client-navigation data requests with the shell's render bundle, through the page
 * cache where the request may use it (docs/operations.md "Page cache"). A cacheable page renders with only
 * what its key covers: the URL without tracking parameters, no cookie but the price variant, no session.
 */
export function createPageRenderer(deps: {
  config: Config;
  logger: Logger;
  locales: LocaleStore;
  reportError: RenderInput['reportError'];
  cache: PageCache;
  /** The client's address behind trusted proxies (docs/security.md "Client addresses"): experiments by address, squads' limits. */
  readClientAddress: ClientAddressReader;
  /** The version of each app live now (a page entry must name only these). */
  liveVersions: () => Partial<Record<string, string>>;
  /** Experiments opened or closed in the console (docs/experiments.md "Opening and closing"); the price experiment stays AB_PLAN_PRICE_OPEN's. */
  experimentSwitches?: () => Readonly<Record<string, boolean>>;
  /** Counts a page render of a version, failed or not (docs/releases.md "Health per version"). */
  recordRender?: (app: string, version: string, failed: boolean) => void;
}) {
  const { config, cache } = deps;
  const loadShell = createShellLoader(config.ASSET_ORIGIN);
  const writeSecurityHeaders = createSecurityHeaderWriter(config);
  const trackingSettings = describeClientTracking(config);

  const requireShell = async (snapshot: ReleaseSnapshot): Promise<LoadedShell> => {
    if (!snapshot.shell) throw new Error('no shell release is live');
    return loadShell(snapshot.shell);
  };

  const assignVariant = (shell: LoadedShell, req: IncomingMessage, url: URL): AssignedVariant => {
    const visitor = {
      cookieHeader: req.headers.cookie,
      query: url.searchParams,
      clientIp: deps.readClientAddress(req),
      secure: isSecureSite(config.SITE_URL),
    };
    if (!shell.bundle.assignVisitor) {
      const price = shell.bundle.assignPriceVariant({ ...visitor, open: config.AB_PLAN_PRICE_OPEN });
      return { price: price.value, values: {}, pageVariants: {}, setCookies: price.setCookie ? [price.setCookie] : [] };
    }
    const assigned = shell.bundle.assignVisitor({
      ...visitor,
      pathname: url.pathname,
      openOverrides: { ...deps.experimentSwitches?.(), [PRICE_EXPERIMENT_KEY]: config.AB_PLAN_PRICE_OPEN },
    });
    const { [PRICE_VARIANT_COOKIE]: _price, ...pageVariants } = assigned.pageVariants;
    return { price: toPriceVariant(assigned.values[PRICE_VARIANT_COOKIE]), values: assigned.values, pageVariants, setCookies: assigned.setCookies };
  };

  /**
   * The render's input. `keyed`: the page may be cached, so loaders asking on the visitor's behalf see only
   * the price variant of the visitor's cookies, which the key covers.
   */
  const buildInput = (
    req: IncomingMessage,
    url: URL,
    snapshot: ReleaseSnapshot,
    shell: LoadedShell,
    options: {
      nonce: string;
      session: SessionState;
      ab: AssignedVariant;
      keyed: boolean;
      fetchApi?: RenderInput['fetchApi'];
      reportError?: RenderInput['reportError'];
    },
  ): RenderInput => {
    const { ab } = options;
    const visitorHeaders: Record<string, string> = { [CLIENT_IP_HEADER]: deps.readClientAddress(req) };
    const variantCookie = serialiseRequestCookie(PRICE_VARIANT_COOKIE, ab.price);
    // Loaders asking on the visitor's behalf see the variants this response assigns, before the old cookies (the first of a name counts).
    const cookies = options.keyed
      ? [config.AB_PLAN_PRICE_OPEN ? variantCookie : null, isCampaignBannerClosed(req.headers.cookie) ? CLOSED_BANNER_COOKIE : null]
      : [...Object.entries(ab.values).map(([name, value]) => serialiseRequestCookie(name, value)), req.headers.cookie];
    if (cookies.some(Boolean)) visitorHeaders.cookie = cookies.filter(Boolean).join('; ');
    return {
      url,
      siteUrl: config.SITE_URL,
      remotes: snapshot.remotes,
      shellAssets: shell.assets,
      loadResources: deps.locales.loadResources,
      fetchApi: options.fetchApi ?? snapshot.gateway.fetchApi,
      visitorHeaders,
      os: detectOs(req.headers['user-agent']),
      session: options.session,
      abValues: { ...ab.values, [PRICE_VARIANT_COOKIE]: ab.price },
      nonce: options.nonce,
      remoteTimeoutMs: config.REMOTE_LOAD_TIMEOUT_MS,
      renderTimeoutMs: config.RENDER_TIMEOUT_MS,
      reportError: options.reportError ?? deps.reportError,
      warn: (message, fields) => deps.logger.warn(message, fields),
      ...(config.SENTRY_DSN ? { monitoring: { sentryDsn: config.SENTRY_DSN, environment: config.NODE_ENV } } : {}),
      ...(trackingSettings ? { tracking: trackingSettings } : {}),
    };
  };

  /** Whether this request may use the cache (`path`: what was asked, `pageUrl`: the page it stands for). */
  const decide = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    pageUrl: URL,
    shell: LoadedShell,
    snapshot: ReleaseSnapshot,
    session: SessionState,
    ab: AssignedVariant,
  ): CacheDecision =>
    decidePageCaching({
      enabled: cache.enabled,
      method: req.method ?? 'GET',
      path,
      pagePath: pageUrl.pathname,
      search: pageUrl.search,
      route: shell.bundle.describeRoute?.(pageUrl.pathname),
      setsCookie: res.hasHeader('set-cookie'),
      variant: {
        locale: readPathLocale(pageUrl.pathname),
        os: detectOs(req.headers['user-agent']),
        signedIn: session.signedIn,
        priceVariant: config.AB_PLAN_PRICE_OPEN ? ab.price : null,
        campaignBannerClosed: isCampaignBannerClosed(req.headers.cookie),
        experiments: ab.pageVariants,
        cohort: snapshot.cohort,
      },
      versions: { shell: snapshot.shell?.version ?? '', locales: cache.localesVersion, remotes: listLiveVersions(snapshot) },
    });

  const markBypass = (res: ServerResponse, reason: string) => {
    res.setHeader('x-cache', 'BYPASS');
    cache.countBypass();
    deps.logger.debug('page cache bypassed', { reason });
  };

  /**
   * docs/releases.md "Health per version": one render of the route's remote in the request's snapshot (the shell's
   * when no route matches), failed when it reported an error or answered 5xx.
   */
  const watchRender = (snapshot: ReleaseSnapshot, shell: LoadedShell, pathname: string) => {
    let failed = false;
    const app = shell.bundle.describeRoute?.(pathname)?.remote ?? 'shell';
    return {
      reportError: ((message, error, extra) => {
        failed = true;
        deps.reportError(message, error, extra);
      }) satisfies RenderInput['reportError'],
      finish(status: number) {
        const version = listLiveVersions(snapshot)[app];
        if (version) deps.recordRender?.(app, version, failed || status >= 500);
      },
    };
  };

  /** Sends a stored entry: the same bytes, ETag and nonce for every hit; 304 when the client has them. */
  const sendEntry = async (req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry, served: string, snapshot: ReleaseSnapshot) => {
    res.statusCode = 200;
    res.setHeader('x-cache', served);
    if (entry.kind === 'data') {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      return void res.end(entry.body);
    }
    // The page's scripts carry the nonce of the render that made it: the CSP names that one (docs/operations.md "Page cache").
    writeSecurityHeaders(res, entry.nonce, snapshot.browserOrigins);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', buildCacheControl(true, cache.ttlS, cache.staleS));
    res.setHeader('vary', mergeVary(readVary(res), 'Accept-Encoding', 'Cookie', 'User-Agent'));
    res.setHeader('etag', entry.etag);
    // docs/operations.md "Varnish in front": the tags an edge purges by, and the variant this page was keyed by
    // (the edge keeps it only when its own description of the request is the same).
    res.setHeader('surrogate-key', [...entry.tags, toKeyTag(entry.key)].join(' '));
    res.setHeader(PAGE_VARIANT_HEADER, describeEdgeVariant(req.headers));
    if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
      res.statusCode = 304;
      return void res.end();
    }
    sendEntryBody(req, res, entry);
    await finished(res).catch(() => undefined);
  };

  /** Sends what a request rendered itself and the cache did not keep. */
  const sendRendered = async (req: IncomingMessage, res: ServerResponse, answer: RenderedAnswer) => {
    res.setHeader('x-cache', 'MISS');
    res.setHeader('cache-control', buildCacheControl(false, cache.ttlS, cache.staleS));
    res.statusCode = answer.status;
    if (answer.kind === 'redirect') {
      res.setHeader('location', toSameSiteLocation(answer.location, config.SITE_URL));
      return void res.end();
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (answer.status === 503) res.setHeader('retry-after', '30');
    await sendBody(req, res, answer.body);
  };

  /** Renders a cacheable page into an entry (or why not) and the rendering request's answer. */
  const renderForCache = async (
    req: IncomingMessage,
    url: URL,
    snapshot: ReleaseSnapshot,
    shell: LoadedShell,
    decision: Extract<CacheDecision, { kind: 'cacheable' }>,
    options: { nonce: string; ab: AssignedVariant },
  ): Promise<Rendition<RenderedAnswer>> => {
    const watched = watchPrivacy(snapshot.gateway.fetchApi);
    const health = watchRender(snapshot, shell, url.pathname);
    const input = buildInput(req, url, snapshot, shell, {
      ...options,
      session: ANONYMOUS,
      keyed: true,
      fetchApi: watched.fetchApi,
      reportError: health.reportError,
    });
    const outcome = await shell.bundle.renderDocument(input);
    if (outcome.kind === 'redirect') return { entry: null, answer: { kind: 'redirect', status: outcome.status, location: outcome.location } };
    const body = await collectDocument(outcome);
    health.finish(outcome.status);
    const verdict = decideStorable({
      status: outcome.status,
      readPrivateAnswer: watched.seen.privateAnswer,
      bytes: Buffer.byteLength(body),
      maxBytes: config.PAGE_CACHE_MAX_BYTES,
    });
    if (!verdict.store) deps.logger.debug('page not cached', { key: decision.key, reason: verdict.reason });
    const entry: PageCacheEntry | null = verdict.store
      ? {
          key: decision.key,
          kind: 'document',
          body,
          etag: computeEntityTag(body),
          nonce: options.nonce,
          tags: tagEntry({
            kind: 'document',
            body,
            remote: decision.remote,
            versions: listLiveVersions(snapshot),
            dataTags: [...watched.seen.dataTags],
            pagePath: new URL(decision.renderPath, config.SITE_URL).pathname,
          }),
          storedAt: Date.now(),
        }
      : null;
    return { entry, answer: { kind: 'page', status: outcome.status, body } };
  };

  return {
    /** The render bundle of the snapshot's shell version (its page gate, sitemaps, robots.txt). */
    async loadBundle(snapshot: ReleaseSnapshot): Promise<RenderBundle> {
      return (await requireShell(snapshot)).bundle;
    },

    /**
     * A page: from the cache when the request may use it (`x-cache` says how), else rendered and streamed;
     * resolves with the entry it was sent from, if any.
     */
    async renderDocument(
      req: IncomingMessage,
      res: ServerResponse,
      url: URL,
      snapshot: ReleaseSnapshot,
      nonce: string,
      session: SessionState,
    ): Promise<PageCacheEntry | undefined> {
      const shell = await requireShell(snapshot);
      const ab = assignVariant(shell, req, url);
      for (const cookie of ab.setCookies) res.appendHeader('set-cookie', cookie);
      const decision = decide(req, res, url.pathname, url, shell, snapshot, session, ab);
      if (decision.kind === 'cacheable') {
        const renderUrl = new URL(decision.renderPath, config.SITE_URL);
        const served = await cache.serve(decision.key, {
          // The versions of the visitor's snapshot: the live ones, or a canary cohort's (docs/releases.md "Canary").
          isLive: (entry) => namesOnlyLiveReleases(entry.tags, snapshot.cohort === '-' ? deps.liveVersions() : listLiveVersions(snapshot)),
          render: () => renderForCache(req, renderUrl, snapshot, shell, decision, { nonce, ab }),
        });
        // docs/releases.md "Health per version": a page served from the cache counts as served by its versions too.
        if (served.status !== 'MISS') {
          const app = decision.remote;
          const version = listLiveVersions(snapshot)[app];
          if (version) deps.recordRender?.(app, version, false);
        }
        if (served.entry === null) return void (await sendRendered(req, res, served.answer));
        await sendEntry(req, res, served.entry, served.status, snapshot);
        return served.entry;
      }
      markBypass(res, decision.reason);
      const health = watchRender(snapshot, shell, url.pathname);
      const outcome = await shell.bundle.renderDocument(
        buildInput(req, url, snapshot, shell, { nonce, session, ab, keyed: false, reportError: health.reportError }),
      );
      if (outcome.kind === 'redirect') {
        res.statusCode = outcome.status;
        res.setHeader('location', toSameSiteLocation(outcome.location, config.SITE_URL));
        res.setHeader('cache-control', 'no-store');
        res.end();
        return;
      }
      res.statusCode = outcome.status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', buildCacheControl(false, cache.ttlS, cache.staleS));
      if (outcome.status === 503) res.setHeader('retry-after', '30');
      if (req.method === 'HEAD') {
        await outcome.pipe(new Writable({ write: (_c, _e, callback) => callback() }) as unknown as ServerResponse);
        health.finish(outcome.status);
        return void res.end();
      }
      await outcome.pipe(compressFor(req, res) as unknown as ServerResponse);
      health.finish(outcome.status);
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
      const shell = await requireShell(snapshot);
      const ab = assignVariant(shell, req, url);
      const outcome = await shell.bundle.renderErrorDocument(
        buildInput(req, url, snapshot, shell, { nonce, session: ANONYMOUS, ab, keyed: false }),
        status,
      );
      markBypass(res, 'error-page');
      res.statusCode = outcome.status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      await outcome.pipe(res);
    },

    /**
     * A client navigation's data (`/_data/<path>`), with the snapshot pinned to the versions its page names;
     * from the cache for anonymous visitors, as pages are.
     */
    async sendPageData(req: IncomingMessage, res: ServerResponse, url: URL, snapshot: ReleaseSnapshot, session: SessionState): Promise<void> {
      const shell = await requireShell(snapshot);
      const ab = assignVariant(shell, req, url);
      for (const cookie of ab.setCookies) res.appendHeader('set-cookie', cookie);
      const toBody = (outcome: Awaited<ReturnType<RenderBundle['loadPageData']>>) =>
        JSON.stringify(
          outcome.kind === 'redirect' ? { redirect: toSameSiteLocation(outcome.location, config.SITE_URL) } : { payload: outcome.payload },
        );
      const send = (body: string) => {
        res.statusCode = 200;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(body);
      };
      const decision = decide(req, res, `/_data${url.pathname}`, url, shell, snapshot, session, ab);
      if (decision.kind === 'bypass') {
        markBypass(res, decision.reason);
        return send(toBody(await shell.bundle.loadPageData(buildInput(req, url, snapshot, shell, { nonce: '', session, ab, keyed: false }))));
      }
      const versions = listLiveVersions(snapshot);
      const served = await cache.serve(decision.key, {
        isLive: (entry) => namesOnlyLiveReleases(entry.tags, versions),
        render: async () => {
          const watched = watchPrivacy(snapshot.gateway.fetchApi);
          const renderUrl = new URL(decision.renderPath, config.SITE_URL);
          const input = buildInput(req, renderUrl, snapshot, shell, { nonce: '', session: ANONYMOUS, ab, keyed: true, fetchApi: watched.fetchApi });
          const outcome = await shell.bundle.loadPageData(input);
          const body = toBody(outcome);
          const verdict = decideStorable({
            status: outcome.kind === 'data' ? outcome.payload.status : 303,
            readPrivateAnswer: watched.seen.privateAnswer,
            bytes: Buffer.byteLength(body),
            maxBytes: config.PAGE_CACHE_MAX_BYTES,
          });
          const entry: PageCacheEntry | null = verdict.store
            ? {
                key: decision.key,
                kind: 'data',
                body,
                etag: computeEntityTag(body),
                nonce: '',
                tags: tagEntry({
                  kind: 'data',
                  body,
                  remote: decision.remote,
                  versions,
                  dataTags: [...watched.seen.dataTags],
                  pagePath: new URL(decision.renderPath, config.SITE_URL).pathname,
                }),
                storedAt: Date.now(),
              }
            : null;
          return { entry, answer: body };
        },
      });
      if (served.entry) return sendEntry(req, res, served.entry, served.status, snapshot);
      res.setHeader('x-cache', 'MISS');
      send(served.answer);
    },

    /** Health of each live remote: whether its server container loads and honours the contract. */
    async probeRemotes(snapshot: ReleaseSnapshot) {
      if (!snapshot.shell) return [];
      const { bundle } = await loadShell(snapshot.shell);
      return Promise.all(snapshot.remotes.map((remote) => bundle.probeRemote(remote, config.REMOTE_LOAD_TIMEOUT_MS)));
    },
  };
}
