/**
 * The campaign squad's rules (docs/campaigns.md): when a campaign runs, what a link's `start_time`,
 * `ac_endtime` and `ac_source` change, and where its banner and ads may show. Pure: the API, the frame's
 * data and the browser's modals all decide with these functions, and the table tests pin every boundary.
 */

import { MAX_COUPONS_SHOWN, type CampaignCouponDto } from '@reelkeep/shared-contracts';

/** What the rules read of a campaign. */
export interface CampaignWindow {
  id: string;
  /** Route name the campaign lives on (`sales-campaign`, `store`, …). */
  route: string;
  /** Epoch ms, inclusive. */
  startsAt: number;
  /** Epoch ms, exclusive. */
  endsAt: number;
  isImportant: boolean;
  noNavRoutes: readonly string[];
  noAdRoutes: readonly string[];
}

/** docs/campaigns.md "Activity": the upgrade campaign never runs on this site. */
export const UPGRADE_CAMPAIGN_ROUTE = 'upgrade-campaign';

/** docs/campaigns.md "Personal deadlines": the sources a personal deadline is read from. */
export const AC_SOURCES = ['email', 'newsletter', 'app', 'push'] as const;

/** docs/campaigns.md "Where campaign UI shows": routes that never show the campaign banner. */
export const ROUTES_WITHOUT_BANNER: readonly string[] = [
  'checkout',
  'event-center',
  'sales-campaign',
  'aio-special-offer',
  UPGRADE_CAMPAIGN_ROUTE,
  'pricing',
];

/** docs/campaigns.md "Where campaign UI shows": routes that never show a campaign's coupon modal, image ad or bottom ad. */
export const ROUTES_WITHOUT_ADS: readonly string[] = ['login', ...ROUTES_WITHOUT_BANNER];

/** spec timing: the coupon modal (or the image ad) opens this long after the page loaded. */
export const COUPON_MODAL_DELAY_MS = 5000;
/** After a click on an ad's link, the ad closes this much later. */
export const AD_CLOSE_AFTER_CLICK_MS = 3000;
/** The banner's close cookie lives one day. */
export const BANNER_CLOSED_MAX_AGE_S = 86_400;
/** Session storage flag: the coupon modal was closed (never auto-shown again this session). */
export const COUPON_MODAL_SESSION_FLAG = 'rk_coupon_modal_closed';

/**
 * Reads `YYYYMMDDHHMMSS` (UTC) into epoch ms: exactly 14 digits naming a real moment, else 0 (docs/campaigns.md
 * "Personal deadlines": any other length, or a date that rolls over, reads as no deadline).
 */
export function readUtcDigits(value: string | undefined): number {
  if (value === undefined || value.length !== 14) return 0;
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return 0;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const moment = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(moment);
  const readsBack =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return readsBack ? moment : 0;
}

/** A personal deadline from a link: `ac_endtime` counts only with a known `ac_source`; otherwise 0 (none). */
export function readPersonalDeadline(acEndtime: string | undefined, acSource: string | undefined): number {
  if (!AC_SOURCES.includes(acSource as (typeof AC_SOURCES)[number])) return 0;
  return readUtcDigits(acEndtime);
}

/** The end a visitor is shown: a personal deadline may bring the configured end forward, never push it later. */
export function toDisplayedEnd(configuredEnd: number, personalDeadline: number): number {
  return personalDeadline > 0 && personalDeadline < configuredEnd ? personalDeadline : configuredEnd;
}

/** Whether a campaign is over in real time: a preview never brings it back. */
export function isCampaignExpired(campaign: Pick<CampaignWindow, 'endsAt'>, now: number): boolean {
  return now >= campaign.endsAt;
}

/**
 * Whether a campaign runs for this request (docs/campaigns.md "Activity"): from its start (inclusive) to
 * its end (exclusive) at the previewed moment (`start_time`, previews only) or now, never once it is over
 * in real time, never the upgrade campaign.
 */
export function isCampaignRunning(campaign: CampaignWindow, now: number, previewAt?: number): boolean {
  if (campaign.route === UPGRADE_CAMPAIGN_ROUTE || campaign.id === UPGRADE_CAMPAIGN_ROUTE) return false;
  if (isCampaignExpired(campaign, now)) return false;
  const at = previewAt ?? now;
  return at >= campaign.startsAt && at < campaign.endsAt;
}

/**
 * The campaign the frame shows: among the running ones, an important one first, then the one ending first.
 * Only running campaigns are candidates, so an expired one never shows beside a running one.
 */
export function pickFrameCampaign<Campaign extends CampaignWindow>(campaigns: readonly Campaign[], now: number, previewAt?: number): Campaign | null {
  const running = campaigns.filter((campaign) => isCampaignRunning(campaign, now, previewAt));
  running.sort((a, b) => Number(b.isImportant) - Number(a.isImportant) || a.endsAt - b.endsAt || a.id.localeCompare(b.id));
  return running[0] ?? null;
}

