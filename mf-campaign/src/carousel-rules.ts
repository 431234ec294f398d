import type { CampaignCarouselEntryDto, CampaignCouponDto, CampaignDto } from '@reelkeep/shared-contracts';
import { isCampaignExpired } from './campaign-rules.ts';

/**
 * How a campaign's carousel entries show (docs/campaigns.md "Carousel entries"): on the event centre (`showInEventCenter`)
 * and on the sales and store pages (`showInCarousel`), each with its description, its float text, its button and
 * one of three states. Pure, with a table test; the pages only draw the cards these rules return.
 */

/** Where the entries show: the event centre lists every campaign's; the sales pages the running campaign's. */
export type CarouselPlacement = 'event-center' | 'sales-campaign' | 'store';

/**
 * `live`: its button leads to the offer. `masked`: the offer is not open (not yet, or sold out): the art is veiled
 * under the float text and there is no button. `expired`: the entry or its campaign is over: veiled, marked as
 * ended, no button and no float text.
 */
export type CarouselCardState = 'live' | 'masked' | 'expired';

/** One card as the pages draw it. */
export interface CarouselCard {
  /** Unique on the page: the campaign and the entry's title key. */
  id: string;
  campaignId: string;
  entry: CampaignCarouselEntryDto;
  state: CarouselCardState;
  /** Featured cards come first in their campaign and are drawn wider. */
  featured: boolean;
  /** The float text's key (`carousel.<key>`), shown over the art; null when the entry shows none. */
  floatKey: string | null;
  /** Where the button leads, or null when the card has no button. */
  href: string | null;
  /** The coupon the entry's texts quote (`{{code}}`, `{{amount}}`, `{{min}}`), or null. */
  coupon: CampaignCouponDto | null;
}

/** The coupon an entry quotes, when its campaign still has it shown. */
function findEntryCoupon(campaign: CampaignDto, entry: CampaignCarouselEntryDto): CampaignCouponDto | null {
  if (!entry.couponCode) return null;
  return campaign.coupons.find((coupon) => coupon.show && coupon.code === entry.couponCode) ?? null;
}

/**
 * An entry's state: over when it or its campaign is, else masked when marked so or when the coupon its texts quote
 * is no longer shown (its words would name an offer that is gone), else live.
 */
export function toCardState(
  entry: Pick<CampaignCarouselEntryDto, 'expired' | 'mask'>,
  campaignExpired: boolean,
  quotedCouponGone = false,
): CarouselCardState {
  if (entry.expired || campaignExpired) return 'expired';
  return entry.mask || quotedCouponGone ? 'masked' : 'live';
}

/**
 * Where a live card's button leads: the entry's route under the locale's prefix with `source` (the placement) and,
 * when the entry quotes a coupon, the coupon, so the checkout or the store applies it.
 */
export function toCardHref(
  entry: Pick<CampaignCarouselEntryDto, 'href'>,
  coupon: CampaignCouponDto | null,
  placement: CarouselPlacement,
  prefix: string,
): string {
  const query = new URLSearchParams({ source: placement.replace('-', '_') });
  if (coupon) query.set('coupon', coupon.code);
  return `${prefix}/${entry.href}?${query}`;
}

/**
 * The cards of some campaigns for a placement, in the campaigns' order (the event centre's: running first), each
 * campaign's featured entries first. The event centre shows the entries marked for it; the sales and store pages
 * those marked for the carousel.
 */
export function listCarouselCards(campaigns: readonly CampaignDto[], placement: CarouselPlacement, now: number, prefix: string): CarouselCard[] {
  return campaigns.flatMap((campaign) => {
    const campaignExpired = campaign.expired || isCampaignExpired(campaign, now);
    const entries = campaign.carousel.filter((entry) => (placement === 'event-center' ? entry.showInEventCenter : entry.showInCarousel));
    const ordered = [...entries.filter((entry) => entry.featured), ...entries.filter((entry) => !entry.featured)];
    return ordered.map((entry): CarouselCard => {
      const coupon = findEntryCoupon(campaign, entry);
      const state = toCardState(entry, campaignExpired, entry.couponCode !== undefined && coupon === null);
      return {
        id: `${campaign.id}-${entry.titleKey}`,
        campaignId: campaign.id,
        entry,
        state,
        featured: entry.featured,
        floatKey: state !== 'expired' && entry.showFloat && entry.floatKey ? entry.floatKey : null,
        href: state === 'live' ? toCardHref(entry, coupon, placement, prefix) : null,
        coupon,
      };
    });
  });
}
