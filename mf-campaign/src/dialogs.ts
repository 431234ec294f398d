import { CONTRACT_VERSION, type CampaignDialogsModule } from '@reelkeep/shared-contracts';
import { CampaignDialogs } from './dialogs/CampaignDialogs.tsx';

/** `mf_campaign/dialogs`: the campaign dialogs the shell renders after hydration (docs/campaigns.md "Coupon modal and ads"). */
export default { contractVersion: CONTRACT_VERSION, CampaignDialogs } satisfies CampaignDialogsModule;
