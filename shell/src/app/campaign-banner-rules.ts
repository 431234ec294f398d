import type { FrameCampaignDto } from '@reelkeep/shared-contracts';

/** The route whose banner opens the coupon modal instead of leaving the page (docs/campaigns.md "In the frame"). */
export const STORE_ROUTE = 'store';

/**
 * Whether the frame shows the campaign banner on a route (docs/campaigns.md "In the frame"): a campaign runs,
 * the visitor has not closed it today (`visible`, the store's `campaignNav`), the frame is not a clean one,
 * and the campaign squad does not hide it on that route.
 */
export function shouldShowCampaignBanner(
  campaign: FrameCampaignDto | null | undefined,
  route: string | undefined,
  visible: boolean,
  cleanFrame: boolean,
): boolean {
  return Boolean(campaign && visible && !cleanFrame && route !== undefined && !campaign.bannerHiddenOn.includes(route));
}

/** Where the banner's link goes: the store page's own coupons, else the campaign's page in the visitor's locale. */
export function toCampaignBannerHref(campaign: FrameCampaignDto, route: string | undefined, prefix: string): string {
  return route === STORE_ROUTE ? '#coupons' : `${prefix}/${campaign.route}`;
}
