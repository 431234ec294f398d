import {
  CAMPAIGN_BANNER_CLOSED_COOKIE,
  CAMPAIGN_BANNER_CLOSED_MAX_AGE_S,
  emitSiteEvent,
  serialiseCookie,
  type FrameCampaignDto,
} from '@reelkeep/shared-contracts';
import { shouldShowCampaignBanner, STORE_ROUTE, toCampaignBannerHref } from './campaign-banner-rules.ts';

/** The server-rendered banner, brought to life after hydration. */
export interface CampaignBannerController {
  /** The page changed (a client navigation): show or hide the banner for its route. */
  update(route: string | undefined, prefix: string, cleanFrame: boolean): void;
}

/**
 * Wires the banner the server wrote (docs/campaigns.md "In the frame"): the close button keeps it closed for a
 * day (cookie), records `header_close` and tells the store (`onClosed`); on the store page the link asks the
 * campaign's dialogs for the coupon modal. Loaded when the browser is idle, so the first load carries none of it.
 */
export function startCampaignBanner(element: HTMLElement, campaign: FrameCampaignDto, onClosed: () => void): CampaignBannerController {
  let route: string | undefined;
  let closed = false;
  const link = element.querySelector<HTMLAnchorElement>('.rk-campaign-banner__link');
  element.querySelector('.rk-campaign-banner__close')?.addEventListener('click', () => {
    closed = true;
    element.hidden = true;
    document.cookie = serialiseCookie(CAMPAIGN_BANNER_CLOSED_COOKIE, '1', {
      maxAgeS: CAMPAIGN_BANNER_CLOSED_MAX_AGE_S,
      secure: location.protocol === 'https:',
    });
    emitSiteEvent('trackRequested', { event: 'custom', event_category: 'campaign', event_label: 'header_close', event_target: campaign.id });
    onClosed();
  });
  link?.addEventListener('click', () => {
    if (route === STORE_ROUTE) emitSiteEvent('couponModalRequested', {});
  });
  // Wired when the browser is idle, after hydration: the attribute tells when the close button works.
  element.dataset.ready = 'true';
  return {
    update(next, prefix, cleanFrame) {
      route = next;
      element.hidden = !shouldShowCampaignBanner(campaign, next, !closed, cleanFrame);
      link?.setAttribute('href', toCampaignBannerHref(campaign, next, prefix));
    },
  };
}
