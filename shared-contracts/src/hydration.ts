import { isLocale, type Locale } from './locales.ts';
import { REMOTE_NAMES, ROUTE_NAMES, type RemoteName } from './routes.ts';
import { isArrayOf, isJsonObject, isNumber, isOneOf, isText, isTextRecord } from './json-answer.ts';
import type { SharedState } from './store-contract.ts';
import type { HeadFields, RouteMatch } from './page-contract.ts';
import type { FrameData } from './frame-contract.ts';

/** Where a remote's pinned browser container lives for one page view. */
export interface PinnedRemote {
  name: RemoteName;
  version: string;
  /** URL of the remote's browser `remoteEntry.js` for that version. */
  entry: string;
}

/** The result of resolving and loading one page on the server, as handed to the browser. */
export interface PagePayload {
  status: number;
  match: RouteMatch | null;
  head: HeadFields;
  data: unknown;
  /** Translation namespaces the page needs (always starting with `common`). */
  namespaces: string[];
  /** Remotes that could not be loaded for this page (their region renders the fallback). */
  unavailable: RemoteName[];
}

/** Everything the browser needs to hydrate what the server rendered. */
export interface HydrationState {
  locale: Locale;
  store: SharedState;
  /** i18n resources by namespace for the page's locale (plus English fallback where missing). */
  resources: Record<string, Record<string, unknown>>;
  remotes: PinnedRemote[];
  page: PagePayload;
  /** Navigation and footer data of the locale. */
  frame: FrameData;
  /** Server time of the render, for the campaign countdown and the like. */
  renderedAt: number;
  /** Browser error reporting, present only when the site has an error-service DSN. */
  monitoring?: { sentryDsn: string; environment: string };
}

/** `GET /_data/<path>` (a client navigation): the page, or the same-site path the visitor belongs at. */
export type PageDataAnswer = { payload: PagePayload } | { redirect: string };

function isRouteMatch(value: unknown): value is RouteMatch {
  return (
    isJsonObject(value) &&
    isOneOf(ROUTE_NAMES, value.route) &&
    isText(value.locale) &&
    isLocale(value.locale) &&
    isTextRecord(value.params) &&
    isText(value.pageName)
  );
}

function isPagePayload(value: unknown): value is PagePayload {
  return (
    isJsonObject(value) &&
    isNumber(value.status) &&
    (value.match === null || isRouteMatch(value.match)) &&
    isJsonObject(value.head) &&
    isText(value.head.title) &&
    isText(value.head.description) &&
    isArrayOf(value.namespaces, isText) &&
    isArrayOf(value.unavailable, (name) => isOneOf(REMOTE_NAMES, name))
  );
}

/** Reads `GET /_data/<path>`: the page or the redirect, or null when the answer is neither. */
export function readPageDataAnswer(value: unknown): PageDataAnswer | null {
  if (!isJsonObject(value)) return null;
  if (isText(value.redirect)) return { redirect: value.redirect };
  return isPagePayload(value.payload) ? { payload: value.payload } : null;
}

/** Reads `GET /locales/<locale>/<namespace>.json`: the namespace's resources, or none when the answer is not an object. */
export function readNamespaceResources(value: unknown): Record<string, unknown> {
  return isJsonObject(value) ? value : {};
}
