import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import type { FrameCampaignDto, Locale } from '@reelkeep/shared-contracts';
import type { HostContext } from '@reelkeep/platform/host-context';
import { ROUTES_WITHOUT_ADS, ROUTES_WITHOUT_BANNER, toDisplayedEnd } from '../src/campaign-rules.ts';
import { applicableCoupons } from '../src/plan-offers.ts';
import { composeSaleLine } from '../src/sale-copy.ts';
import type { CampaignRecord } from './campaign-repository.ts';
import type { CampaignSettings } from './settings.ts';

/**
 * A campaign as the frame shows it in a locale: the banner's line and art, the end the visitor is shown, and the
 * routes where banner and ads never show (the frame's slot, and the console's banner preview).
 */
export async function toFrameCampaign(
  context: HostContext<CampaignSettings>,
  campaign: CampaignRecord,
  locale: Locale,
  now: number,
  personalDeadline = 0,
): Promise<FrameCampaignDto> {
  const resources = await context.loadTranslations(locale, ['campaign']);
  const names = (resources.campaign?.names ?? {}) as Record<string, unknown>;
  const translate = (key: string | null, fallback: string): string => (key !== null && typeof names[key] === 'string' ? names[key] : fallback);
  const name = translate(campaign.nameKey, campaign.id);
  const endsAt = toDisplayedEnd(campaign.endsAt, personalDeadline);
  // docs/campaigns.md "Sale copy": the line's figures and deadline come from the coupons and the end, never from a translation.
  const title = composeSaleLine(
    fixedTranslate(createI18n(locale, { campaign: resources.campaign ?? {} }), 'campaign'),
    { headline: translate(campaign.navTitleKey, name), coupons: applicableCoupons(campaign, now), endsAt, now, locale },
    { compact: true },
  );
  return {
    id: campaign.id,
    title,
    name,
    route: campaign.route,
    thumb: campaign.images.thumb ?? null,
    background: campaign.images.bgArticle ?? null,
    endsAt,
    isImportant: campaign.isImportant,
    bannerHiddenOn: [...new Set([...ROUTES_WITHOUT_BANNER, ...campaign.noNavRoutes])],
    adsHiddenOn: [...new Set([...ROUTES_WITHOUT_ADS, ...campaign.noAdRoutes])],
  };
}
