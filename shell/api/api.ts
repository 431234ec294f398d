import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { captchaRoute, newsletterConfirmRoute, newsletterPreferenceRoutes, newsletterRoute, newsletterUnsubscribeRoutes } from './newsletter.ts';
import { createPushRoutes, drainPushQueueOf } from './push-routes.ts';
import { createPushConsoleRoutes } from './push-console-routes.ts';
import { siteSettings, type SiteSettings } from './settings.ts';
import { createTrackingRoutes } from './tracking.ts';
import { createExperimentRoutes } from './experiments.ts';
import { createVisitorCountryRoutes } from './visitor-country.ts';
import { createNewsletterConsoleRoutes } from './newsletter-console.ts';

/**
 * The shell's own API, released with the shell (docs/releases.md "A squad's API"): the footer's newsletter (sign-up,
 * confirmation, one-click unsubscribe),
 * My account's newsletter switch, the site-wide captcha, the first-party tracking ingestion, the experiments' exposures and readout (docs/experiments.md), and web push
 * (docs/adr/0008-web-push.md), and the visitor's country from the edge (docs/tracking.md "Visitor cookies").
 */
export default {
  squad: 'site',
  contractVersion: CONTRACT_VERSION,
  settings: siteSettings,
  routes: [
    newsletterRoute,
    newsletterConfirmRoute,
    ...newsletterUnsubscribeRoutes,
    captchaRoute,
    ...newsletterPreferenceRoutes,
    ...createTrackingRoutes(),
    ...createExperimentRoutes(),
    ...createPushRoutes(),
    ...createPushConsoleRoutes(),
    ...createVisitorCountryRoutes(),
    ...createNewsletterConsoleRoutes(),
  ],
  start(context) {
    // A restart or a new version resumes the deliveries an earlier process left pending.
    void drainPushQueueOf(context)();
  },
  // docs/adr/0016-process-rollover.md: a drained worker's deliveries in flight finish; the rest go to another worker at once.
  stop(context) {
    return drainPushQueueOf(context).stop();
  },
} satisfies SquadApiModule<SiteSettings>;
