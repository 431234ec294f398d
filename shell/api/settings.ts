import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The shell squad's own settings (README "Configuration"), read by the host for this squad only. */
export const siteSettings = z.object({
  /** Newsletter sign-ups one client address may make in 10 minutes. */
  NEWSLETTER_RATE_LIMIT: count(5),
  /** Tracking events one client address may send a minute. */
  TRACKING_RATE_LIMIT: count(120),
  /** Minutes a tracking session lasts after its last event. */
  TRACKING_SESSION_MIN: count(30),
});

/** The shell squad's settings. */
export type SiteSettings = z.infer<typeof siteSettings>;
