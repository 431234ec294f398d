import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, redirect, StaticRouterProvider, type LoaderFunctionArgs } from 'react-router';
import {
  CONTRACT_VERSION,
  HREFLANG,
  DEFAULT_LOCALE,
  toLocalePrefix,
  toSameSitePath,
  PAGE_VERDICT,
  readPageVerdict,
  type RedirectResult,
  type HydrationState,
  type Locale,
  type PagePayload,
  type RemoteName,
  type RemotePageModule,
  type SharedState,
  type Translate,
} from '@reelkeep/shared-contracts';
import { createI18n, type NamespaceResources } from './i18n/create-i18n.ts';
import { PageModulesContext } from './federation/page-modules.ts';
import { createStaticNavigator, NavigatorContext } from './routing/navigator.ts';
import { FrameDataContext } from './app/frame-data.ts';
import { loadServerPageModule } from './federation/server-remotes.ts';
import { createRouteObjects } from './server-routes.tsx';
import { resolvePath, ROUTE_BY_NAME, splitLocale } from './routing/route-table.ts';
import { listAlternates, toAbsoluteUrl } from './routing/site-paths.ts';
import { createSiteStore } from './store/create-site-store.ts';
import { escapeHtml, serialiseForScript } from './server-html.ts';
import type { DataOutcome, PageOutcome, PinnedRemoteRelease, RedirectOutcome, RemoteHealth, RenderBundle, RenderInput } from './render-contract.ts';
import { decidePageRequest } from './page-gate.ts';
import { createSitemaps, renderRobots } from './sitemap.ts';
import { assignPlanPriceVariant } from './ab-test.ts';
import { createFrameDataLoader } from './frame-data-loader.ts';

/** What the root loader hands to the render besides the payload. */
interface ResolvedPage {
  payload: PagePayload;
  locale: Locale;
  resources: NamespaceResources;
  modules: Map<RemoteName, RemotePageModule>;
}

interface RequestContext {
  input: RenderInput;
  /** Render the localised error page with this status instead of the route (spec §2 error pages). */
  errorStatus?: number;
  resolved?: ResolvedPage;
}

const NOT_FOUND_NAMESPACES = ['common'];

/** The share image of pages that name none (1200 × 630, served by the shell). */
const DEFAULT_SHARE_IMAGE = '/og-image.png';

