import type { IncomingHttpHeaders } from 'node:http';
import type {
  ClientTrackingSettings,
  HeadFields,
  Locale,
  NamespaceResources,
  OsState,
  PagePayload,
  PinnedRemote,
  RemoteName,
  RouteMatch,
  SessionState,
} from '@reelkeep/shared-contracts';
import type { ReactNode } from 'react';
import type { ConsoleModule } from '@reelkeep/shared-contracts/console';
import type { PageGateDecision } from './page-gate.server.ts';

/** A remote pinned for one request: the browser entry and, for the server, its container on disk. */
export interface PinnedRemoteRelease extends PinnedRemote {
  serverEntry: string;
  /** Stylesheets and scripts of the remote's `./page` (from its federation manifest), as URLs. */
  styles: string[];
  /**
   * Stylesheets of the chunks `./page` loads on demand (pages in chunks of their own, docs/routing.md "Rendering a
   * page"), linked for such a page so that it is styled at first paint and without JavaScript.
   */
  lazyStyles?: string[];
  scripts: string[];
}

/** The route a page path renders: the match its page gets, and what the host needs of that route. */
export interface PageRoute extends RouteMatch, RouteCacheFacts {}

/**
 * The page a request stands for, decided once by the shell release's page gate (`decidePageRequest`,
 * docs/architecture.md "Request path") and passed through the host as it is to the visitor's assignment, the page
 * cache and the render: none of them splits the locale off the path or matches the route table again.
 */
export interface PageMatch {
  /** The page's language: its path's prefix, or the default locale without one. */
  locale: Locale;
  /** The path without its locale prefix (`/store`; `/` for the home page). */
  path: string;
  /** The route the path renders; null when none does (the localised 404, never cached). */
  route: PageRoute | null;
}

/** What the Node server hands the shell's render bundle for one page request or client navigation. */
export interface RenderInput {
  /** The page as the page gate decided it: rendered as given. */
  page: PageMatch;
  /** The URL the page renders with (its query for the loaders; the cache's copy without tracking parameters). */
  url: URL;
  /** Absolute public URL of the site (canonical links). */
  siteUrl: string;
  remotes: PinnedRemoteRelease[];
  /** The shell's own browser files for this version; `startScripts`: the chunks its entry loads as it starts. */
  shellAssets: { scripts: string[]; styles: string[]; startScripts: string[] };
  loadResources: (locale: Locale, namespaces: readonly string[]) => Promise<NamespaceResources>;
  /** Calls the squads' APIs of the snapshot this request renders with. */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /** The visitor's cookie and address, added to the calls a loader makes on the visitor's behalf. */
  visitorHeaders: Record<string, string>;
  os: OsState;
  session: SessionState;
  abValues: Record<string, string>;
  nonce: string;
  remoteTimeoutMs: number;
  renderTimeoutMs: number;
  /** Browser error reporting settings, when configured. */
  monitoring?: { sentryDsn: string; environment: string };
  /** The tracker's configured third parties and outbound domains (docs/tracking.md "Third parties"), when any. */
  tracking?: ClientTrackingSettings;
  /** Reports a failure (log line and, when configured, the error service). */
  reportError: (message: string, error: unknown, extra?: Record<string, unknown>) => void;
  /** Logs a warning (a frame API that did not answer). */
  warn: (message: string, fields: Record<string, unknown>) => void;
}

/**
 * What an error page renders from (docs/frame.md "Error pages"): no page was decided (a URL that cannot be parsed, a
 * URL rule's 404, a failure anywhere), so its language is its path's prefix.
 */
export type ErrorRenderInput = Omit<RenderInput, 'page'>;

/** What the host hands the shell's bundle to assign a visitor's experiments (docs/experiments.md "Assignment"). */
export interface VisitorAssignmentInput {
  cookieHeader: string | undefined;
  query: URLSearchParams;
  clientIp: string;
  /**
   * The page as the page gate decided it: its route and locale decide which experiments it takes part in. Null for
   * an error page, which no gate decided: the visitor keeps the variants they hold and is assigned none.
   */
  page: PageMatch | null;
  /** Experiments the host's settings open or close over the registry (`ab_plan_price`: AB_PLAN_PRICE_OPEN). */
  openOverrides: Record<string, boolean>;
  secure: boolean;
}

