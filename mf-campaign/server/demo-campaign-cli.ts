import path from 'node:path';
import { loadConfig } from '@reelkeep/platform/config';
import { createLogger } from '@reelkeep/platform/logger';
import { EmbeddedDatabaseInUseError, openDatabase } from '@reelkeep/platform/db';
import { applyMigrations } from '@reelkeep/platform/migrations';
import { describeUnreachableSite } from '@reelkeep/platform/network-problems';
import { explainHeldDatabase, readConsoleApi } from '@reelkeep/platform/operator-api';
import { buildDemoCampaign, createDemoCampaign } from './demo-campaign.ts';

/**
 * `npm run demo:campaign [days]`: the demo campaign running from now (14 days by default), translated, with
 * images, a bottom ad and coupons, on the configured database. A script run from the sources, not part of
 * the API module: it opens the database itself and brings the campaign schema up to these sources'
 * migrations first. The change is audited like an operator's. With `CONSOLE_API_KEY` it goes through the running
 * site's campaign admin API instead (docs/operations.md "Operators' tools").
 */
const config = loadConfig();
const requestedDays = Number(process.argv[2] ?? 14);
const days = Number.isFinite(requestedDays) && requestedDays > 0 ? requestedDays : 14;
const api = readConsoleApi(config);
if (api) {
  // docs/operations.md "Operators' tools": through the running site, which sees the campaign on the next request.
  const demo = buildDemoCampaign(Date.now(), days);
  const path = '/api/campaign/admin/campaigns';
  const unreachable = (error: unknown): never => {
    console.error(describeUnreachableSite(error, api.url, config.CONSOLE_URL ? 'CONSOLE_URL' : 'SITE_URL'));
    process.exit(1);
  };
  const existing = await api.call(`${path}/${demo.id}`).catch(unreachable);
  const answer = await (
    existing.ok ? api.call(`${path}/${demo.id}`, { method: 'PUT', body: demo }) : api.call(path, { method: 'POST', body: demo })
  ).catch(unreachable);
  if (!answer.ok) {
    console.error(`demo:campaign: the site refused the campaign (${answer.status}): ${await answer.text()}`);
    process.exit(1);
  }
  createLogger('info').info('demo campaign running', { id: demo.id, until: new Date(demo.endsAt).toISOString(), through: api.url });
  process.exit(0);
}
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }).catch((error: unknown) => {
  // docs/operations.md "One process per embedded database": the running site holds it; never open it beside.
  if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
  console.error(explainHeldDatabase('demo:campaign', error, config.SITE_URL));
  process.exit(1);
});
try {
  await applyMigrations(db, 'campaign', path.join(import.meta.dirname, 'migrations'));
  const campaign = await createDemoCampaign(db, { days });
  createLogger('info').info('demo campaign running', {
    id: campaign.id,
    until: new Date(campaign.endsAt).toISOString(),
    coupons: campaign.coupons.map((coupon) => coupon.code),
  });
} finally {
  await db.close();
}
