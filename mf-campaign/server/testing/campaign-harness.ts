import path from 'node:path';
import type { Database } from '@reelkeep/platform/db';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { installTestApiKey } from '@reelkeep/platform/testing/api-keys';
import { CLIENT_IP_HEADER } from '@reelkeep/shared-contracts';
import campaignApi from '../api.ts';
import type { CampaignSettings } from '../settings.ts';

export { listTestDatabases } from '@reelkeep/platform/testing/databases';
/** The campaign squad's migrations, as its release carries them. */
export const CAMPAIGN_MIGRATIONS_DIR = path.join(import.meta.dirname, '..', 'migrations');
/** The operator's API key of the test contexts (an owner's, made live by `resetCampaignSchema`). */
export const ADMIN_TOKEN = `rk_campaign-suite-${'k'.repeat(25)}`;

/** The advisory lock suites take on a shared PostgreSQL while they own its campaign schema. */
const SCHEMA_LOCK_ID = 170_013;

/**
 * Makes the campaign schema anew by its migrations and holds it for one suite (on a shared PostgreSQL the
 * suites of the campaign and checkout squads take turns instead of dropping it under each other). Returns the release.
 */
export async function resetCampaignSchema(db: Database): Promise<() => Promise<void>> {
  let release = async () => undefined as void;
  if (db.kind === 'postgres') {
    let signalReleased = () => {};
    const released = new Promise<void>((resolve) => (signalReleased = resolve));
    let signalHeld = () => {};
    const held = new Promise<void>((resolve) => (signalHeld = resolve));
    const holding = db.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_ID]);
      signalHeld();
      await released;
    });
    await Promise.race([held, holding]);
    release = async () => {
      signalReleased();
      await holding;
    };
  }
  await db.query('DROP SCHEMA IF EXISTS campaign CASCADE');
  await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'campaign'`).catch(() => undefined);
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await installTestApiKey(db, ADMIN_TOKEN);
  await applyMigrations(db, 'campaign', CAMPAIGN_MIGRATIONS_DIR);
  return release;
}

/** The campaign squad's API over a database, answered as the host's gateway would hand it a request. */
export function createCampaignApi(db: Database, env: Record<string, string> = {}) {
  const context: HostContext<CampaignSettings> = createTestHostContext(db, { module: campaignApi, env });
  const routes: readonly ApiRoute<CampaignSettings>[] = campaignApi.routes;
  /** Answers one request; a path no route takes is 404. */
  const fetchApi = async (target: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(target, 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const route = routes.find(
      (candidate) =>
        candidate.method === method && (candidate.path.endsWith('/') ? url.pathname.startsWith(candidate.path) : url.pathname === candidate.path),
    );
    if (!route) return new Response(null, { status: 404 });
    const headers = new Headers(init.headers);
    if (!headers.has(CLIENT_IP_HEADER)) headers.set(CLIENT_IP_HEADER, '203.0.113.7');
    return route.handle(new Request(url, { ...init, method, headers }), context);
  };
  return { context, fetchApi };
}
