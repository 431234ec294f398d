import {
  CLIENT_NOT_DETECTED,
  PROMPT_QUEUE_INITIAL_STATE,
  type HeadFields,
  type HydrationState,
  type Locale,
  type PageMetaState,
  type PageDefinition,
  type PagePayload,
  type RemotePageModule,
  type SharedState,
} from '@reelkeep/shared-contracts';
import { toCanonicalUrl } from './head-tags.ts';

/**
 * What the hydration state leaves out, and how the browser gets it back (docs/architecture.md "The hydration
 * state"): the document already carries the page's JSON-LD, the page's head already carries what the store's
 * `pageMeta` holds, and two slices are the same for every visitor on the server. Each is sent once, or not at all;
 * the browser rebuilds the same values before its store and its first render start, so hydration sees what the
 * server rendered.
 */

/** What the page's JSON-LD blocks are written as (PageHead), which the browser reads back. */
export const STRUCTURED_DATA_SELECTOR = '#root script[type="application/ld+json"]';

/** The `pageMeta` slice of a page: its head's title, description and keywords, its status and canonical URL. */
export function toPageMeta(payload: Pick<PagePayload, 'head' | 'status'>, where: { locale: Locale; path: string; siteUrl: string }): PageMetaState {
  const { head } = payload;
  return {
    title: head.title,
    description: head.description,
    keywords: head.keywords ?? '',
    status: payload.status,
    canonicalUrl: toCanonicalUrl({ head, ...where }),
  };
}

/** Slices the server renders the same for every visitor and the browser fills in itself, with the state they start with. */
const BROWSER_FILLED_SLICES: ReadonlyArray<[key: 'client' | 'prompts', initial: unknown]> = [
  ['client', CLIENT_NOT_DETECTED],
  ['prompts', PROMPT_QUEUE_INITIAL_STATE],
];

/** Whether two plain JSON values are the same (a different key order counts as different: the state is then sent). */
const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Where the page is, for its `pageMeta`: the store's locale slice (the server fills it from the page) and the site's origin. */
const placeOf = (store: Partial<SharedState>, siteUrl: string) =>
  store.locale ? { locale: store.locale.current, path: store.locale.path, siteUrl } : undefined;

/**
 * The hydration state as the server sends it: `full` less the page's JSON-LD (in the document, once), less the store's
 * `pageMeta` when it is the page head's, and less the browser-filled slices while they hold their starting state.
 * A slice some code changed on the server (an opening event) differs from what the browser would rebuild, so it is sent.
 */
export function toHydrationState(full: HydrationState & { store: SharedState }, dataInDocument?: PageDefinition['dataInDocument']): HydrationState {
  const { pageMeta, ...store } = full.store as SharedState & Record<string, unknown>;
  const place = placeOf(full.store, full.frame.siteUrl);
  const sent: Record<string, unknown> = place && sameJson(pageMeta, toPageMeta(full.page, place)) ? store : { ...store, pageMeta };
  for (const [key, initial] of BROWSER_FILLED_SLICES) if (sameJson(sent[key], initial)) delete sent[key];
  const { structuredData: _inTheDocument, ...head } = full.page.head;
  const data = dataInDocument ? dataInDocument.carried(full.page.data) : full.page.data;
  return { ...full, store: sent, page: { ...full.page, head, data }, ...(dataInDocument ? { dataInDocument: true as const } : {}) };
}

/**
 * The page's whole data in the browser, once its module is loaded: what the state carried, with the part the page
 * wrote into the document read back from it (`dataInDocument.restore`), when the server left that part out.
 */
export function restorePageData(
  state: Pick<HydrationState, 'dataInDocument'>,
  payload: PagePayload,
  module: RemotePageModule,
  root: ParentNode,
): PagePayload {
  const restore = state.dataInDocument && payload.match ? module.pages[payload.match.route]?.dataInDocument?.restore : undefined;
  return restore ? { ...payload, data: restore(payload.data, root) } : payload;
}

/** The page's JSON-LD as the document carries it (`STRUCTURED_DATA_SELECTOR`): the objects PageHead wrote, `@context` included. */
export function readStructuredData(root: ParentNode): NonNullable<HeadFields['structuredData']> {
  const blocks: Record<string, unknown>[] = [];
  for (const element of root.querySelectorAll(STRUCTURED_DATA_SELECTOR)) {
    // A block that is not the server's JSON (something else wrote into the page) is skipped: the page still hydrates,
    // and React renders that region again where it differs.
    try {
      const data: unknown = JSON.parse(element.textContent ?? '');
      if (data && typeof data === 'object' && !Array.isArray(data)) blocks.push(data as Record<string, unknown>);
    } catch {
      continue;
    }
  }
  return blocks;
}

/**
 * The browser's side: the store and the page as the server rendered them, from the hydration state and the document's
 * JSON-LD blocks (`structuredData`, read by `readStructuredData`). PageHead writes each object back with `@context`
 * first, which it already has, so the blocks it renders are the server's, character for character.
 */
export function restoreHydrationState(
  state: HydrationState,
  structuredData: NonNullable<HeadFields['structuredData']>,
): { store: SharedState; page: PagePayload } {
  const head: HeadFields = structuredData.length > 0 ? { ...state.page.head, structuredData } : state.page.head;
  const page: PagePayload = { ...state.page, head };
  const store: Record<string, unknown> = { ...state.store };
  for (const [key, initial] of BROWSER_FILLED_SLICES) if (!(key in store)) store[key] = initial;
  const place = placeOf(state.store, state.frame.siteUrl);
  if (!('pageMeta' in store) && place) store.pageMeta = toPageMeta(page, place);
  return { store: store as unknown as SharedState, page };
}
