import type { Config } from '@reelkeep/platform/config';
import type { LocaleStore } from '@reelkeep/platform/locale-store';
import type { Logger } from '@reelkeep/platform/logger';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import { readPurgeTags } from '@reelkeep/platform/gateway';
import {
  CACHE_TAGS_HEADER,
  CAMPAIGN_BANNER_CLOSED_COOKIE,
  CLIENT_IP_HEADER,
  PRICE_VARIANT_COOKIE,
  serialiseRequestCookie,
  type RemoteName,
} from '@reelkeep/shared-contracts';
import type { ErrorRenderInput, RenderInput } from '../../src/render-contract.ts';
import { detectOs } from '../http/visitor.ts';
import { ANONYMOUS } from '../http/session.ts';
import { describeClientTracking } from '../http/security-headers.ts';
import { isPrivateAnswer } from '../page-cache/page-cache-rules.ts';
import { listLiveVersions } from '../releases/release-snapshot.ts';
import { isCampaignBannerClosed, type PageRequest } from './page-request.ts';

const CLOSED_BANNER_COOKIE = `${CAMPAIGN_BANNER_CLOSED_COOKIE}=1`;

/** What a render is made from: a page request without its cache decision, and without its page for an error page. */
export type RenderTarget = Pick<PageRequest, 'req' | 'url' | 'snapshot' | 'shell' | 'variant' | 'session' | 'nonce'> &
  Partial<Pick<PageRequest, 'page'>>;

/** How a render's input differs from the request's own: what a cacheable render may see. */
interface RenderOptions {
  keyed: boolean;
  url?: URL;
  nonce?: string;
  fetchApi?: RenderInput['fetchApi'];
  reportError?: RenderInput['reportError'];
}

/**
 * An API caller that notes whether any answer it got was for one visitor or one use only, and the data tags the
 * answers name (`x-cache-tags`), so a change of that data drops the page (docs/operations.md "Page cache").
 */
export function watchPrivacy(fetchApi: RenderInput['fetchApi']) {
  const seen = { privateAnswer: false, dataTags: new Set<string>() };
  const watched: RenderInput['fetchApi'] = async (path, init) => {
    const response = await fetchApi(path, init);
    if (isPrivateAnswer(response.headers.get('cache-control'), response.headers.has('set-cookie'))) seen.privateAnswer = true;
    for (const tag of readPurgeTags(response.headers.get(CACHE_TAGS_HEADER))) seen.dataTags.add(tag);
    return response;
  };
  return { fetchApi: watched, seen };
}

/** Builds a render's input and watches its health; shared by the document, data and error responders. */
export function createRenderInputs(deps: {
  config: Config;
  logger: Logger;
  locales: LocaleStore;
  reportError: RenderInput['reportError'];
  readClientAddress: ClientAddressReader;
  /** Counts a page render of a version, failed or not (docs/releases.md "Health per version"). */
  recordRender?: (app: string, version: string, failed: boolean) => void;
}) {
  const { config } = deps;
  const trackingSettings = describeClientTracking(config);

  /** The input of any document, the error page's included. */
  const buildDocumentInput = (target: RenderTarget, options: RenderOptions): ErrorRenderInput => {
    const { req, variant } = target;
    const visitorHeaders: Record<string, string> = { [CLIENT_IP_HEADER]: deps.readClientAddress(req) };
    const variantCookie = serialiseRequestCookie(PRICE_VARIANT_COOKIE, variant.price);
    // Loaders asking on the visitor's behalf see the variants this response assigns, before the old cookies (the first of a name counts).
    const cookies = options.keyed
      ? [config.AB_PLAN_PRICE_OPEN ? variantCookie : null, isCampaignBannerClosed(req.headers.cookie) ? CLOSED_BANNER_COOKIE : null]
      : [...Object.entries(variant.values).map(([name, value]) => serialiseRequestCookie(name, value)), req.headers.cookie];
    if (cookies.some(Boolean)) visitorHeaders.cookie = cookies.filter(Boolean).join('; ');
    return {
      url: options.url ?? target.url,
      siteUrl: config.SITE_URL,
      remotes: target.snapshot.remotes,
      shellAssets: target.shell.assets,
      loadResources: deps.locales.loadResources,
      fetchApi: options.fetchApi ?? target.snapshot.gateway.fetchApi,
      visitorHeaders,
      os: detectOs(req.headers['user-agent']),
      session: options.keyed ? ANONYMOUS : target.session,
      abValues: { ...variant.values, [PRICE_VARIANT_COOKIE]: variant.price },
      nonce: options.nonce ?? target.nonce,
      remoteTimeoutMs: config.REMOTE_LOAD_TIMEOUT_MS,
      renderTimeoutMs: config.RENDER_TIMEOUT_MS,
      reportError: options.reportError ?? deps.reportError,
      warn: (message, fields) => deps.logger.warn(message, fields),
      ...(config.SENTRY_DSN ? { monitoring: { sentryDsn: config.SENTRY_DSN, environment: config.NODE_ENV } } : {}),
      ...(trackingSettings ? { tracking: trackingSettings } : {}),
    };
  };

  return {
    /**
     * The render's input for the page the request's page gate matched, passed on as it is. `keyed`: the page may be
     * cached, so it renders for nobody in particular, and loaders asking on the visitor's behalf see only the cookies
     * the key covers (the price variant, the closed banner).
     */
    build: (target: RenderTarget & Pick<PageRequest, 'page'>, options: RenderOptions): RenderInput => ({
      ...buildDocumentInput(target, options),
      page: target.page,
    }),

    /** The error page's input: no page was matched for it. */
    buildForError: (target: RenderTarget): ErrorRenderInput => buildDocumentInput(target, { keyed: false }),

    /**
     * docs/releases.md "Health per version": one render of the route's remote in the request's snapshot (the shell's
     * when no route matches), failed when it reported an error or answered 5xx.
     */
    watchRender(target: RenderTarget) {
      let failed = false;
      const app = target.page?.route?.remote ?? 'shell';
      return {
        reportError: ((message, error, extra) => {
          failed = true;
          deps.reportError(message, error, extra);
        }) satisfies RenderInput['reportError'],
        finish(status: number) {
          const version = listLiveVersions(target.snapshot)[app];
          if (version) deps.recordRender?.(app, version, failed || status >= 500);
        },
      };
    },

    /** A page served from the cache counts as served by its versions too (docs/releases.md "Health per version"). */
    recordServed(target: RenderTarget, app: RemoteName) {
      const version = listLiveVersions(target.snapshot)[app];
      if (version) deps.recordRender?.(app, version, false);
    },
  };
}

/** The render inputs of a page renderer. */
export type RenderInputs = ReturnType<typeof createRenderInputs>;
