import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  CAMPAIGN_BANNER_CLOSED_COOKIE,
  CLIENT_NOT_DETECTED,
  HREFLANG,
  PROMPT_QUEUE_INITIAL_STATE,
  readCookie,
  toLocalePrefix,
  type FrameData,
  type HydrationState,
  type SharedState,
  toContainerName,
} from '@reelkeep/shared-contracts';
import { fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { AppProviders } from '../app/AppProviders.tsx';
import { createStaticNavigator } from '../routing/navigator.ts';
import { ROUTE_BY_NAME } from '../routing/route-table.ts';
import { createSiteStore } from '../store/create-site-store.ts';
import { openPageInStore } from '../store/open-page.ts';
import type { ErrorRenderInput, PageOutcome } from '../render-contract.ts';
import { shouldShowCampaignBanner } from '../app/campaign-banner-rules.ts';
import { renderCampaignBannerHtml } from './campaign-banner.server.ts';
import { buildHeadTags, renderHeadTagsHtml } from './head-tags.ts';
import { escapeHtml } from './html-text.ts';
import { renderStylesheetLink } from './stylesheet-links.server.ts';

/** The shell's browser container (its build's `uniqueName`: the package name without the scope). */
const SHELL_CONTAINER = 'shell';
import { serialiseHydrationState } from './hydration-text.server.ts';
import { toHydrationState, toPageMeta } from './hydration-state.ts';
import type { ResolvedPage } from './page-resolution.server.ts';

/** The store a page starts with: the contract's slices, filled from the request and the resolved page. */
function buildStoreState(input: ErrorRenderInput, page: ResolvedPage, frame: FrameData): SharedState {
  return {
    locale: { current: page.locale, prefix: toLocalePrefix(page.locale), path: page.path },
    os: input.os,
    session: input.session,
    pageMeta: toPageMeta(page.payload, { locale: page.locale, path: page.path, siteUrl: input.siteUrl }),
    ab: { values: input.abValues },
    // docs/campaigns.md "In the frame": a running campaign shows its banner until the visitor closes it for the day.
    campaignNav: { visible: Boolean(frame.campaign) && readCookie(input.visitorHeaders.cookie, CAMPAIGN_BANNER_CLOSED_COOKIE) !== '1' },
    // docs/frame.md "Prompts": the queue opens in the browser once the page is hydrated, so no render shows a prompt.
    prompts: PROMPT_QUEUE_INITIAL_STATE,
    // docs/frame.md "Client state": the same for every visitor on the server; the browser fills it in.
    client: CLIENT_NOT_DETECTED,
  };
}

/** The campaign banner above the app (docs/campaigns.md "In the frame"), or nothing when the visitor closed it or none runs. */
function renderBanner(page: ResolvedPage, state: SharedState, frame: FrameData, t: (key: string) => string): string {
  if (!frame.campaign || !state.campaignNav.visible) return '';
  const route = page.payload.match?.route;
  const cleanFrame = route !== undefined && ROUTE_BY_NAME[route].frame === 'clean';
  return renderCampaignBannerHtml({
    campaign: frame.campaign,
    route,
    prefix: state.locale.prefix,
    hidden: !shouldShowCampaignBanner(frame.campaign, route, true, cleanFrame),
    labels: {
      label: t('common:campaign_banner.label'),
      cta: t('common:campaign_banner.cta'),
      coupons: t('common:campaign_banner.coupons'),
      close: t('common:campaign_banner.close'),
    },
  });
}

/**
 * The document up to the app's root: the page head (the same tags the browser renders after a client
 * navigation), the stylesheets and scripts of the shell and of the page's remote. Scripts are files from
 * the site or its static host (CSP `script-src`); the only inline blocks are data (JSON), which run nothing.
 */
function renderDocumentStart(input: ErrorRenderInput, page: ResolvedPage, skipLabel: string, bannerHtml: string): string {
  const { payload, locale } = page;
  const remote = payload.match ? ROUTE_BY_NAME[payload.match.route].remote : undefined;
  const pinned = input.remotes.find((candidate) => candidate.name === remote && !payload.unavailable.includes(candidate.name));
  // A page in a chunk of its own (it has `preload`) is styled by that chunk's CSS, which `./page` does not list.
  const lazy = pinned && payload.match ? page.modules.get(pinned.name)?.pages[payload.match.route]?.preload !== undefined : false;
  const styles = [
    ...input.shellAssets.styles.map((href) => renderStylesheetLink(href, SHELL_CONTAINER)),
    ...(pinned
      ? [...pinned.styles, ...(lazy ? (pinned.lazyStyles ?? []) : [])].map((href) => renderStylesheetLink(href, toContainerName(pinned.name)))
      : []),
  ];
  const preloads = [...input.shellAssets.scripts, ...(pinned ? [pinned.entry, ...pinned.scripts] : [])];
  const headTags = buildHeadTags({
    head: payload.head,
    status: payload.status,
    locale,
    path: page.path,
    siteUrl: input.siteUrl,
  });
  return [
    '<!doctype html>',
    `<html lang="${HREFLANG[locale]}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    renderHeadTagsHtml(headTags),
    '<link rel="icon" href="/favicon.ico">',
    // No first paint of a header cut off mid-parse (its right-hand actions then popped in, a layout shift): the
    // browser paints once the header is parsed, up to `<main id="main">` (docs/routing.md "Starting in the browser").
    '<link rel="expect" href="#main" blocking="render">',
    ...styles,
    ...preloads.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    // Fetched after what the first paint needs and before the entry asks for them: adding them is then a cache hit
    // (docs/routing.md "Starting in the browser").
    ...(input.shellAssets.startScripts ?? []).map((href) => `<link rel="preload" as="script" fetchpriority="low" href="${escapeHtml(href)}">`),
    ...input.shellAssets.scripts.map((src) => `<script defer src="${escapeHtml(src)}" nonce="${input.nonce}"></script>`),
    '</head>',
    '<body>',
    // The skip link is the page's first focusable element, before the campaign banner's landmark (axe "region");
    // a change of language is a full load, so the server's words are always the page's.
    `<a class="rk-skip" href="#main">${escapeHtml(skipLabel)}</a>`,
    bannerHtml,
    '<div id="root">',
  ].join('');
}

/**
 * Renders a resolved page into a whole document, not a stream (docs/routing.md "Rendering a page"): the provider
 * tree around `app`, rendered whole before the first byte (the data is loaded), so a region that fails while
 * rendering still sets the status (503); then the hydration state after the root, written in one piece. The render is bounded by
 * RENDER_TIMEOUT_MS and its timer always cleared.
 */
export async function renderWholeDocument(input: ErrorRenderInput, page: ResolvedPage, frame: FrameData, app: ReactNode): Promise<PageOutcome> {
  const site = createSiteStore(buildStoreState(input, page, frame));
  for (const module of page.modules.values()) site.injectSlices(module.slices);
  const route = page.payload.match?.route;
  openPageInStore(site, route ? page.modules.get(ROUTE_BY_NAME[route].remote) : undefined, page.payload, { withEvents: true });
  const { store } = site;
  // What the page renders with, injected slices included: the browser's store starts from it.
  const state = store.getState();
  // One i18next instance per request, over the page's namespaces (docs/i18n.md "One instance per page").
  const { i18n } = page;
  const t = fixedTranslate(i18n);
  // The browser hydrates the same tree with its own navigator (routing/navigator.ts).
  const navigator = createStaticNavigator({
    location: { pathname: input.url.pathname, search: input.url.search, hash: '', key: 'server' },
    payload: page.payload,
    navigationType: 'POP',
  });
  const definition = route ? page.modules.get(ROUTE_BY_NAME[route].remote)?.pages[route] : undefined;
  // Each part once (docs/architecture.md "The hydration state"): the JSON-LD is the document's, `pageMeta` the head's.
  const hydration = (rendered: boolean): HydrationState =>
    toHydrationState(
      {
        locale: page.locale,
        store: state,
        resources: page.resources,
        remotes: input.remotes.map(({ name, version, entry }) => ({ name, version, entry })),
        page: page.payload,
        frame,
        renderedAt: Date.now(),
        ...(input.monitoring ? { monitoring: input.monitoring } : {}),
        ...(input.tracking ? { tracking: input.tracking } : {}),
      },
      // What the page wrote into the document as it is, only when it did: a failed region renders again in the browser.
      rendered && page.payload.status === 200 ? definition?.dataInDocument : undefined,
    );
  const tree = (
    <AppProviders store={store} i18n={i18n} modules={page.modules} frame={frame} navigator={navigator} headInTree={false}>
      {app}
    </AppProviders>
  );
  const start = renderDocumentStart(input, page, t('common:nav.skip'), renderBanner(page, state, frame, t));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const rendered = await new Promise<{ stream: ReturnType<typeof renderToPipeableStream>; regionFailed: boolean }>((resolve, reject) => {
    let regionFailed = false;
    const stream = renderToPipeableStream(tree, {
      // Any script React writes itself carries the response's CSP nonce.
      nonce: input.nonce,
      // The whole page is ready before the first byte (data is loaded): keep every boundary inline, so
      // the content is in the HTML itself, not in a hidden segment a script reveals later.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        resolve({ stream, regionFailed });
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        regionFailed = true;
        input.reportError('render error', error, { path: input.url.pathname });
      },
    });
    timer = setTimeout(() => stream.abort(new Error(`render not done within ${input.renderTimeoutMs} ms`)), input.renderTimeoutMs);
  });
  clearTimeout(timer);
  const status = rendered.regionFailed && page.payload.status === 200 ? 503 : page.payload.status;
  const end = `</div><script id="__RK_STATE__" type="application/json">${serialiseHydrationState(hydration(!rendered.regionFailed))}</script></body></html>`;

  // React hands over the rendered tree in small chunks; the document leaves in one write (and, to an HTTP
  // response, with its Content-Length), not a system call per chunk.
  const pipe = (sink: NodeJS.WritableStream & { end(): void }) =>
    new Promise<void>((resolve) => {
      const chunks: Buffer[] = [Buffer.from(start)];
      const body = new Writable({
        write(chunk: Buffer | string, _encoding, callback) {
          chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
          callback();
        },
        final(callback) {
          chunks.push(Buffer.from(end));
          sink.end(Buffer.concat(chunks));
          callback();
          resolve();
        },
      });
      rendered.stream.pipe(body);
    });
  return { kind: 'page', status, head: page.payload.head, unavailable: page.payload.unavailable, pipe };
}
