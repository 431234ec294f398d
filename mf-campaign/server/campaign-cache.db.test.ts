import { currentCampaignsAnswerSchema } from '@reelkeep/shared-contracts';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { createCampaignCache } from './campaign-cache.ts';
import { listCampaigns, rescheduleCampaign, saveCampaign } from './campaign-repository.ts';
import { buildDemoCampaign } from './demo-campaign.ts';
import { createCampaignApi, listTestDatabases, resetCampaignSchema } from './testing/campaign-harness.ts';

const HOOK_TIMEOUT_MS = 180_000;
const DAY_MS = 86_400_000;

describe.each(listTestDatabases())('the campaign cache on %s', (_kind, open) => {
  let db: Database;
  let release = async () => undefined as void;

  beforeAll(async () => {
    db = await open();
    release = await resetCampaignSchema(db);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await release();
    await db.close();
  });

  it('loads the campaigns once while they do not change, again after any change to them, and after forget', async () => {
    const load = jest.fn(listCampaigns);
    const cache = createCampaignCache(load);
    const first = await Promise.all([cache.read(db), cache.read(db), cache.read(db)]);
    expect(first[0]!.map((campaign) => campaign.id)).toEqual(['msbf']);
    expect(load).toHaveBeenCalledTimes(1);

    // Written straight into the database, as another instance or `demo:campaign` would.
    const now = Date.now();
    await saveCampaign(db.query, buildDemoCampaign(now));
    expect((await cache.read(db)).map((campaign) => campaign.id)).toEqual(['msbf', 'demo']);
    expect(load).toHaveBeenCalledTimes(2);

    await rescheduleCampaign(db.query, 'demo', now - DAY_MS, now - 1);
    expect((await cache.read(db)).find((campaign) => campaign.id === 'demo')?.endsAt).toBe(now - 1);
    await cache.read(db);
    expect(load).toHaveBeenCalledTimes(3);

    cache.forget(db);
    await cache.read(db);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('lets the campaign API show a change made by another instance on the next request', async () => {
    const api = createCampaignApi(db);
    const current = async () => currentCampaignsAnswerSchema.parse(await (await api.fetchApi('/api/campaign/current')).json()).campaign;
    const now = Date.now();
    await rescheduleCampaign(db.query, 'demo', now - DAY_MS, now + DAY_MS);
    expect((await current())?.id).toBe('demo');
    await rescheduleCampaign(db.query, 'demo', now - DAY_MS, now - 1);
    expect(await current()).toBeNull();
  });
});
