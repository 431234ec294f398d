import type { PluginRoute } from '@reelkeep/platform/server-plugin';
import { createAccountGate } from './account-gate.ts';
import { createAccountDataRoutes } from './account-data-routes.ts';
import { createInternalRoutes } from './internal-routes.ts';
import { createPasswordRoutes } from './password-routes.ts';
import { createRegistrationRoutes } from './registration-routes.ts';
import { createSignInRoutes } from './sign-in-routes.ts';

export { SESSION_COOKIE, type SessionDto } from './account-session.ts';
export type { ProvidersDto } from './sign-in-routes.ts';

/**
 * The account squad's API: every way into an account behind one gate (docs/security.md "Ways into an
 * account"). The auth library's own routes are not mounted, except the desktop hand-off token.
 */
export function createAccountRoutes(): PluginRoute[] {
  const gate = createAccountGate();
  return [...createSignInRoutes(gate), ...createRegistrationRoutes(gate), ...createPasswordRoutes(gate), ...createAccountDataRoutes(), ...createInternalRoutes()];
}
