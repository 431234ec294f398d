import type { ComponentType } from 'react';
import type { Locale } from './locales.ts';
import type { RemoteName, RouteName } from './routes.ts';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { SharedState } from './store-contract.ts';

/**
 * Version of these contracts. A remote records the version it was built against; the shell refuses a
 * remote whose major differs from its own (at promotion and again at load). Major 4: texts are read through
 * the shared react-i18next, no longer through a translator each bundle carries (ADR 0002, issue 23). Major 5: the
 * shell's render bundle has no optional members left for older hosts or bundles, its page gate reads the session
 * only after the URL rules, and it names its frame-data remotes (ADR 0018); its
 * react-i18next and react-redux are tree-shaken to the exports every app lists (`SHARED_USED_EXPORTS`), so a
 * remote built before would load their full fallback builds, a second copy of each (ADR 0002, issue 23). Major 6: a
 * page request is matched once, in the shell's page gate, whose `PageMatch` the host hands to `assignVisitor` and the
 * render (`RenderInput.page`); `describeRoute` is gone, so a shell bundle built before cannot run in this host (ADR 0018). Minor 6.1: a page may
 * leave the part of its data the document carries out of the hydration state (`dataInDocument`).
 */
export const CONTRACT_VERSION = '6.1.0';

/** Tells whether a remote built against `remoteVersion` can run in a shell built against `hostVersion`. */
export function isContractCompatible(remoteVersion: string, hostVersion: string = CONTRACT_VERSION): boolean {
  const major = (v: string) => /^(\d+)\.\d+\.\d+$/.exec(v)?.[1];
  const remoteMajor = major(remoteVersion);
  return remoteMajor !== undefined && remoteMajor === major(hostVersion);
}

/** What a matched route hands to its page: the route name, the locale and the path parameters. */
export interface RouteMatch {
  route: RouteName;
  locale: Locale;
  /** Path parameters by name (`service`, `product`, `article`, `id`, `policy`). */
  params: Readonly<Record<string, string>>;
  /** The translation namespace of the page (docs/routing.md "Page names"). */
  pageName: string;
}

/** Context a page's data loader runs with, on the server only. */
export interface LoaderContext extends RouteMatch {
  /** The request URL (absolute). */
  url: URL;
  /** Fetches a same-site API path through the shell (which mounts or proxies the squad's server). */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /** The same, on the visitor's behalf: their cookies go with the call (their orders, their session). Since 1.2.0. */
  fetchAsVisitor: (path: string, init?: RequestInit) => Promise<Response>;
}

/**
 * The key that marks a loader's answer as a verdict rather than page data. Page data is JSON (it travels to
 * the browser), so it can never hold a symbol key: data that happens to contain `notFound` or `redirect` is
 * still data. `Symbol.for` gives every bundle (shell and remotes) the same symbol.
 */
export const PAGE_VERDICT = Symbol.for('reelkeep.page-verdict');

/** A loader's verdict that the page does not exist (the shell answers with the localised 404). Made by `notFound()`. */
export interface NotFoundResult {
  readonly [PAGE_VERDICT]: 'not-found';
}

/** A loader's verdict that the visitor belongs elsewhere on this site (a 303 to a same-site path). Made by `redirectTo()`. */
export interface RedirectResult {
  readonly [PAGE_VERDICT]: 'redirect';
  readonly location: string;
}

/** The page does not exist: the visitor gets the localised 404. */
export function notFound(): NotFoundResult {
  return { [PAGE_VERDICT]: 'not-found' };
}

/** The visitor belongs at this same-site path (the shell answers 303 after its same-site check). */
export function redirectTo(location: string): RedirectResult {
  return { [PAGE_VERDICT]: 'redirect', location };
}

