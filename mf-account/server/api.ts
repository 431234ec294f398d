import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import type { SquadApiModule } from '@reelkeep/platform/host-context';
import { accountDataRoutes } from './account-data-routes.ts';
import { getAuth } from './auth.ts';
import { consoleRoutes } from './console-routes.ts';
import { handoffRoutes } from './handoff-routes.ts';
import { internalRoutes } from './internal-routes.ts';
import { logoutRoutes } from './logout-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import { accountSettings, type AccountSettings } from './settings.ts';
import { signInRoutes } from './sign-in-routes.ts';

/**
 * The account squad's API, released with mf-account: every way into an account behind one gate
 * (docs/security.md "Ways into an account"). The auth library's own routes are not mounted, except the
 * desktop hand-off token.
 */
export default {
  squad: 'account',
  contractVersion: CONTRACT_VERSION,
  settings: accountSettings,
  routes: [
    ...signInRoutes,
    ...handoffRoutes,
    ...logoutRoutes,
    ...registrationRoutes,
    ...passwordRoutes,
    ...accountDataRoutes,
    ...internalRoutes,
    ...consoleRoutes,
  ],
  // The auth instance (and, without AUTH_SECRET, the generated secret) is made before the version takes
  // traffic: a state folder it cannot write makes this version's routes 503 instead of failing per request.
  async start(context) {
    await getAuth(context);
  },
  // Google Identity Services' script, its button and One Tap frames, their styles and status calls
  // (docs/security.md "Headers"), only while Google sign-in is configured.
  browserOrigins(settings) {
    if (!settings.GOOGLE_CLIENT_ID) return {};
    const google = new URL(settings.GOOGLE_GSI_URL).origin;
    return { script: [google], frame: [google], style: [google], connect: [google] };
  },
} satisfies SquadApiModule<AccountSettings>;
