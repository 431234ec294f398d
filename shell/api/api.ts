import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { captchaRoute, newsletterPreferenceRoutes, newsletterRoute } from './newsletter.ts';
import { siteSettings, type SiteSettings } from './settings.ts';
import { createTrackingRoutes } from './tracking.ts';

/**
 * The shell's own API, released with the shell (docs/releases.md "A squad's API"): the footer's newsletter,
 * My account's newsletter switch, the site-wide captcha and the first-party tracking ingestion.
 */
export default {
  squad: 'site',
  contractVersion: CONTRACT_VERSION,
  settings: siteSettings,
  routes: [newsletterRoute, captchaRoute, ...newsletterPreferenceRoutes, ...createTrackingRoutes()],
} satisfies SquadApiModule<SiteSettings>;