/** A request's assignment: the store's A/B values, the page cache's experiment variants and the cookies to set. */
export interface VisitorAssignment {
  /** Cookie name → variant (`abPlanPrice`, `sidebarAB`, …): the render's `abValues`. */
  values: Record<string, string>;
  /** Cookie name → variant for the experiments that change this page's HTML: part of its cache key. */
  pageVariants: Record<string, string>;
  setCookies: string[];
}

/** Where the server should send the visitor instead of rendering. */
export interface RedirectOutcome {
  kind: 'redirect';
  status: 301 | 302 | 303 | 307 | 308;
  location: string;
}

/** A rendered page: its whole document is ready before `pipe` writes it (in one write, then `end`). */
export interface PageOutcome {
  kind: 'page';
  status: number;
  head: HeadFields;
  unavailable: RemoteName[];
  /** Writes the whole document into the sink and ends it; resolves when it is written. */
  pipe: (sink: NodeJS.WritableStream & { end(): void }) => Promise<void>;
}

/** What the host's page cache needs to know of the route a page renders (docs/operations.md "Page cache"). */
export interface RouteCacheFacts {
  /** The remote that renders the route: its live version is part of the cache key. */
  remote: RemoteName;
  /** The route is one the page cache never keeps (`uncached` in the route table). */
  uncached: boolean;
}

/** The data endpoint's answer for a client navigation. */
export type DataOutcome = RedirectOutcome | { kind: 'data'; payload: PagePayload };

/**
 * The functions the shell's server bundle exports: everything a page request needs that belongs to the
 * shell's release, so a shell release changes URL rules, guards, sitemaps and rendering together
 * (docs/releases.md "The shell is one deployable").
 */
export interface RenderBundle {
  /**
   * URL rules, language choice and account guards for a page request (docs/routing.md); `readSignedIn` is asked
   * only once the URL rules let the request through (docs/architecture.md "Request path"). A page to render comes
   * with its `PageMatch`, the one match of its path, which the host hands on to `assignVisitor` and the render.
   */
  decidePageRequest: (
    request: { url?: string; headers: IncomingHttpHeaders },
    siteUrl: string,
    readSignedIn: () => Promise<boolean>,
  ) => Promise<PageGateDecision>;
  /** A sitemap (`index`, `pages`, `services`, `articles`), built through the squads' APIs and cached; null for an unknown name. */
  readSitemap: (name: string, siteUrl: string, fetchApi: (path: string) => Promise<Response>) => Promise<string | null>;
  renderRobots: (siteUrl: string) => string;
  /**
   * Every experiment of the registry for one page request (docs/experiments.md "Assignment") and the
   * attribution cookies of its query (docs/experiments.md "Affiliates and ads").
   */
  assignVisitor: (input: VisitorAssignmentInput) => VisitorAssignment;
  renderDocument: (input: RenderInput) => Promise<RedirectOutcome | PageOutcome>;
  /** The localised error page (docs/frame.md "Error pages") for a failure outside any remote's region. */
  renderErrorDocument: (input: ErrorRenderInput, status: number) => Promise<PageOutcome>;
  loadPageData: (input: RenderInput) => Promise<DataOutcome>;
  /**
   * The remotes whose APIs the frame's data comes from (the service catalogue, the footer's articles): a fact of
   * this shell release, so a cached page names their versions too (docs/operations.md "Page cache").
   */
  frameDataApps: readonly RemoteName[];
  /** Loads a remote's server container to tell whether it is healthy (admin status). */
  probeRemote: (remote: PinnedRemoteRelease, timeoutMs: number) => Promise<RemoteHealth>;
  /**
   * A remote version's console sections (its `./console`, docs/console.md "Squad sections"); rejects when it
   * has none or it breaks the contract.
   */
  loadConsoleModule: (remote: PinnedRemoteRelease, timeoutMs: number) => Promise<ConsoleModule>;
  /** A console section's body as static HTML, rendered with the React the remotes share. */
  renderConsoleMarkup: (body: ReactNode) => string;
  contractVersion: string;
}

/** Health of one live remote. */
export interface RemoteHealth {
  name: RemoteName;
  version: string;
  healthy: boolean;
  /** The routes its page module renders, when healthy. */
  routes: string[];
  error?: string;
}
