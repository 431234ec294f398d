import path from 'node:path';
import { loadConfig } from '@reelkeep/platform/config';
import { createLogger } from '@reelkeep/platform/logger';
import { EmbeddedDatabaseInUseError, openDatabase } from '@reelkeep/platform/db';
import { applyMigrations } from '@reelkeep/platform/migrations';
import { createDemoCampaign } from './demo-campaign.ts';

/**
 * `npm run demo:campaign [days]`: the demo campaign running from now (14 days by default), translated, with
 * images, a bottom ad and coupons, on the configured database. A script run from the sources, not part of
 * the API module: it opens the database itself and brings the campaign schema up to these sources'
 * migrations first. The change is audited like an operator's.
 */
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }).catch((error: unknown) => {
  // docs/operations.md "One process per embedded database": the running site holds it; never open it beside.
  if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
  console.error(`demo:campaign: ${error.message}`);
  process.exit(1);
});
try {
  await applyMigrations(db, 'campaign', path.join(import.meta.dirname, 'migrations'));
  const days = Number(process.argv[2] ?? 14);
  const campaign = await createDemoCampaign(db, { days: Number.isFinite(days) && days > 0 ? days : 14 });
  createLogger('info').info('demo campaign running', {
    id: campaign.id,
    until: new Date(campaign.endsAt).toISOString(),
    coupons: campaign.coupons.map((coupon) => coupon.code),
  });
} finally {
  await db.close();
}
