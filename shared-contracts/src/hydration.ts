import type { Locale } from './locales.ts';
import type { RemoteName } from './routes.ts';
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
