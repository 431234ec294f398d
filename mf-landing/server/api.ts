import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { catalogueRoute, categoryListRoute } from './catalogue-api.ts';
import { downloadLinkRoute, productInfoRoute } from './download-api.ts';
import { createFormRoutes } from './forms-api.ts';
import { landingSettings, type LandingSettings } from './settings.ts';
import { siteCookieRoute } from './site-cookies-api.ts';

/**
 * The landing squad's API, released with mf-landing (docs/releases.md "A squad's API"): the catalogue and
 * category list, the site cookies, product info and download links, the contact and uninstall forms. Its
 * `public/` images ship in the release too (the host serves them at `/assets/landing/`).
 */
export default {
  squad: 'landing',
  contractVersion: CONTRACT_VERSION,
  settings: landingSettings,
  routes: [catalogueRoute, categoryListRoute, siteCookieRoute, productInfoRoute, downloadLinkRoute, ...createFormRoutes()],
} satisfies SquadApiModule<LandingSettings>;
