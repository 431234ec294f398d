import { buildDemoCampaign } from '../../mf-campaign/server/demo-campaign.ts';
import { CLUSTER_DATABASE_URL, CLUSTER_HOOK_TIMEOUT_MS, startCluster, type Cluster } from '../cluster.ts';
import { expect, test } from '../fixtures.ts';
import { startLoad } from '../load.ts';
import { E2E_OWNER_KEY } from '../test-site.ts';
import { adminReleasesAnswerSchema } from '../operator-answers.ts';

/**
 * The campaign squad ships alone (docs/releases.md "Switching"): its release is promoted and rolled back on two
 * instances sharing PostgreSQL and Redis while wrk keeps the campaign pages (the uncached sales page, the cached
 * store, the pricing page) and a landing page of another squad busy, and not one request fails.
 */
let cluster: Cluster;
const ADMIN = { authorization: `Bearer ${E2E_OWNER_KEY}` };

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.skip(!CLUSTER_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL)');

test.beforeAll(async ({ fixtures }) => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  cluster = await startCluster({ name: 'reelkeep_e2e_campaign_release', offset: 80, instances: 2, live: fixtures.initial });
  // A running campaign, so the pages under load read and render one (coupons, countdown, banner).
  const created = await fetch(`${cluster.sites[0]}/api/campaign/admin/campaigns`, {
    method: 'POST',
    headers: { ...ADMIN, 'content-type': 'application/json', origin: cluster.sites[0]! },
    body: JSON.stringify(buildDemoCampaign(Date.now() - 60_000)),
  });
  expect(created.status, await created.clone().text()).toBe(201);
});
test.afterAll(async () => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  await cluster?.stop();
});

const liveCampaign = async (site: string) =>
  adminReleasesAnswerSchema.parse(await (await fetch(`${site}/admin/releases`, { headers: ADMIN })).json()).live['mf-campaign'];
const showsReleaseBadge = async (site: string, path: string) =>
  (await (await fetch(`${site}${path}`)).text()).includes('data-testid="release-badge"');

test('a campaign release is promoted and rolled back alone, under load on its pages and a landing page, with no failed request', async ({
  fixtures,
}) => {
  const [first, second] = cluster.sites as [string, string];
  const previous = fixtures.initial['mf-campaign']!;
  const others = async () =>
    Object.entries((await (await fetch(`${first}/admin/releases`, { headers: ADMIN })).json()).live).filter(([app]) => app !== 'mf-campaign');
  const othersBefore = await others();

  const loads = [`${first}/sales-campaign`, `${second}/store`, `${first}/fr/pricing`, `${second}/netflix-downloader`].map((url) =>
    startLoad(url, { connections: 4, seconds: 180 }),
  );
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  await cluster.release('promote', 'mf-campaign', fixtures.campaignNext);
  for (const site of cluster.sites) await expect.poll(() => liveCampaign(site), { timeout: 20_000 }).toBe(fixtures.campaignNext);
  // The uncached sales page and the cached store both show the new release on both instances.
  for (const site of cluster.sites)
    for (const path of ['/sales-campaign', '/store']) await expect.poll(() => showsReleaseBadge(site, path), { timeout: 20_000 }).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  await cluster.release('rollback', 'mf-campaign');
  for (const site of cluster.sites) await expect.poll(() => liveCampaign(site), { timeout: 20_000 }).toBe(previous);
  for (const site of cluster.sites)
    for (const path of ['/sales-campaign', '/store']) await expect.poll(() => showsReleaseBadge(site, path), { timeout: 20_000 }).toBe(false);

  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const results = await Promise.all(loads.map((load) => load.stop()));
  for (const result of results) {
    test.info().annotations.push({ type: 'load', description: `${result.url}: ${result.requests} requests, ${result.failed} failed` });
    expect(result.requests, result.output).toBeGreaterThan(20);
    expect(result.failed, result.output).toBe(0);
  }
  // Only the campaign squad moved.
  expect(await others()).toEqual(othersBefore);
});
