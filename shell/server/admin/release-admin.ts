import type { IncomingMessage, ServerResponse } from 'node:http';
import { releaseSwitchApiInput } from '@reelkeep/shared-contracts/console';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import { recordConsoleAction } from '@reelkeep/platform/console-audit';
import { toGuardRequest, type ConsoleGuard } from '@reelkeep/platform/console-guard';
import type { Database } from '@reelkeep/platform/db';
import type { RegistryStore } from '@reelkeep/platform/registry';
import { promoteRelease, ReleaseSwitchRefusedError, rollbackRelease } from '@reelkeep/platform/switch-release';
import { sendJson } from '../http/json-response.ts';
import { sendRefusal } from './admin-refusal.ts';
import { readBody } from '../http/request-body.ts';
import { findHostOperatorRoute } from './operator-routes.ts';

/** A switch's body is two short fields. */
const MAX_BODY_BYTES = 4 * 1024;

/**
 * docs/console.md "The console API": `POST /admin/releases/promote` (`{ app, version }`, `latest` or absent: the
 * newest build) and `POST /admin/releases/rollback` (`{ app }`) with a key or console session holding
 * `release:switch`; the release CLI with `CONSOLE_API_KEY` calls them. The same switch as the console's Releases
 * section and the CLI on the registry (`switch-release.ts`), with the caller in the history and the audit log.
 */
export function createReleaseAdmin(deps: {
  consoleGuard: ConsoleGuard;
  readClientAddress: ClientAddressReader;
  registry: RegistryStore;
  releasesDir: string;
  db: Database;
}) {
  const switcher = { store: deps.registry, releasesDir: deps.releasesDir, db: deps.db };
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const action = /^\/admin\/releases\/(promote|rollback)$/.exec(url.pathname)?.[1] as 'promote' | 'rollback' | undefined;
    if (!action) return false;
    const method = req.method ?? 'GET';
    if (method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJson(res, 405, { error: 'method not allowed' }, method);
      return true;
    }
    const clientIp = deps.readClientAddress(req);
    const decision = await deps.consoleGuard.check(
      { ...toGuardRequest(req, clientIp), audited: false },
      findHostOperatorRoute(url.pathname, method)!.permission,
    );
    if (!decision.allowed) {
      await sendRefusal(res, decision);
      return true;
    }
    const bytes = await readBody(req, MAX_BODY_BYTES);
    if (!bytes) {
      sendJson(res, 413, { error: 'body too large' });
      return true;
    }
    let body: unknown = null;
    try {
      body = JSON.parse(bytes.toString('utf8') || '{}');
    } catch {
      body = null;
    }
    const input = releaseSwitchApiInput.safeParse(body);
    if (!input.success) {
      sendJson(res, 400, { error: 'invalid input', problems: input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
      return true;
    }
    const { app } = input.data;
    const by = `${decision.actor.email} (${decision.via === 'api-key' ? 'API key' : 'console'})`;
    try {
      const switched =
        action === 'promote'
          ? await promoteRelease(switcher, app, input.data.version ?? 'latest', by)
          : { event: await rollbackRelease(switcher, app, by), migrations: [] };
      await recordConsoleAction(deps.db, {
        actor: decision.actor,
        action: `release.${action}`,
        target: app,
        before: { live: switched.event.from },
        after: { live: switched.event.to },
        clientIp,
      });
      sendJson(res, 200, { msg: 'release switched', ...switched.event, migrations: switched.migrations });
    } catch (error) {
      if (!(error instanceof ReleaseSwitchRefusedError)) throw error;
      sendJson(res, 409, { error: error.message });
    }
    return true;
  };
}
