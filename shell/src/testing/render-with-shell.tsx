import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import {
  CLIENT_NOT_DETECTED,
  PROMPT_QUEUE_INITIAL_STATE,
  toLocalePrefix,
  type FrameData,
  type Locale,
  type PagePayload,
  type RemoteName,
  type RemotePageModule,
  type RouteMatch,
  type SharedState,
} from '@reelkeep/shared-contracts';
import { createI18n } from '@reelkeep/shared-contracts/i18n';
import { AppProviders } from '../app/AppProviders.tsx';
import { createStaticNavigator } from '../routing/navigator.ts';
import { createSiteStore } from '../store/create-site-store.ts';
import { openPageInStore } from '../store/open-page.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');

/** What a component test renders with; every field has a default (English, `/`, Windows, nobody signed in). */
export interface ShellRenderOptions {
  locale?: Locale;
  /** The path without its locale prefix (`/checkout`). */
  path?: string;
  search?: string;
  /** Namespaces the component reads besides `common`, read from `locales/` as the server would give them. */
  namespaces?: readonly string[];
  /** Contract slices to start from, over the defaults. */
  state?: Partial<SharedState>;
  /** The page's remote module: its slices are injected and, with `page`, the page opens as on the server. */
  module?: RemotePageModule;
  /** The page the module opens with (its match and data), as the server resolved it. */
  page?: { match: RouteMatch; data: unknown };
  frame?: Partial<FrameData>;
  /**
   * Starts as the browser does: from a hydration state the server wrote (`__RK_STATE__`'s `store`), the module's
   * slices injected without opening the page again, so their state is the server's.
   */
  hydrated?: SharedState;
}

/** Reads one namespace of `locales/`, English filling what the locale lacks (as the server does). */
function readNamespace(locale: Locale, namespace: string): Record<string, unknown> {
  const read = (code: Locale) => {
    try {
      return JSON.parse(readFileSync(path.join(LOCALES_DIR, code, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const merge = (base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(over)) {
      const under = base[key];
      out[key] =
        typeof value === 'object' && value !== null && typeof under === 'object' && under !== null
          ? merge(under as Record<string, unknown>, value as Record<string, unknown>)
          : value;
    }
    return out;
  };
  return locale === 'en' ? read('en') : merge(read('en'), read(locale));
}

/**
 * Renders a component as the site does (docs/testing.md "Component tests"): in the production store
 * (`createSiteStore`: RTK's `configureStore` over `combineSlices`, the module's slices injected and its page opened
 * as on the server) and the production provider tree (`AppProviders`), with the locale's texts from `locales/`.
 * Returns Testing Library's result and the store, to dispatch into or read.
 */
export function renderWithShell(ui: ReactNode, options: ShellRenderOptions = {}): RenderResult & { site: ReturnType<typeof createSiteStore> } {
  const locale = options.locale ?? 'en';
  const pagePath = options.path ?? '/';
  const prefix = toLocalePrefix(locale);
  const site = createSiteStore(
    options.hydrated ?? {
      locale: { current: locale, prefix, path: pagePath },
      os: { os: 'win', is64Bit: true },
      session: { signedIn: false, user: null },
      pageMeta: { title: '', description: '', keywords: '', status: 200, canonicalUrl: `https://www.reelkeep.test${prefix}${pagePath}` },
      ab: { values: {} },
      campaignNav: { visible: false },
      prompts: PROMPT_QUEUE_INITIAL_STATE,
      client: CLIENT_NOT_DETECTED,
      ...options.state,
    },
  );
  const namespaces = ['common', ...(options.namespaces ?? [])];
  // The page's i18next instance, as the browser makes it from the hydration state.
  const i18n = createI18n(locale, Object.fromEntries(namespaces.map((namespace) => [namespace, readNamespace(locale, namespace)])));
  const payload: PagePayload = {
    status: 200,
    match: options.page?.match ?? null,
    head: { title: '', description: '' },
    data: options.page?.data ?? null,
    namespaces,
    unavailable: [],
  };
  openPageInStore(site, options.module, payload, { withEvents: options.page !== undefined && !options.hydrated });
  const modules = new Map<RemoteName, RemotePageModule>(options.module ? [[options.module.remote, options.module]] : []);
  const navigator = createStaticNavigator({
    location: { pathname: `${prefix}${pagePath}`, search: options.search ?? '', hash: '', key: 'test' },
    payload,
    navigationType: 'POP',
  });
  const frame: FrameData = {
    locale,
    siteUrl: 'https://www.reelkeep.test',
    catalogue: { groups: [], adultPage: null },
    articles: [],
    campaign: null,
    ...options.frame,
  };
  // A wrapper, so `rerender` keeps the store and the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders store={site.store} i18n={i18n} modules={modules} frame={frame} navigator={navigator} headInTree={false}>
      {children}
    </AppProviders>
  );
  const result = render(ui, { wrapper });
  return { ...result, site };
}

/**
 * The hydration state the server writes for a page (docs/sharing.md "One store"): the production store with the
 * module's slices injected and the page opened, read back through JSON as the browser reads `__RK_STATE__`.
 */
export function writeServerState(
  module: RemotePageModule,
  page: { match: RouteMatch; data: unknown },
  state: Partial<SharedState> = {},
): SharedState {
  const locale = page.match.locale;
  const site = createSiteStore({
    locale: { current: locale, prefix: toLocalePrefix(locale), path: '/' },
    os: { os: 'win', is64Bit: true },
    session: { signedIn: false, user: null },
    pageMeta: { title: '', description: '', keywords: '', status: 200, canonicalUrl: '' },
    ab: { values: {} },
    campaignNav: { visible: false },
    prompts: PROMPT_QUEUE_INITIAL_STATE,
    client: CLIENT_NOT_DETECTED,
    ...state,
  });
  openPageInStore(site, module, { match: page.match, data: page.data }, { withEvents: true });
  return JSON.parse(JSON.stringify(site.store.getState())) as SharedState;
}

export { createApiStub, type StubbedRequest } from './api-stub.ts';
