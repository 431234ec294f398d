import path from 'node:path';
import { loadConfig } from '@reelkeep/platform/config';
import { createLogger } from '@reelkeep/platform/logger';
import { openDatabase } from '@reelkeep/platform/db';
import { applyMigrations } from '@reelkeep/platform/migrations';
import { createDemoCampaign } from './demo-campaign.ts';

/**
 * `npm run demo:campaign [days]`: a campaign running from now, with coupons, on the configured database.
 * A script run from the sources, not part of the API module: it opens the database itself and brings the
 * checkout schema up to these sources' migrations first.
 */
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
try {
  await applyMigrations(db, 'checkout', path.join(import.meta.dirname, 'migrations'));
  const days = Number(process.argv[2] ?? 14);
  const { id, endsAt } = await createDemoCampaign(db, { days: Number.isFinite(days) && days > 0 ? days : 14 });
  createLogger('info').info('demo campaign running', { id, until: endsAt.toISOString(), coupons: ['REEL40', 'REEL20', 'REEL10', 'REEL5'] });
} finally {
  await db.close();
}
