import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { HydrationState, PagePayload, PinnedRemote } from '@reelkeep/shared-contracts';
import { addNamespaces, createI18n, type NamespaceResources } from './i18n/create-i18n.ts';
import { PageModulesContext } from './federation/page-modules.ts';
import { getLoadedPageModules, loadBrowserPageModule, registerPinnedRemotes, ChunkLoadError, reloadOnceAfterChunkError } from './federation/browser-remotes.ts';
import { createRouteObjects } from './app/routes.tsx';
import { ROUTE_BY_NAME } from './routing/route-table.ts';
import { createSiteStore } from './store/create-site-store.ts';

const state = JSON.parse(document.getElementById('__RK_STATE__')!.textContent!) as HydrationState;
registerPinnedRemotes(state.remotes);
const { store, injectSlices } = createSiteStore(state.store);
const i18n = createI18n(state.locale, state.resources);
const versionHeader = state.remotes.map((remote: PinnedRemote) => `${remote.name}@${remote.version}`).join(',');

async function fetchNamespaces(payload: PagePayload): Promise<void> {
  const missing = payload.namespaces.filter((namespace) => !i18n.hasResourceBundle(state.locale, namespace));
  const bundles = await Promise.all(
    missing.map(async (namespace) => {
      const response = await fetch(`/locales/${state.locale}/${namespace}.json`);
      return [namespace, response.ok ? ((await response.json()) as Record<string, unknown>) : {}] as const;
    }),
  );
  addNamespaces(i18n, state.locale, Object.fromEntries(bundles) as NamespaceResources);
}

async function ensureRemote(payload: PagePayload): Promise<void> {
  if (!payload.match) return;
  const remote = ROUTE_BY_NAME[payload.match.route].remote;
  if (payload.unavailable.includes(remote)) return;
  try {
    const module = await loadBrowserPageModule(remote);
    injectSlices(module.slices);
  } catch (error) {
    if (error instanceof ChunkLoadError && reloadOnceAfterChunkError()) return new Promise(() => undefined);
    payload.unavailable = [...payload.unavailable, remote];
  }
}

/** Client navigations ask the shell server for the page's data, pinned to this page's remote versions. */
async function clientLoader({ request }: LoaderFunctionArgs): Promise<PagePayload | Response> {
  const url = new URL(request.url);
  const response = await fetch(`/_data${url.pathname}${url.search}`, {
    signal: request.signal,
    headers: { accept: 'application/json', 'x-remote-versions': versionHeader },
  });
  const body = (await response.json()) as { redirect?: string; payload?: PagePayload };
  if (body.redirect) {
    const target = new URL(body.redirect, window.location.origin);
    if (target.origin !== window.location.origin) throw new Error('off-site redirect refused');
    return redirect(target.pathname + target.search);
  }
  const payload = body.payload!;
  await Promise.all([fetchNamespaces(payload), ensureRemote(payload)]);
  return payload;
}

async function start(): Promise<void> {
  await ensureRemote(state.page);
  const router = createBrowserRouter(createRouteObjects(clientLoader), {
    hydrationData: { loaderData: { root: state.page } },
  });
  hydrateRoot(
    document.getElementById('root')!,
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <PageModulesContext.Provider value={getLoadedPageModules()}>
          <RouterProvider router={router} />
        </PageModulesContext.Provider>
      </I18nextProvider>
    </Provider>,
  );
}

void start();
