import type { CONSOLE_STATEMENTS, ConsolePermission, ConsoleResource } from '@reelkeep/shared-contracts/console';

/**
 * docs/console.md "Security": every page and action of the shell's console, with who may reach it. The handler looks
 * each request up here before any of its code runs: a route with a permission is admitted only to a role that holds
 * it (better-auth's access control, asked of the account squad), a path that is not here answers 404, and the abuse
 * tests walk this table for every role. The squads' sections declare theirs in their `./console` module, and the
 * previews in `SECTION_PREVIEWS`; both are checked by the same `admit`.
 *
 * - `permission`: signed in, two-factor sign-in done, and the role holds it;
 * - `sign-in`: the ways in (the password, the code, the enrolment), which decide who the visitor is themselves;
 * - `session`: signing out, whatever the role.
 */
export type ConsoleRouteAccess = { permission: ConsolePermission } | { kind: 'sign-in' } | { kind: 'session' };

/** One route: a page (GET, HEAD answered like it) or a form's action (POST). */
export type ConsoleRoute = { method: 'GET' | 'POST'; path: string } & ConsoleRouteAccess;

const need = <R extends ConsoleResource>(resource: R, action: (typeof CONSOLE_STATEMENTS)[R][number]) => ({
  permission: { resource, action } as ConsolePermission,
});

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/console/sign-in', kind: 'sign-in' },
  { method: 'POST', path: '/console/sign-in', kind: 'sign-in' },
  { method: 'GET', path: '/console/sign-in/code', kind: 'sign-in' },
  { method: 'POST', path: '/console/sign-in/code', kind: 'sign-in' },
  { method: 'GET', path: '/console/enrol', kind: 'sign-in' },
  { method: 'POST', path: '/console/enrol', kind: 'sign-in' },
  { method: 'GET', path: '/console/enrol/confirm', kind: 'sign-in' },
  { method: 'POST', path: '/console/enrol/confirm', kind: 'sign-in' },
  { method: 'POST', path: '/console/sign-out', kind: 'session' },
  { method: 'GET', path: '/console', ...need('console', 'view') },
  { method: 'GET', path: '/console/releases', ...need('release', 'read') },
  { method: 'GET', path: '/console/releases/confirm', ...need('release', 'switch') },
  { method: 'POST', path: '/console/releases/confirm', ...need('release', 'switch') },
  { method: 'GET', path: '/console/releases/diff', ...need('release', 'read') },
  { method: 'GET', path: '/console/experiments', ...need('experiment', 'read') },
  { method: 'POST', path: '/console/experiments/switch', ...need('experiment', 'switch') },
  { method: 'GET', path: '/console/push', ...need('push', 'read') },
  { method: 'POST', path: '/console/push/send', ...need('push', 'send') },
  { method: 'GET', path: '/console/cache', ...need('cache', 'read') },
  { method: 'POST', path: '/console/cache/purge', ...need('cache', 'purge') },
  { method: 'GET', path: '/console/mailbox', ...need('mail', 'read') },
  { method: 'POST', path: '/console/mailbox/resend', ...need('mail', 'resend') },
  { method: 'GET', path: '/console/audit', ...need('audit', 'read') },
  { method: 'GET', path: '/console/people', ...need('role', 'read') },
  { method: 'POST', path: '/console/people/role', ...need('role', 'grant') },
  { method: 'GET', path: '/console/api-keys', ...need('api-key', 'read') },
  { method: 'POST', path: '/console/api-keys', ...need('api-key', 'create') },
  { method: 'POST', path: '/console/api-keys/revoke', ...need('api-key', 'revoke') },
];

/** The shell's route a request names (`HEAD` is a `GET`), or undefined. */
export function findConsoleRoute(method: string, path: string): ConsoleRoute | undefined {
  const asked = method === 'HEAD' ? 'GET' : method;
  return CONSOLE_ROUTES.find((route) => route.method === asked && route.path === path);
}
