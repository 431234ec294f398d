import {
  createContext,
  createStaticHandler,
  createStaticRouter,
  redirect,
  RouterContextProvider,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CONTRACT_VERSION, type Locale } from '@reelkeep/shared-contracts';
import { Root } from './app/Root.tsx';
import { createFrameDataLoader, FRAME_DATA_APPS } from './frame-data-loader.server.ts';
import { loadFrameCampaign } from './frame-campaign-loader.server.ts';
import { loadServerConsoleModule, loadServerPageModule } from './federation/server-remotes.server.ts';
import { decidePageRequest } from './page-gate.server.ts';
import { createSitemaps, renderRobots } from './sitemap.server.ts';
import { assignVisitor } from './experiments/assign-visitor.server.ts';
import { renderWholeDocument } from './rendering/document.server.tsx';
import { resolveErrorPage, resolvePage, type ResolvedPage } from './rendering/page-resolution.server.ts';
import type {
  DataOutcome,
  ErrorRenderInput,
  PageOutcome,
  PinnedRemoteRelease,
  RedirectOutcome,
  RemoteHealth,
  RenderBundle,
  RenderInput,
} from './render-contract.ts';

/**
 * The shell's server bundle (ADR 0003): React Router's data mode over one catch-all route. Its loader
 * resolves the page the page gate matched (rendering/page-resolution.server.ts) and returns it, or throws the
 * router's own `redirect()`; the render reads the router's loader data back. The request reaches the loader
 * through a typed router context, not a cast.
 */

/** What the route's loader renders: the page the host handed over, or the localised error page of a status. */
type DocumentRequest = { kind: 'page'; input: RenderInput } | { kind: 'error'; input: ErrorRenderInput; status: number };
const documentRequestContext = createContext<DocumentRequest>();

/** The one route: every path renders the page its `RenderInput` names (never matched again here). */
const PAGE_ROUTE_ID = 'page';

const routes: RouteObject[] = [
  {
    id: PAGE_ROUTE_ID,
    path: '*',
    Component: Root,
    async loader({ context }): Promise<ResolvedPage> {
      const request = context.get(documentRequestContext);
      if (request.kind === 'error') return resolveErrorPage(request.input, request.status);
      const resolution = await resolvePage(request.input);
      if (resolution.kind === 'redirect') throw redirect(resolution.location, 303);
      return resolution.page;
    },
  },
];
const handler = createStaticHandler(routes);

function toRequestContext(request: DocumentRequest): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(documentRequestContext, request);
  return context;
}

/** A redirect the router answered (a loader's `redirectTo()`), as the host sends it. */
function toRedirectOutcome(response: Response): RedirectOutcome {
  return { kind: 'redirect', status: 303, location: response.headers.get('location') ?? '/' };
}

// One frame-data cache and one sitemap cache per shell version (this bundle), whatever the snapshot.
let frameDataLoader: ReturnType<typeof createFrameDataLoader> | undefined;
function loadFrameData(input: ErrorRenderInput, locale: Locale) {
  frameDataLoader ??= createFrameDataLoader(input.siteUrl, input.warn);
  // docs/frame.md "Frame data": cached per release of the apps that answer it.
  const releases = input.remotes
    .filter((remote) => FRAME_DATA_APPS.includes(remote.name))
    .map((remote) => `${remote.name}@${remote.version}`)
    .sort()
    .join(' ');
  return frameDataLoader(locale, input.fetchApi, releases);
}
let sitemaps: ReturnType<typeof createSitemaps> | undefined;

async function renderDocument(request: DocumentRequest): Promise<RedirectOutcome | PageOutcome> {
  const { input } = request;
  const context = await handler.query(new Request(input.url.href), { requestContext: toRequestContext(request) });
  if (context instanceof Response) return toRedirectOutcome(context);
  const page: ResolvedPage = context.loaderData[PAGE_ROUTE_ID];
  const [frame, campaign] = await Promise.all([loadFrameData(input, page.locale), loadFrameCampaign(input, page.locale)]);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderWholeDocument(input, page, { ...frame, campaign }, <StaticRouterProvider router={router} context={context} hydrate={false} />);
}

async function loadPageData(input: RenderInput): Promise<DataOutcome> {
  const result: ResolvedPage | Response = await handler.queryRoute(new Request(input.url.href), {
    routeId: PAGE_ROUTE_ID,
    requestContext: toRequestContext({ kind: 'page', input }),
  });
  return result instanceof Response ? toRedirectOutcome(result) : { kind: 'data', payload: result.payload };
}

async function probeRemote(remote: PinnedRemoteRelease, timeoutMs: number): Promise<RemoteHealth> {
  try {
    const module = await loadServerPageModule(remote, timeoutMs);
    return { name: remote.name, version: remote.version, healthy: true, routes: Object.keys(module.pages) };
  } catch (error) {
    return { name: remote.name, version: remote.version, healthy: false, routes: [], error: (error as Error).message };
  }
}

const bundle: RenderBundle = {
  decidePageRequest,
  readSitemap: (name, siteUrl, fetchApi) => (sitemaps ??= createSitemaps(siteUrl))(name, fetchApi),
  renderRobots,
  assignVisitor,
  renderDocument: (input) => renderDocument({ kind: 'page', input }),
  renderErrorDocument: async (input, status) => {
    const outcome = await renderDocument({ kind: 'error', input, status });
    if (outcome.kind === 'redirect') throw new Error('the error page never redirects');
    return outcome;
  },
  loadPageData,
  frameDataApps: FRAME_DATA_APPS,
  probeRemote,
  loadConsoleModule: loadServerConsoleModule,
  renderConsoleMarkup: (body: ReactNode) => renderToStaticMarkup(<>{body}</>),
  contractVersion: CONTRACT_VERSION,
};
export default bundle;