/** Open Graph locale of each site locale. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', fr: 'fr_FR', zh: 'zh_TW', ja: 'ja_JP', de: 'de_DE', es: 'es_ES', pt: 'pt_BR', it: 'it_IT' };

async function resolvePage(input: RenderInput): Promise<ResolvedPage> {
  const split = splitLocale(input.url.pathname);
  const locale = split?.locale ?? DEFAULT_LOCALE;
  const match = resolvePath(input.url.pathname);
  const modules = new Map<RemoteName, RemotePageModule>();
  const notFound = async (status: number): Promise<ResolvedPage> => {
    const resources = await input.loadResources(locale, NOT_FOUND_NAMESPACES);
    const t = createI18n(locale, resources).t;
    return {
      locale,
      resources,
      modules,
      payload: {
        status,
        match: null,
        head: { title: t('not_found.meta_title'), description: t('not_found.description') },
        data: null,
        namespaces: NOT_FOUND_NAMESPACES,
        unavailable: [],
      },
    };
  };
  if (!match) return notFound(404);

  const { definition, ...routeMatch } = match;
  const unavailable = async (reason: unknown): Promise<ResolvedPage> => {
    input.reportError(`remote ${definition.remote} unavailable for ${definition.name}`, reason, { path: input.url.pathname });
    const resources = await input.loadResources(locale, NOT_FOUND_NAMESPACES);
    const t = createI18n(locale, resources).t;
    return {
      locale,
      resources,
      modules,
      payload: {
        status: 503,
        match: routeMatch,
        head: { title: t('remote_unavailable.meta_title'), description: t('remote_unavailable.body') },
        data: null,
        namespaces: NOT_FOUND_NAMESPACES,
        unavailable: [definition.remote],
      },
    };
  };

  const pinned = input.remotes.find((remote) => remote.name === definition.remote);
  if (!pinned) return unavailable(new Error('no live version in the registry'));
  let module: RemotePageModule;
  try {
    module = await loadServerPageModule(pinned, input.remoteTimeoutMs);
  } catch (error) {
    return unavailable(error);
  }
  const page = module.pages[definition.name];
  if (!page) return unavailable(new Error(`the remote does not render ${definition.name}`));
  modules.set(definition.remote, module);

  let data: unknown = null;
  if (page.loader) {
    try {
      let timer: ReturnType<typeof setTimeout> | undefined;
      data = await Promise.race([
        Promise.resolve(
          page.loader({
            ...routeMatch,
            url: input.url,
            fetchApi: input.fetchApi,
            fetchAsVisitor: (path, init) =>
              input.fetchApi(path, { ...init, headers: { ...input.visitorHeaders, ...Object.fromEntries(new Headers(init?.headers)) } }),
          }),
        ),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`loader not done within ${input.remoteTimeoutMs} ms`)), input.remoteTimeoutMs);
        }),
      ]).finally(() => clearTimeout(timer));
    } catch (error) {
      return unavailable(error);
    }
    const verdict = readPageVerdict(data);
    if (verdict?.[PAGE_VERDICT] === 'not-found') return notFound(404);
    if (verdict?.[PAGE_VERDICT] === 'redirect') {
      // Same-site paths only (docs/security.md "Redirects"); the server checks the Location again before sending it.
      throw redirect(toSameSitePath((verdict as RedirectResult).location, input.siteUrl) ?? '/', 303);
    }
  }
  const namespaces = ['common', ...page.namespaces(routeMatch)];
  const resources = await input.loadResources(locale, namespaces);
  const i18n = createI18n(locale, resources);
  const fixedT = i18n.getFixedT(locale, namespaces[1] ?? 'common');
  const t: Translate = (key, options) => fixedT(key, options ?? {});
  const head = page.head(t, routeMatch, data as never);
  return { locale, resources, modules, payload: { status: 200, match: routeMatch, head, data, namespaces, unavailable: [] } };
}

async function resolveErrorPage(input: RenderInput, status: number): Promise<ResolvedPage> {
  const locale = splitLocale(input.url.pathname)?.locale ?? DEFAULT_LOCALE;
  const resources = await input.loadResources(locale, NOT_FOUND_NAMESPACES);
  const t = createI18n(locale, resources).t;
  const head =
    status === 404
      ? { title: t('not_found.meta_title'), description: t('not_found.description') }
      : { title: t('error.meta_title'), description: t('error.description') };
  return {
    locale,
    resources,
    modules: new Map(),
    payload: { status, match: null, head, data: null, namespaces: NOT_FOUND_NAMESPACES, unavailable: [] },
  };
}

async function rootLoader({ context }: LoaderFunctionArgs): Promise<PagePayload> {
  const requestContext = context as unknown as RequestContext;
  const { input, errorStatus } = requestContext;
  requestContext.resolved = errorStatus ? await resolveErrorPage(input, errorStatus) : await resolvePage(input);
  return requestContext.resolved.payload;
}

const routes = createRouteObjects(rootLoader);
const handler = createStaticHandler(routes);

function buildStoreState(input: RenderInput, resolved: ResolvedPage): SharedState {
  const split = splitLocale(input.url.pathname);
  return {
    locale: { current: resolved.locale, prefix: toLocalePrefix(resolved.locale), path: split?.path ?? '/' },
    os: input.os,
    session: input.session,
    ab: { values: input.abValues },
    campaignNav: { visible: false },
  };
}

function renderHead(input: RenderInput, resolved: ResolvedPage): string {
  const { payload, locale } = resolved;
  const split = splitLocale(input.url.pathname);
  const path = split?.path ?? '/';
  const remote = payload.match ? ROUTE_BY_NAME[payload.match.route].remote : undefined;
  const pinned = input.remotes.find((r) => r.name === remote && !payload.unavailable.includes(r.name));
  const styles = [...input.shellAssets.styles, ...(pinned?.styles ?? [])];
  const preloads = [...input.shellAssets.scripts, ...(pinned ? [pinned.entry, ...pinned.scripts] : [])];
  const links: string[] = [];
  const head = payload.head;
  const canonicalPath = head.canonicalPath ?? path;
  const pageUrl = toAbsoluteUrl(input.siteUrl, locale, canonicalPath);
  const image = new URL(head.image ?? DEFAULT_SHARE_IMAGE, input.siteUrl).href;
  links.push(
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:site_name" content="ReelKeep">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
  );
  for (const data of head.structuredData ?? []) {
    links.push(
      `<script type="application/ld+json" nonce="${input.nonce}">${serialiseForScript({ '@context': 'https://schema.org', ...data })}</script>`,
    );
  }
  if (payload.status === 200) {
    links.push(`<link rel="canonical" href="${escapeHtml(pageUrl)}">`);
    for (const alternate of listAlternates(input.siteUrl, canonicalPath, head.locales)) {
      const hreflang = alternate.hreflang === 'x-default' ? 'x-default' : HREFLANG[alternate.hreflang];
      links.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(alternate.href)}">`);
    }
  }
  return [
    '<!doctype html>',
    `<html lang="${HREFLANG[locale]}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta http-equiv="x-dns-prefetch-control" content="on">',
    `<title>${escapeHtml(payload.head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(payload.head.description)}">`,
    `<meta name="keywords" content="${escapeHtml(payload.head.keywords ?? '')}">`,
    ...links,
    '<link rel="icon" href="/favicon.ico">',
    ...styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...preloads.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    ...input.shellAssets.scripts.map((src) => `<script defer src="${escapeHtml(src)}" nonce="${input.nonce}"></script>`),
    '</head>',
    '<body>',
    '<div id="root">',
  ].join('');
}

async function renderDocument(input: RenderInput, errorStatus?: number): Promise<RedirectOutcome | PageOutcome> {
  const requestContext: RequestContext = { input, errorStatus };
  const request = new Request(input.url.href);
  const context = await handler.query(request, { requestContext: requestContext as never });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status as RedirectOutcome['status'], location: context.headers.get('location') ?? '/' };
  }
  const resolved = requestContext.resolved!;
  const frame = await loadFrameData(input, resolved.locale);
  const state = buildStoreState(input, resolved);
  const { store, injectSlices } = createSiteStore(state);
  for (const module of resolved.modules.values()) injectSlices(module.slices);
  const i18n = createI18n(resolved.locale, resolved.resources);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The browser hydrates the same tree with its own navigator (routing/navigator.ts), without React Router.
  const navigator = createStaticNavigator({
    location: { pathname: input.url.pathname, search: input.url.search, hash: '', key: 'server' },
    payload: resolved.payload,
    navigationType: 'POP',
  });
  const hydration: HydrationState = {
    locale: resolved.locale,
    store: state,
    resources: resolved.resources,
    remotes: input.remotes.map(({ name, version, entry }) => ({ name, version, entry })),
    page: resolved.payload,
    frame,
    renderedAt: Date.now(),
    ...(input.monitoring ? { monitoring: input.monitoring } : {}),
  };
  const app = (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <PageModulesContext.Provider value={resolved.modules}>
          <FrameDataContext.Provider value={frame}>
            <NavigatorContext.Provider value={navigator}>
              <StaticRouterProvider router={router} context={context} hydrate={false} nonce={input.nonce} />
            </NavigatorContext.Provider>
          </FrameDataContext.Provider>
        </PageModulesContext.Provider>
      </I18nextProvider>
    </Provider>
  );
  const head = renderHead(input, resolved);
  const tail = `</div><script id="__RK_STATE__" type="application/json" nonce="${input.nonce}">${serialiseForScript(hydration)}</script></body></html>`;

  // Wait for the whole tree (data is loaded already) so a region that failed can still set the status.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rendered = await new Promise<{ stream: ReturnType<typeof renderToPipeableStream>; regionFailed: boolean }>((resolve, reject) => {
    let regionFailed = false;
    const stream = renderToPipeableStream(app, {
      nonce: input.nonce,
      // The whole page is ready before the first byte (data is loaded): keep every boundary inline, so
      // the content is in the HTML itself, not in a hidden segment a script reveals later.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        resolve({ stream, regionFailed });
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        regionFailed = true;
        input.reportError('render error', error, { path: input.url.pathname });
      },
    });
    // Bound the render; the timer is cleared whichever way the render ends (TOOLCHAIN pitfall 6).
    timer = setTimeout(() => stream.abort(new Error(`render not done within ${input.renderTimeoutMs} ms`)), input.renderTimeoutMs);
  });
  clearTimeout(timer);
  const status = rendered.regionFailed && resolved.payload.status === 200 ? 503 : resolved.payload.status;

  const pipe = (sink: NodeJS.WritableStream & { end(): void }) =>
    new Promise<void>((resolve) => {
      const body = new Writable({
        write(chunk, _encoding, callback) {
          sink.write(chunk);
          callback();
        },
        final(callback) {
          sink.write(tail);
          sink.end();
          callback();
          resolve();
        },
      });
      sink.write(head);
      rendered.stream.pipe(body);
    });

  return { kind: 'page', status, head: resolved.payload.head, unavailable: resolved.payload.unavailable, pipe };
}

async function loadPageData(input: RenderInput): Promise<DataOutcome> {
  const requestContext: RequestContext = { input };
  const result = await handler.queryRoute(new Request(input.url.href), { routeId: 'root', requestContext: requestContext as never });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status as RedirectOutcome['status'], location: result.headers.get('location') ?? '/' };
  }
  return { kind: 'data', payload: requestContext.resolved!.payload };
}

async function probeRemote(remote: PinnedRemoteRelease, timeoutMs: number): Promise<RemoteHealth> {
  try {
    const module = await loadServerPageModule(remote, timeoutMs);
    return { name: remote.name, version: remote.version, healthy: true, routes: Object.keys(module.pages) };
  } catch (error) {
    return { name: remote.name, version: remote.version, healthy: false, routes: [], error: (error as Error).message };
  }
}

// One frame-data cache and one sitemap cache per shell version (this bundle), whatever the snapshot.
let frameDataLoader: ReturnType<typeof createFrameDataLoader> | undefined;
function loadFrameData(input: RenderInput, locale: Locale) {
  frameDataLoader ??= createFrameDataLoader(input.siteUrl, input.warn);
  return frameDataLoader(locale, input.fetchApi);
}
let sitemaps: ReturnType<typeof createSitemaps> | undefined;

const bundle: RenderBundle = {
  decidePageRequest,
  readSitemap: (name, siteUrl, fetchApi) => (sitemaps ??= createSitemaps(siteUrl))(name, fetchApi),
  renderRobots,
  assignPriceVariant: assignPlanPriceVariant,
  renderDocument: (input) => renderDocument(input),
  renderErrorDocument: async (input, status) => (await renderDocument(input, status)) as PageOutcome,
  loadPageData,
  probeRemote,
  contractVersion: CONTRACT_VERSION,
};
export default bundle;
