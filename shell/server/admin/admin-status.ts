import type { IncomingMessage } from 'node:http';
import { APP_OF_SQUAD, SQUADS, type SquadName } from '@reelkeep/shared-contracts';
import type { ConsolePermission } from '@reelkeep/shared-contracts/console';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import { toGuardRequest, type ConsoleGuard } from '@reelkeep/platform/console-guard';
import type { RemoteHealth } from '../../src/render-contract.ts';
import { listLiveVersions, type ReleaseSnapshot } from '../releases/release-snapshot.ts';
import { sendJson } from '../http/json-response.ts';
import type { HostRequest, HostRoute } from '../http/host-route.ts';
import { sendRefusal } from './admin-refusal.ts';
import { HOST_ADMIN_PAGES } from './operator-routes.ts';

/** The health of each squad's API in a snapshot, for the admin status. */
export function describeApis(snapshot: ReleaseSnapshot) {
  return SQUADS.map((squad: SquadName) => {
    const api = snapshot.apis.get(squad);
    if (!api) return { squad, app: APP_OF_SQUAD[squad], state: 'absent' as const };
    const routes =
      api.state === 'failed'
        ? []
        : api.routes.map(({ method, path, callers, maxBodyBytes }) => ({
            method,
            path,
            callers: callers ?? 'site',
            ...(maxBodyBytes ? { maxBodyBytes } : {}),
          }));
    return {
      squad,
      app: APP_OF_SQUAD[squad],
      version: api.version,
      state: api.state,
      ...(api.state === 'failed' ? { error: api.error } : {}),
      routes,
    };
  });
}

/** An admin status page's answer once the guard lets the caller in (its permission is in operator-routes.ts). */
type AdminPage = (request: HostRequest) => Promise<unknown>;

/**
 * The shell's own admin status pages (`GET`/`HEAD`), behind the same guard as the squads' routes:
 * `/admin/releases` (what this instance serves) and `/admin/outbox` (the mail it sent).
 */
export function createAdminStatusRoute(deps: {
  consoleGuard: ConsoleGuard;
  readClientAddress: ClientAddressReader;
  probeRemotes: (snapshot: ReleaseSnapshot) => Promise<RemoteHealth[]>;
  listCanaries: () => unknown;
  listOutbox: () => Promise<unknown>;
}): HostRoute {
  const startedAt = new Date().toISOString();
  const pages = new Map<string, AdminPage>([
    [
      '/admin/releases',
      async ({ snapshot }) => ({
        startedAt,
        pid: process.pid,
        // The versions this instance serves: a live version refused at load leaves the last good one (docs/releases.md "Loading").
        live: listLiveVersions(snapshot),
        // docs/releases.md "Canary": the canaries this instance serves beside the live versions.
        canaries: deps.listCanaries(),
        remotes: await deps.probeRemotes(snapshot),
        apis: describeApis(snapshot),
        history: snapshot.state.history.slice(-50),
      }),
    ],
    ['/admin/outbox', async () => ({ messages: await deps.listOutbox() })],
  ]);
  const checkGuard = (req: IncomingMessage, permission: ConsolePermission) =>
    deps.consoleGuard.check(toGuardRequest(req, deps.readClientAddress(req)), permission);

  return {
    name: 'admin status',
    answer: async (request) => {
      const page = pages.get(request.url.pathname);
      // The host's status pages are answered only as the operator routes' table lists them, with its permission.
      const route = HOST_ADMIN_PAGES.find(({ path, method }) => path === request.url.pathname && method === request.method);
      if (!page || !route) return false;
      const decision = await checkGuard(request.req, route.permission);
      if (!decision.allowed) await sendRefusal(request.res, decision, request.method);
      else sendJson(request.res, 200, await page(request), request.method);
      return true;
    },
  };
}
