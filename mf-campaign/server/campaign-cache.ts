import type { Database } from '@reelkeep/platform/host-context';
import { listCampaigns, readCampaignsDigest, type CampaignRecord } from './campaign-repository.ts';

interface CachedCampaigns {
  digest: string;
  campaigns: Promise<CampaignRecord[]>;
}

/**
 * The campaigns every page render reads (the frame's slot and the campaign pages), kept in this process while
 * they have not changed (docs/campaigns.md "Reading campaigns under load"). Each read asks the database only
 * for the campaigns' digest, one small query instead of the campaigns with their coupons, so a change made on
 * any instance, or straight in the database, shows on the next read; a change through this instance's admin
 * API also drops the copy at once. Concurrent reads of a changed table share one load.
 */
export function createCampaignCache(
  load: (query: Database['query']) => Promise<CampaignRecord[]> = listCampaigns,
  readDigest: (query: Database['query']) => Promise<string> = readCampaignsDigest,
) {
  // One copy per database: a process may host several (tests, or a host that reopens its database).
  const copies = new WeakMap<Database, CachedCampaigns>();
  return {
    /** The campaigns with their coupons, as `listCampaigns` answers them. */
    async read(db: Database): Promise<CampaignRecord[]> {
      const digest = await readDigest(db.query);
      const cached = copies.get(db);
      if (cached?.digest === digest) return cached.campaigns;
      const campaigns = load(db.query);
      copies.set(db, { digest, campaigns });
      campaigns.catch(() => {
        if (copies.get(db)?.campaigns === campaigns) copies.delete(db);
      });
      return campaigns;
    },
    /** Drops the copy of a database after a change through the admin API. */
    forget(db: Database): void {
      copies.delete(db);
    },
  };
}

/** The campaigns the frame, the pages and the checkout read on every render, kept while unchanged. */
export const campaignCache = createCampaignCache();
