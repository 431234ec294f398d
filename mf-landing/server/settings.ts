import { z } from 'zod';

/** The landing squad's own settings (docs/configuration.md "Configuration"), read by the host for this squad only. */
export const landingSettings = z.object({
  /** Whether the adult group and its page are in the catalogue (docs/routing.md "Service catalogue"). */
  CATALOGUE_ADULT_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** The download host `/mlink` sends visitors to: installers are resolved against it. */
  DOWNLOAD_BASE_URL: z.url().default('https://download.reelkeep.com/'),
  /** Download reports one client address may leave in 10 minutes; its further downloads redirect without a report. */
  DOWNLOAD_REPORT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
});

/** The landing squad's settings. */
export type LandingSettings = z.infer<typeof landingSettings>;
