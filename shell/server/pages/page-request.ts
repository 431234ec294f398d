import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '@reelkeep/platform/config';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import {
  CAMPAIGN_BANNER_CLOSED_COOKIE,
  isSecureSite,
  PRICE_EXPERIMENT_KEY,
  PRICE_VARIANT_COOKIE,
  readCookie,
  toPriceVariant,
  type PriceVariant,
  type SessionState,
} from '@reelkeep/shared-contracts';
import type { PageMatch } from '../../src/render-contract.ts';
import { detectOs } from '../http/visitor.ts';
import { decidePageCaching, type CacheDecision } from '../page-cache/page-cache-rules.ts';
import { listLiveVersions, type ReleaseSnapshot } from '../releases/release-snapshot.ts';
import type { LoadedShell } from './shell-loader.ts';

/** A visitor's experiments as the shell assigned them (docs/experiments.md "Assignment") and the cookies that keep them. */
export interface AssignedVariant {
  /** The price variant (`old` while the price experiment is closed). */
  price: PriceVariant;
  /** Cookie name → variant: the store's A/B values. */
  values: Record<string, string>;
  /** Cookie name → variant, for what this page's HTML shows besides the price. */
  pageVariants: Record<string, string>;
  setCookies: string[];
}

/**
 * One page request, resolved once (docs/architecture.md "Request path") and handed to assignment, the cache and
 * the render alike: the page it stands for, its locale and route, the visitor's variant and the cache's decision.
 */
export interface PageRequest {
  req: IncomingMessage;
  /** The page the request stands for (a client navigation's `/_data/<path>` stands for `<path>`). */
  url: URL;
  /** Its locale and route, as the request's shell release matched them in its page gate: never matched again. */
  page: PageMatch;
  variant: AssignedVariant;
  cache: CacheDecision;
  session: SessionState;
  snapshot: ReleaseSnapshot;
  shell: LoadedShell;
  nonce: string;
}

/** Whether the visitor closed the campaign banner: a variant of the page the key covers (docs/operations.md "Page cache"). */
export const isCampaignBannerClosed = (cookieHeader: string | undefined): boolean =>
  readCookie(cookieHeader ?? null, CAMPAIGN_BANNER_CLOSED_COOKIE) === '1';

/** Builds a request's `PageRequest`: the visitor's assignment (its cookies set on the response), then the cache decision. */
export function createPageRequestBuilder(deps: {
  config: Pick<Config, 'SITE_URL' | 'AB_PLAN_PRICE_OPEN'>;
  cache: { enabled: boolean; localesVersion: string };
  readClientAddress: ClientAddressReader;
  /** Experiments opened or closed in the console (docs/experiments.md "Opening and closing"); the price experiment stays AB_PLAN_PRICE_OPEN's. */
  experimentSwitches?: () => Readonly<Record<string, boolean>>;
}) {
  const { config } = deps;

  /** The visitor's assignment for the page the gate matched (null: an error page, which takes part in no experiment). */
  const assignVariant = (shell: LoadedShell, req: IncomingMessage, url: URL, page: PageMatch | null): AssignedVariant => {
    const assigned = shell.bundle.assignVisitor({
      cookieHeader: req.headers.cookie,
      query: url.searchParams,
      clientIp: deps.readClientAddress(req),
      secure: isSecureSite(config.SITE_URL),
      page,
      openOverrides: { ...deps.experimentSwitches?.(), [PRICE_EXPERIMENT_KEY]: config.AB_PLAN_PRICE_OPEN },
    });
    const { [PRICE_VARIANT_COOKIE]: _price, ...pageVariants } = assigned.pageVariants;
    return { price: toPriceVariant(assigned.values[PRICE_VARIANT_COOKIE]), values: assigned.values, pageVariants, setCookies: assigned.setCookies };
  };

  return {
    assignVariant,

    /**
     * The page request for `url` (`path`: what was asked, `/_data<page>` for a client navigation). The
     * assignment's cookies are set on `res` first: a response that sets one is never cached.
     */
    build(
      res: ServerResponse,
      request: {
        req: IncomingMessage;
        path: string;
        url: URL;
        page: PageMatch;
        snapshot: ReleaseSnapshot;
        shell: LoadedShell;
        session: SessionState;
        nonce: string;
      },
    ): PageRequest {
      const { req, url, page, snapshot, shell, session } = request;
      const variant = assignVariant(shell, req, url, page);
      for (const cookie of variant.setCookies) res.appendHeader('set-cookie', cookie);
      const cache = decidePageCaching({
        enabled: deps.cache.enabled,
        method: req.method ?? 'GET',
        path: request.path,
        pagePath: url.pathname,
        search: url.search,
        route: page.route,
        setsCookie: res.hasHeader('set-cookie'),
        variant: {
          locale: page.locale,
          os: detectOs(req.headers['user-agent']),
          signedIn: session.signedIn,
          priceVariant: config.AB_PLAN_PRICE_OPEN ? variant.price : null,
          campaignBannerClosed: isCampaignBannerClosed(req.headers.cookie),
          experiments: variant.pageVariants,
          cohort: snapshot.cohort,
        },
        versions: { shell: snapshot.shell?.version ?? '', locales: deps.cache.localesVersion, remotes: listLiveVersions(snapshot) },
      });
      return { req, url, page, variant, cache, session, snapshot, shell, nonce: request.nonce };
    },
  };
}