/** The event centre's order: running campaigns first (ending soonest first), then the expired ones, latest first. */
export function orderForEventCenter<Campaign extends CampaignWindow>(campaigns: readonly Campaign[], now: number): Campaign[] {
  const running = campaigns.filter((campaign) => isCampaignRunning(campaign, now)).sort((a, b) => a.endsAt - b.endsAt);
  const expired = campaigns.filter((campaign) => isCampaignExpired(campaign, now)).sort((a, b) => b.endsAt - a.endsAt);
  return [...running, ...expired];
}

/** What decides whether the banner shows on a page. */
export interface BannerVisibilityInput {
  campaign: CampaignWindow | null;
  route: string | undefined;
  /** The route's frame hides navigation (checkout, login and the like). */
  cleanFrame: boolean;
  /** The visitor closed the banner (its one-day cookie is set). */
  closed: boolean;
  now: number;
  previewAt?: number;
}

/** docs/campaigns.md "Where campaign UI shows": the banner shows for a running campaign, on a route neither the site nor the campaign excludes, until closed. */
export function isBannerVisible({ campaign, route, cleanFrame, closed, now, previewAt }: BannerVisibilityInput): boolean {
  if (!campaign || closed || cleanFrame || route === undefined) return false;
  if (ROUTES_WITHOUT_BANNER.includes(route) || campaign.noNavRoutes.includes(route)) return false;
  return isCampaignRunning(campaign, now, previewAt);
}

/** docs/campaigns.md "Where campaign UI shows": the campaign's ads may show on this route. */
export function areAdsAllowed(campaign: CampaignWindow, route: string | undefined): boolean {
  return route !== undefined && !ROUTES_WITHOUT_ADS.includes(route) && !campaign.noAdRoutes.includes(route);
}

/** Whether a referrer is another site (or none): only such arrivals see the coupon modal on their own. */
export function isForeignReferrer(referrer: string, siteHost: string): boolean {
  if (referrer === '') return true;
  try {
    return new URL(referrer).host !== siteHost;
  } catch {
    return true;
  }
}

/** What decides which dialog opens on its own. */
export interface AutoShowInput {
  campaign: CampaignWindow;
  route: string | undefined;
  isDesktop: boolean;
  referrer: string;
  siteHost: string;
  /** The session flag set when the visitor closed the coupon modal or the image ad. */
  closedThisSession: boolean;
}

/**
 * docs/campaigns.md "Coupon modal and ads": after the delay, on desktop only, for a visitor arriving from
 * elsewhere who has not closed it this session, on a route that allows ads: the coupon modal for an
 * important campaign, the image ad for the others; null when nothing opens.
 */
export function chooseAutoShownDialog({
  campaign,
  route,
  isDesktop,
  referrer,
  siteHost,
  closedThisSession,
}: AutoShowInput): 'coupon-modal' | 'image-ad' | null {
  if (!isDesktop || closedThisSession || !areAdsAllowed(campaign, route) || !isForeignReferrer(referrer, siteHost)) return null;
  return campaign.isImportant ? 'coupon-modal' : 'image-ad';
}

/** docs/campaigns.md "Coupon modal and ads": the bottom-left ad shows once per session, on desktop, where ads are allowed. */
export function isBottomAdShown(
  campaign: CampaignWindow & { hasBottomAd: boolean },
  route: string | undefined,
  isDesktop: boolean,
  shownThisSession: boolean,
): boolean {
  return campaign.hasBottomAd && isDesktop && !shownThisSession && areAdsAllowed(campaign, route);
}

/** A duration as the countdown shows it. */
export function splitCountdown(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(total / 86_400), hours: Math.floor(total / 3600) % 24, minutes: Math.floor(total / 60) % 60, seconds: total % 60 };
}

/**
 * Where the coupon modal's select-plan button leads (docs/campaigns.md "Coupon modal and ads"): on the store
 * page to the checkout with the coupon; for a campaign that sells on the store, to the store with `source`
 * and the coupon; otherwise to the campaign's page at the coupon's anchor. `prefix` is the locale's path prefix.
 */
export function toSelectPlanHref(input: { route: string | undefined; campaignRoute: string; code: string; index: number; prefix: string }): string {
  const query = new URLSearchParams({ source: 'coupon_modal', coupon: input.code });
  if (input.route === 'store') return `${input.prefix}/checkout?${query}`;
  if (input.campaignRoute === 'store') return `${input.prefix}/store?${query}`;
  return `${input.prefix}/${input.campaignRoute}#coupon-${input.index + 1}`;
}

/**
 * The coupons a campaign shows (spec: sorted by discount, at most 3), in the coupon modal and on the sales and store
 * pages alike, so the modal's "coupon 2" is the page's `#coupon-2`: the shown ones, the largest discount first.
 */
export function pickShownCoupons(coupons: readonly CampaignCouponDto[]): CampaignCouponDto[] {
  return coupons
    .filter((coupon) => coupon.show)
    .sort((a, b) => b.discountCents - a.discountCents || a.code.localeCompare(b.code))
    .slice(0, MAX_COUPONS_SHOWN);
}
