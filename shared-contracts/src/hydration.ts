import * as z from 'zod/mini';
import { LOCALES, type Locale } from './locales.ts';
import { REMOTE_NAMES, ROUTE_NAMES, type RemoteName } from './routes.ts';
import type { SharedState } from './store-contract.ts';
import type { HeadFields, RouteMatch } from './page-contract.ts';
import type { FrameData } from './frame-contract.ts';
import type { ClientTrackingSettings } from './tracking-contract.ts';

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
  /**
   * The store's state, less what the browser rebuilds the same (docs/architecture.md "The hydration state"): `pageMeta`
   * when it is the page head's, and the slices the browser fills in itself while they hold their starting state.
   * Injected slices are always there.
   */
  store: Partial<SharedState> & Record<string, unknown>;
  /** i18n resources by namespace for the page's locale (plus English fallback where missing). */
  resources: Record<string, Record<string, unknown>>;
  remotes: PinnedRemote[];
  /** The page; its head without `structuredData`, which the document carries once, as its JSON-LD blocks. */
  page: PagePayload;
  /** The page's `data` is what its `dataInDocument.carried` left of it: the browser restores the rest from the document. */
  dataInDocument?: true;
  /** Navigation and footer data of the locale. */
  frame: FrameData;
  /** Server time of the render, for the campaign countdown and the like. */
  renderedAt: number;
  /** Browser error reporting, present only when the site has an error-service DSN. */
  monitoring?: { sentryDsn: string; environment: string };
  /** The tracker's third parties and outbound domains, present only when one of them is configured. */
  tracking?: ClientTrackingSettings;
}

const routeMatchSchema = z.object({
  route: z.enum(ROUTE_NAMES),
  locale: z.enum(LOCALES),
  params: z.record(z.string(), z.string()),
  pageName: z.string(),
});

const headFieldsSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.optional(z.string()),
  type: z.optional(z.enum(['website', 'article', 'product'])),
  image: z.optional(z.string()),
  structuredData: z.optional(z.array(z.record(z.string(), z.unknown()))),
  locales: z.optional(z.array(z.enum(LOCALES))),
  canonicalPath: z.optional(z.string()),
});

/** The page a client navigation gets: what `PagePayload` says, checked before the page renders it. */
export const pagePayloadSchema: z.ZodMiniType<PagePayload> = z.object({
  status: z.number(),
  match: z.nullable(routeMatchSchema),
  head: headFieldsSchema,
  data: z.unknown(),
  namespaces: z.array(z.string()),
  unavailable: z.array(z.enum(REMOTE_NAMES)),
});

/** `GET /_data/<path>` (a client navigation): the page, or the same-site path the visitor belongs at. */
export const pageDataAnswerSchema = z.union([z.object({ redirect: z.string() }), z.object({ payload: pagePayloadSchema })]);

/** `GET /locales/<locale>/<namespace>.json`: a namespace's translations. */
export const namespaceResourcesSchema = z.record(z.string(), z.unknown());
