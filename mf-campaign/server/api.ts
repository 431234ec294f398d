import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { CAMPAIGN_ROUTES } from './campaign-routes.ts';
import { CONSOLE_SECTION_ROUTES } from './console-section.ts';
import { campaignSettings, type CampaignSettings } from './settings.ts';

/**
 * The campaign squad's API, released with mf-campaign (docs/campaigns.md): the campaign the frame and the
 * campaign pages show, the coupons the checkout redeems (internal), the operators' admin API, and the console's
 * Campaigns section (internal: the host forwards it after its permission check).
 */
export default {
  squad: 'campaign',
  contractVersion: CONTRACT_VERSION,
  settings: campaignSettings,
  routes: [...CAMPAIGN_ROUTES, ...CONSOLE_SECTION_ROUTES],
} satisfies SquadApiModule<CampaignSettings>;