/** A loader's verdict, or null when what it returned is page data. */
export function readPageVerdict(value: unknown): NotFoundResult | RedirectResult | null {
  if (typeof value !== 'object' || value === null || !(PAGE_VERDICT in value)) return null;
  const verdict = (value as Partial<Record<typeof PAGE_VERDICT, unknown>>)[PAGE_VERDICT];
  return verdict === 'not-found' || verdict === 'redirect' ? (value as NotFoundResult | RedirectResult) : null;
}

/** Title, description and keywords of a page, already translated, plus what search and social sites read. */
export interface HeadFields {
  title: string;
  description: string;
  keywords?: string;
  /** Open Graph type (`website` by default). */
  type?: 'website' | 'article' | 'product';
  /** Absolute or site-relative URL of the page's share image (the site's default otherwise). */
  image?: string;
  /** schema.org objects written as JSON-LD (SoftwareApplication, Article, BreadcrumbList, FAQPage, …). */
  structuredData?: Record<string, unknown>[];
  /** The locales the page exists in (its hreflang alternates); every locale when absent. */
  locales?: Locale[];
  /** The locale-less path search engines should index when the page is reachable at several paths. */
  canonicalPath?: string;
}

/** Translates a key of a namespace the page declared. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Props every remote page component receives from the shell. */
export interface PageProps<Data = unknown> extends RouteMatch {
  data: Data;
}

/** One page of a remote: its component, server data loader, head and translation namespaces. */
export interface PageDefinition<Data = unknown> {
  Component: ComponentType<PageProps<Data>>;
  /**
   * Runs on the server only, for the first render and for client navigations (through the shell's data
   * endpoint). Declare it as `__SERVER__ ? load : undefined` so the browser build drops it and what it reads.
   */
  loader?: (context: LoaderContext) => Promise<Data | NotFoundResult | RedirectResult> | Data | NotFoundResult | RedirectResult;
  /** Builds the page head from the page's translations and data. */
  head: (t: Translate, match: RouteMatch, data: Data) => HeadFields;
  /**
   * Loads the code `Component` needs when the page sits in a chunk of its own, so pages off the landing route
   * stay out of the first load. The shell awaits it before it renders the page: on the server, before
   * hydrating, and before a client navigation shows the page.
   */
  preload?: () => Promise<void>;
  /** Namespaces the page reads besides `common` (the first is the page's own). */
  namespaces: (match: RouteMatch) => string[];
  /**
   * Events the shell dispatches when the page opens, after its module's slices are injected: on the server before
   * it renders (so the hydration state carries their result into the browser's store), and in the browser before
   * a client navigation shows the page. Since 4.1.0.
   */
  openingEvents?: (page: PageProps<Data>, state: SharedState) => UnknownAction[];
  /**
   * For a page that writes part of its data into the document as it is (an article's body as HTML): the hydration
   * state carries `carried(data)` instead of the data, and the browser rebuilds the data with `restore(carried, root)`
   * from the document before the page hydrates, so the part is sent once (docs/architecture.md "The hydration
   * state"). The shell uses it only when the page rendered (status 200, no region failed). Since 6.1.0.
   */
  dataInDocument?: { carried: (data: Data) => unknown; restore: (carried: unknown, root: ParentNode) => Data };
}

/** A page definition whatever its data type (each page checks its own data type where it is declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- page data types differ per route; the table erases them
export type AnyPageDefinition = PageDefinition<any>;

/** The one module a remote exposes as `./page`. */
export interface RemotePageModule {
  remote: RemoteName;
  contractVersion: string;
  /** The routes this remote renders. */
  pages: Partial<Record<RouteName, AnyPageDefinition>>;
  /**
   * Slices the shell injects into its store (RTK `combineSlices().inject`) when the module first loads, before
   * its page renders, on the server and in the browser (where the hydration state restores their state). Since
   * 4.1.0 a slice is anything with a `reducerPath` and a `reducer`: an RTK `createSlice` result.
   */
  slices?: readonly InjectableSlice[];
}

/** A slice a remote hands to the shell's store: its state lives under `reducerPath`. */
export interface InjectableSlice {
  readonly reducerPath: string;
  readonly reducer: Reducer;
}
