import type { FrameCampaignDto } from '@reelkeep/shared-contracts';
import { toCampaignBannerHref, STORE_ROUTE } from '../app/campaign-banner-rules.ts';
import { escapeHtml } from './html-text.ts';

/** The banner's words in the page's locale (`common` namespace, `campaign_banner.*`). */
export interface CampaignBannerLabels {
  label: string;
  cta: string;
  coupons: string;
  close: string;
}

/**
 * The campaign banner's HTML (docs/campaigns.md "In the frame"): written by the server above the app's root,
 * so it is in the first paint (no layout shift) and adds no JavaScript to the first load; its buttons come to
 * life after hydration (`campaign-banner-controller.ts`, loaded when the browser is idle).
 */
export function renderCampaignBannerHtml(input: {
  campaign: FrameCampaignDto;
  route: string | undefined;
  prefix: string;
  hidden: boolean;
  labels: CampaignBannerLabels;
}): string {
  const { campaign, route, labels } = input;
  const art = campaign.background
    ? `<img class="rk-campaign-banner__art" src="${escapeHtml(campaign.background)}" alt="" width="1600" height="400" decoding="async">`
    : '';
  const thumb = campaign.thumb ? `<img class="rk-campaign-banner__thumb" src="${escapeHtml(campaign.thumb)}" alt="" width="36" height="36">` : '';
  const cta = route === STORE_ROUTE ? labels.coupons : labels.cta;
  return [
    `<aside id="rk-campaign-banner" class="rk-campaign-banner" aria-label="${escapeHtml(labels.label)}" data-campaign="${escapeHtml(campaign.id)}"${input.hidden ? ' hidden' : ''}>`,
    art,
    '<div class="rk-campaign-banner__inner">',
    `<a class="rk-campaign-banner__link" href="${escapeHtml(toCampaignBannerHref(campaign, route, input.prefix))}">`,
    thumb,
    `<span class="rk-campaign-banner__title">${escapeHtml(campaign.title)}</span>`,
    `<span class="rk-campaign-banner__cta">${escapeHtml(cta)}</span>`,
    '</a>',
    `<button type="button" class="rk-campaign-banner__close" aria-label="${escapeHtml(labels.close)}">`,
    '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>',
    '</button>',
    '</div>',
    '</aside>',
  ].join('');
}
