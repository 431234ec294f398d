import type { ServiceCatalogueDto } from './frame-schemas.ts';
import type { ArticleSummaryDto } from './blog-contract.ts';
import type { Locale } from './locales.ts';

/**
 * What the frame shows besides the page, and the landing squad's catalogue it is built from. The catalogue's schemas
 * are in `frame-schemas.ts`, read by the shell's server only, which hands the browser the frame it built: a browser
 * module that needs a constant of this file (the campaign banner's cookie) does not evaluate zod for it.
 */

/** One article of the footer's guide centre: what its link needs. */
export type FooterArticleDto = Pick<ArticleSummaryDto, 'title' | 'new_uuid' | 'uuid'>;

/**
 * The campaign slot of the frame (docs/campaigns.md "In the frame"): what the campaign squad's API
 * (`GET /api/campaign/frame`) says the shell's banner shows, in the page's locale. The squad decides which
 * routes hide the banner and the ads; the shell applies the lists and the visitor's close cookie.
 */
export interface FrameCampaignDto {
  id: string;
  /** The banner's line, e.g. "Holiday sale: up to $40 off lifetime licences, $5 off any plan". */
  title: string;
  /** The campaign's name. */
  name: string;
  /** Route name of the campaign's page: the banner links there (with the locale prefix). */
  route: string;
  /** Banner art (a path of the site), or null. */
  thumb: string | null;
  background: string | null;
  /** Epoch ms the visitor is shown as the end (a link's personal deadline may bring it forward). */
  endsAt: number;
  isImportant: boolean;
  /** Routes where the banner never shows. */
  bannerHiddenOn: string[];
  /** Routes where the coupon modal and the ads never show. */
  adsHiddenOn: string[];
}

/** `GET /api/campaign/frame`: the running campaign for the frame, or null. */
export interface FrameCampaignAnswer {
  campaign: FrameCampaignDto | null;
}

/** The cookie that keeps the campaign banner closed for a day (docs/campaigns.md "In the frame"). */
export const CAMPAIGN_BANNER_CLOSED_COOKIE = 'rk_campaign_closed';
/** How long a closed banner stays closed, in seconds. */
export const CAMPAIGN_BANNER_CLOSED_MAX_AGE_S = 86_400;

/** What the frame shows besides the page: read by the shell server, cached, and handed to the browser. */
export interface FrameData {
  locale: Locale;
  /** Public origin of the site (share links need absolute URLs). */
  siteUrl: string;
  catalogue: ServiceCatalogueDto;
  /** Latest guide-centre articles, `faqs` skipped (docs/frame.md "Footer"). */
  articles: FooterArticleDto[];
  /** The campaign slot: read for every render (never from the frame cache), null when none runs. */
  campaign?: FrameCampaignDto | null;
}
