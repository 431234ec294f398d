import { z } from 'zod';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';

/** The campaign squad's settings: none yet. */
const campaignSettings = z.object({});

/** The campaign squad's API, released with mf-campaign: its schema and migrations so far, no routes yet. */
export default {
  squad: 'campaign',
  contractVersion: CONTRACT_VERSION,
  settings: campaignSettings,
  routes: [],
} satisfies SquadApiModule<z.infer<typeof campaignSettings>>;
