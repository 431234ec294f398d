import type { ConsolePermission } from '@reelkeep/shared-contracts/console';

/**
 * docs/console.md "The console API": the host's own operator routes, each method with the permission the console
 * guard asks for it. The handlers take their permission from here (`findHostOperatorRoute`), so this table is what
 * they enforce, and a journey can walk it (an account without a role is refused every one). The squads' operator
 * routes are in their releases' route tables (`/api/<squad>/admin/…`, listed by `GET /admin/releases`).
 */
export interface HostOperatorRoute {
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  permission: ConsolePermission;
}

const read = (path: string, permission: ConsolePermission): HostOperatorRoute[] => [
  { method: 'GET', path, permission },
  { method: 'HEAD', path, permission },
];

/** The host's status pages (`GET`/`HEAD`), answered by the server itself. */
export const HOST_ADMIN_PAGES: readonly HostOperatorRoute[] = [
  ...read('/admin/releases', { resource: 'release', action: 'read' }),
  ...read('/admin/outbox', { resource: 'mail', action: 'read' }),
];

const CACHE_READ: ConsolePermission = { resource: 'cache', action: 'read' };
const CACHE_PURGE: ConsolePermission = { resource: 'cache', action: 'purge' };

/** Every operator route of the host: the status pages, the release switches, the page cache's operations. */
export const HOST_OPERATOR_ROUTES: readonly HostOperatorRoute[] = [
  ...HOST_ADMIN_PAGES,
  { method: 'POST', path: '/admin/releases/promote', permission: { resource: 'release', action: 'switch' } },
  { method: 'POST', path: '/admin/releases/rollback', permission: { resource: 'release', action: 'switch' } },
  ...read('/admin/cache', CACHE_READ),
  ...read('/admin/cache/keys', CACHE_READ),
  { method: 'POST', path: '/admin/cache/keys', permission: CACHE_READ },
  ...read('/admin/cache/get', CACHE_READ),
  { method: 'POST', path: '/admin/cache/get', permission: CACHE_READ },
  { method: 'POST', path: '/admin/cache/delete', permission: CACHE_PURGE },
  { method: 'POST', path: '/admin/cache/reset', permission: CACHE_PURGE },
  { method: 'POST', path: '/admin/cache/clear', permission: CACHE_PURGE },
  { method: 'POST', path: '/admin/cache/set', permission: CACHE_PURGE },
];

/** The route of a path and method, if the host has one. */
export function findHostOperatorRoute(path: string, method: string): HostOperatorRoute | undefined {
  return HOST_OPERATOR_ROUTES.find((route) => route.path === path && route.method === method);
}
