import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { CAMPAIGN_ROUTES } from './campaign-routes.ts';
import { campaignSettings, type CampaignSettings } from './settings.ts';

/**
 * The campaign squad's API, released with mf-campaign (docs/campaigns.md): the campaign the frame and the
 * campaign pages show, the coupons the checkout redeems (internal), and the operators' admin API.
 */
export default {
  squad: 'campaign',
  contractVersion: CONTRACT_VERSION,
  settings: campaignSettings,
  routes: CAMPAIGN_ROUTES,
} satisfies SquadApiModule<CampaignSettings>;
