import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { parseJsonAnswer, readJsonResponse, REMOTE_VERSIONS_HEADER, type HydrationState, type PagePayload } from '@reelkeep/shared-contracts';
import { createI18n, createLocalesBackend, type I18n } from '@reelkeep/shared-contracts/i18n';
import {
  ChunkLoadError,
  getLoadedPageModules,
  loadBrowserPageModule,
  registerPinnedRemotes,
  reloadOnceAfterChunkError,
} from './federation/browser-remotes.ts';
import { Root } from './app/Root.tsx';
import { loadDeferredRegions } from './app/hydrate-after-the-page.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { createBrowserNavigator, type PageLoadResult } from './routing/navigator.ts';
import { ROUTE_OWNERS } from './routing/route-owners.ts';
import { createSiteStore } from './store/create-site-store.ts';
import { openPageInStore } from './store/open-page.ts';
import { clientSlice } from './store/shared-slices.ts';
import { readStructuredData, restoreHydrationState, restorePageData } from './rendering/hydration-state.ts';
import { afterTheStart } from './after-the-start.ts';
import { reportClientError, startClientMonitoring, watchReleaseHealth } from './monitoring/client-errors.ts';

/** What the start builds before the page hydrates: the page's one store and one i18next instance. */
interface Started {
  state: HydrationState;
  site: ReturnType<typeof createSiteStore>;
  i18n: I18n;
  pinnedVersions: string;
}

/**
 * Gives the main thread back to the browser between two steps of the start (docs/routing.md "Starting in the
 * browser"): each step is a task of its own, so a tap waits for one step at most, never for the whole start.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The page's i18next instance, from the texts the server rendered with: nothing is fetched for them. */
function startI18n(state: HydrationState): I18n {
  return createI18n(state.locale, state.resources, {
    // A namespace a later page adds: `/locales/<locale>/<namespace>.json`, English when that cannot be read.
    backend: createLocalesBackend(async (locale, namespace) => {
      const [response, { namespaceResourcesSchema }] = await Promise.all([
        fetch(`/locales/${locale}/${namespace}.json`),
        import('@reelkeep/shared-contracts/answers'),
      ]);
      return readJsonResponse(namespaceResourcesSchema, response);
    }),
  });
}

/** Loads the namespaces a page adds before it renders; one that cannot be loaded shows its keys, the page still works. */
async function fetchNamespaces({ i18n }: Started, payload: PagePayload): Promise<void> {
  await i18n.loadNamespaces(payload.namespaces).catch(() => undefined);
}

/** Loads the remote of a page; a chunk failure reloads the page once, other failures show the fallback. */
async function ensureRemote({ site, state }: Started, payload: PagePayload, opening: boolean): Promise<PagePayload> {
  if (!payload.match) return payload;
  const remote = ROUTE_OWNERS[payload.match.route].remote;
  if (payload.unavailable.includes(remote)) return payload;
  try {
    const module = await loadBrowserPageModule(remote);
    // docs/sharing.md "One store": the first page's slices come back from the hydration state; a navigation opens the page.
    openPageInStore(site, module, payload, { withEvents: opening });
    await module.pages[payload.match.route]?.preload?.().catch((error: unknown) => {
      throw new ChunkLoadError(remote, error);
    });
    // The first page's data as the server rendered it: the part it wrote into the document is read back from it.
    return opening ? payload : restorePageData(state, payload, module, document);
  } catch (error) {
    reportClientError(error, { remote, path: window.location.pathname });
    if (error instanceof ChunkLoadError && reloadOnceAfterChunkError()) return new Promise(() => undefined);
    return { ...payload, unavailable: [...payload.unavailable, remote] };
  }
}

/** Client navigations ask the shell server for the page, pinned to the remote versions this page started with. */
async function loadPage(started: Started, url: URL, signal: AbortSignal): Promise<PageLoadResult> {
  const response = await fetch(`/_data${url.pathname}${url.search}`, {
    signal,
    headers: { accept: 'application/json', [REMOTE_VERSIONS_HEADER]: started.pinnedVersions },
  });
  if (!response.ok) throw new Error(`page data ${response.status}`);
  const { pageDataAnswerSchema } = await import('@reelkeep/shared-contracts/answers');
  const body = parseJsonAnswer(pageDataAnswerSchema, await response.json().catch(() => null));
  if (!body) throw new Error('page data is not a page');
  if ('redirect' in body) return body;
  const [payload] = await Promise.all([ensureRemote(started, body.payload, true), fetchNamespaces(started, body.payload), loadDeferredRegions()]);
  return { payload };
}

/**
 * The start, one step per task: the modules have been evaluated (the shared singletons with them) when this runs;
 * then the store, then the i18next instance, then the page's remote, then hydration, which React slices itself.
 */
async function start(): Promise<void> {
  const state = JSON.parse(document.getElementById('__RK_STATE__')!.textContent!) as HydrationState;
  // The store and the page as the server rendered them: the JSON-LD is read from the document, `pageMeta` from the head.
  const restored = restoreHydrationState(state, readStructuredData(document));
  void startClientMonitoring(state.monitoring);
  watchReleaseHealth(state.remotes);
  registerPinnedRemotes(state.remotes);
  await yieldToBrowser();
  const site = createSiteStore(restored.store);
  const { store } = site;
  // docs/frame.md "Client state": filled once the start is over (docs/routing.md "After the start"), never part of its first render.
  // docs/tracking.md "Visitor cookies": written in the browser only, never into a (cacheable) page.
  afterTheStart(
    () =>
      void Promise.all([import('./client-detection.ts'), import('./visitor-cookies/visitor-cookies.ts')]).then(
        ([{ detectBrowserType, detectClientState }, { startVisitorCookies }]) => {
          startVisitorCookies(store, detectBrowserType(navigator.userAgent));
          return detectClientState((detected) => store.dispatch(clientSlice.actions.clientDetected(detected)), state.locale);
        },
      ),
  );
  await yieldToBrowser();
  const started: Started = {
    state,
    site,
    i18n: startI18n(state),
    pinnedVersions: state.remotes.map((remote) => `${remote.name}@${remote.version}`).join(','),
  };
  await yieldToBrowser();
  const initial = await ensureRemote(started, restored.page, false);
  const pageNavigator = createBrowserNavigator(initial, (url, signal) =>
    loadPage(started, url, signal).catch((error: unknown) => {
      // The data endpoint is unreachable: let the browser load the page itself.
      if (!signal.aborted) window.location.assign(url.href);
      throw error;
    }),
  );
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <AppProviders store={store} i18n={started.i18n} modules={getLoadedPageModules()} frame={state.frame} navigator={pageNavigator} headInTree>
        <Root />
      </AppProviders>,
      {
        // A region the server could not render is rendered again here; its error boundary shows the fallback.
        onRecoverableError: (error) => reportClientError(error, { phase: 'hydration', path: window.location.pathname }),
      },
    );
  });
}

void start();
