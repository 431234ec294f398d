import { z } from 'zod';

/** The campaign squad's settings: none yet (its data lives in its schema, changed through the admin API). */
export const campaignSettings = z.object({});

/** The campaign squad's settings. */
export type CampaignSettings = z.infer<typeof campaignSettings>;
