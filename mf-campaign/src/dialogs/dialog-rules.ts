import type { CampaignAdStyleDto, CampaignBottomAdAttrDto, CampaignCouponDto } from '@reelkeep/shared-contracts';

/**
 * Rules of the campaign dialogs (docs/campaigns.md "Coupon modal and ads") apart from the browser: what counts as
 * desktop, where an ad links, the image ad's storage and the bottom ad's styles.
 */

/** Narrower than this is a phone or a small tablet: the auto-shown dialog and the bottom ad stay away (the mobile menu's breakpoint). */
export const DESKTOP_MIN_WIDTH_PX = 900;
/** Session storage key of the source an ad's click records (the ad's own `sourceKey` for the bottom ad). */
export const IMAGE_AD_SOURCE_KEY = 'rk_ad_source';

/** The image ad's own session storage (the spec's image ad options `storageKey` and `sourceType`). */
export interface ImageAdStorage {
  /** Set to `1` when the ad is closed, or 3 s after its link was followed: it does not open again this session. */
  storageKey: string;
  /** What a click on its link records, as `key=value`. */
  sourceType: { key: string; value: string };
}

/**
 * docs/campaigns.md "Coupon modal and ads": each campaign's image ad keeps its own flag, apart from the coupon modal's
 * (`rk_coupon_modal_closed`), so closing one campaign's ad says nothing of another campaign's modal or ad.
 */
export function describeImageAdStorage(campaignId: string): ImageAdStorage {
  return { storageKey: `rk_image_ad_${campaignId}`, sourceType: { key: IMAGE_AD_SOURCE_KEY, value: `image_ad_${campaignId}` } };
}

/** The session flag that says the auto-shown dialog of this campaign was closed: the coupon modal's, or the image ad's own. */
export function toAutoShownClosedKey(campaign: { id: string; isImportant: boolean }, couponModalFlag: string): string {
  return campaign.isImportant ? couponModalFlag : describeImageAdStorage(campaign.id).storageKey;
}

/** The image ad after its link was followed: on the page it was clicked on it stays, never on the next page (docs/campaigns.md). */
export function isFollowedImageAdVisible(followedOnPage: string | null, currentPage: string): boolean {
  return followedOnPage === null || followedOnPage === currentPage;
}

type StyleProperties = Record<string, string>;

function toStyleProperties(style: CampaignAdStyleDto | undefined, prefix: string): StyleProperties {
  if (!style) return {};
  const properties: StyleProperties = {};
  if (style.color) properties[`${prefix}-color`] = style.color;
  if (style.backgroundColor) properties[`${prefix}-background`] = style.backgroundColor;
  if (style.borderColor) properties[`${prefix}-border-color`] = style.borderColor;
  if (style.borderRadiusPx !== undefined) properties[`${prefix}-radius`] = `${style.borderRadiusPx}px`;
  return properties;
}

/**
 * The bottom ad's style options (the spec's `attr`: body, icon, iconHover) as custom properties of the ad's element,
 * which its stylesheet reads with the defaults as fallbacks (`--rk-ad-body-background`, `--rk-ad-icon-hover-color`…).
 * A hover style cannot be inline, so all three go the same way.
 */
export function toBottomAdStyle(attr: CampaignBottomAdAttrDto | undefined): StyleProperties {
  return {
    ...toStyleProperties(attr?.body, '--rk-ad-body'),
    ...toStyleProperties(attr?.icon, '--rk-ad-icon'),
    ...toStyleProperties(attr?.iconHover, '--rk-ad-icon-hover'),
  };
}

/** Whether a viewport this wide is a desktop. */
export function isDesktopViewport(widthPx: number): boolean {
  return widthPx >= DESKTOP_MIN_WIDTH_PX;
}

/** Which line describes where a coupon applies: only some plan types, a minimum price, or any plan. */
export function describeCouponScope(coupon: Pick<CampaignCouponDto, 'allowedTypes' | 'minPriceCents'>): 'types' | 'min' | 'any' {
  if (coupon.allowedTypes.length > 0) return 'types';
  return coupon.minPriceCents > 0 ? 'min' : 'any';
}

/** The path an ad links to: a route name of the site (`store`) under the locale's prefix; a path stays as it is. */
export function toAdHref(target: string, prefix: string): string {
  if (target.startsWith('/')) return `${prefix}${target}`;
  return `${prefix}/${target}`;
}

/** The countdown's three fields, two digits each (`05`), hours counting whole days too. */
export function toClockParts(ms: number): [hours: string, minutes: string, seconds: string] {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return [pad(Math.floor(total / 3600)), pad(Math.floor(total / 60) % 60), pad(total % 60)];
}
