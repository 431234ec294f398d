import {
  DEFAULT_LOCALE,
  PAGE_VERDICT,
  readPageVerdict,
  toSameSitePath,
  type Locale,
  type NamespaceResources,
  type PagePayload,
  type RemoteName,
  type RemotePageModule,
  type RouteMatch,
  type Translate,
} from '@reelkeep/shared-contracts';
import { fixedTranslate, type I18n } from '@reelkeep/shared-contracts/i18n';
import { withTimeout } from '../federation/page-modules.ts';
import { loadServerPageModule } from '../federation/server-remotes.server.ts';
import { splitLocale, type LocalisedPath } from '../routing/route-table.ts';
import type { ErrorRenderInput, RenderInput } from '../render-contract.ts';
import { createPageI18nCache } from './page-i18n.server.ts';

/** A page ready to render: what the browser gets (`payload`) and what only the server needs. */
export interface ResolvedPage {
  payload: PagePayload;
  locale: Locale;
  /** The page's path without its locale prefix (the canonical link, the store's locale slice). */
  path: string;
  resources: NamespaceResources;
  /** The i18next instance over `resources` (shared by the requests with the same texts): the head and the render translate with it. */
  i18n: I18n;
  modules: ReadonlyMap<RemoteName, RemotePageModule>;
}

/**
 * Where a request for a page ends (docs/routing.md "Rendering a page"): a page to render (its status may be
 * 200, or 404, or 503 for a remote that is unavailable), or a same-site redirect a loader asked for.
 */
export type PageResolution = { kind: 'page'; page: ResolvedPage } | { kind: 'redirect'; location: string };

/** One set of i18next instances per shell version (this bundle), whatever the snapshot: see page-i18n.server.ts. */
const pageI18n = createPageI18nCache();

/** What a page without a remote shows (404, 500, a remote's fallback): the frame's own namespace. */
const FRAME_NAMESPACES = ['common'];

/** A page the frame renders itself, with its translated head. */
async function resolveFramePage(
  input: ErrorRenderInput,
  { locale, path }: LocalisedPath,
  status: number,
  match: RouteMatch | null,
  headKeys: { title: string; description: string },
  unavailable: RemoteName[] = [],
): Promise<ResolvedPage> {
  const resources = await input.loadResources(locale, FRAME_NAMESPACES);
  const i18n = pageI18n.instanceFor(locale, resources);
  const t = fixedTranslate(i18n);
  return {
    locale,
    path,
    resources,
    i18n,
    modules: new Map(),
    payload: {
      status,
      match,
      head: { title: t(headKeys.title), description: t(headKeys.description) },
      data: null,
      namespaces: FRAME_NAMESPACES,
      unavailable,
    },
  };
}

const NOT_FOUND_HEAD = { title: 'not_found.meta_title', description: 'not_found.description' };
const UNAVAILABLE_HEAD = { title: 'remote_unavailable.meta_title', description: 'remote_unavailable.body' };
const ERROR_HEAD = { title: 'error.meta_title', description: 'error.description' };

/**
 * The localised error page of a status (404 or 500), outside any remote. No page gate decided its page (docs/frame.md
 * "Error pages"), so its language is its path's prefix, the default locale's without a valid one.
 */
export function resolveErrorPage(input: ErrorRenderInput, status: number): Promise<ResolvedPage> {
  const split: LocalisedPath = splitLocale(input.url.pathname) ?? { locale: DEFAULT_LOCALE, path: '/' };
  return resolveFramePage(input, split, status, null, status === 404 ? NOT_FOUND_HEAD : ERROR_HEAD);
}

/**
 * Resolves the page the page gate matched (`input.page`, never matched again here): loads the owning remote's page
 * module (bounded by the remote time-out), runs its loader (bounded too) and builds the head from its translations.
 * A path the table does not know, or a loader's `notFound()`, is the localised 404; a loader's `redirectTo()` is a
 * redirect to a same-site path; a remote that cannot be loaded or whose loader fails is its fallback (503).
 */
export async function resolvePage(input: RenderInput): Promise<PageResolution> {
  const { locale, path, route } = input.page;
  const page = (resolved: ResolvedPage): PageResolution => ({ kind: 'page', page: resolved });
  if (!route) return page(await resolveFramePage(input, input.page, 404, null, NOT_FOUND_HEAD));

  const { remote, uncached: _uncached, ...routeMatch } = route;
  const unavailable = async (reason: unknown): Promise<PageResolution> => {
    input.reportError(`remote ${remote} unavailable for ${route.route}`, reason, { path: input.url.pathname });
    return page(await resolveFramePage(input, input.page, 503, routeMatch, UNAVAILABLE_HEAD, [remote]));
  };

  const pinned = input.remotes.find((candidate) => candidate.name === remote);
  if (!pinned) return unavailable(new Error('no live version in the registry'));
  let module: RemotePageModule;
  try {
    module = await loadServerPageModule(pinned, input.remoteTimeoutMs);
  } catch (error) {
    return unavailable(error);
  }
  const definitionOfPage = module.pages[route.route];
  if (!definitionOfPage) return unavailable(new Error(`the remote does not render ${route.route}`));
  try {
    await withTimeout(
      Promise.resolve(definitionOfPage.preload?.()),
      input.remoteTimeoutMs,
      () => new Error(`page code not loaded within ${input.remoteTimeoutMs} ms`),
    );
  } catch (error) {
    return unavailable(error);
  }

  let data: unknown = null;
  if (definitionOfPage.loader) {
    const loader = definitionOfPage.loader;
    try {
      data = await withTimeout(
        Promise.resolve(
          loader({
            ...routeMatch,
            url: input.url,
            fetchApi: input.fetchApi,
            fetchAsVisitor: (path, init) =>
              input.fetchApi(path, { ...init, headers: { ...input.visitorHeaders, ...Object.fromEntries(new Headers(init?.headers)) } }),
          }),
        ),
        input.remoteTimeoutMs,
        () => new Error(`loader not done within ${input.remoteTimeoutMs} ms`),
      );
    } catch (error) {
      return unavailable(error);
    }
    const verdict = readPageVerdict(data);
    if (verdict?.[PAGE_VERDICT] === 'not-found') return page(await resolveFramePage(input, input.page, 404, null, NOT_FOUND_HEAD));
    // Same-site paths only (docs/security.md "Redirects"); the host checks the Location again before sending it.
    if (verdict?.[PAGE_VERDICT] === 'redirect') return { kind: 'redirect', location: toSameSitePath(verdict.location, input.siteUrl) ?? '/' };
  }
  const namespaces = ['common', ...definitionOfPage.namespaces(routeMatch)];
  const resources = await input.loadResources(locale, namespaces);
  const i18n = pageI18n.instanceFor(locale, resources);
  const t: Translate = fixedTranslate(i18n, namespaces[1]);
  const head = definitionOfPage.head(t, routeMatch, data);
  return page({
    locale,
    path,
    resources,
    i18n,
    modules: new Map([[remote, module]]),
    payload: { status: 200, match: routeMatch, head, data, namespaces, unavailable: [] },
  });
}
