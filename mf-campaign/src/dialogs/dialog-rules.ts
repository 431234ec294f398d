import type { CampaignCouponDto } from '@reelkeep/shared-contracts';
import { COUPON_MODAL_DELAY_MS } from '../campaign-rules.ts';

/**
 * Rules of the campaign dialogs (docs/campaigns.md "Coupon modal and ads") apart from the browser: when the auto-show timer fires, what counts as desktop, where an ad links.
 */

/** Narrower than this is a phone or a small tablet: the auto-shown dialog and the bottom ad stay away (the mobile menu's breakpoint). */
export const DESKTOP_MIN_WIDTH_PX = 900;
/** Session storage key of the source an ad's click records (the ad's own `sourceKey` for the bottom ad). */
export const IMAGE_AD_SOURCE_KEY = 'rk_ad_source';

/** Whether a viewport this wide is a desktop. */
export function isDesktopViewport(widthPx: number): boolean {
  return widthPx >= DESKTOP_MIN_WIDTH_PX;
}

/** How long the auto-shown dialog still waits, `msSinceLoad` after the page started loading (never negative). */
export function msUntilAutoShow(msSinceLoad: number): number {
  return Math.max(0, COUPON_MODAL_DELAY_MS - msSinceLoad);
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
