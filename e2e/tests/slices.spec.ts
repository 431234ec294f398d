import { cp, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { CLUSTER_DATABASE_URL, CLUSTER_HOOK_TIMEOUT_MS, startCluster, type Cluster } from '../cluster.ts';
import { expect, readJson, test } from '../fixtures.ts';
import { startLoad } from '../load.ts';
import { adminReleasesAnswerSchema, offerReleaseNoteSchema } from '../operator-answers.ts';
import { E2E_OWNER_KEY, E2E_RELEASES_DIR } from '../test-site.ts';

/**
 * Whole-slice releases on two instances sharing PostgreSQL and Redis (docs/releases.md): a squad release
 * switches its API and its page together, a shell release its routes and redirects, a release with an
 * additive migration applies it first, all through the real release CLI, without a restart, under wrk load
 * with no failed request; rollback takes each back. A broken API fails only its own squad; promotion refuses
 * an API module that breaks the contract and a migration that breaks the live version.
 */
let cluster: Cluster;
let database: pg.Client;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.skip(!CLUSTER_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL)');

test.beforeAll(async ({ fixtures }) => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  cluster = await startCluster({
    name: 'reelkeep_e2e_slices',
    offset: 40,
    instances: 2,
    live: fixtures.initial,
    env: { API_TIMEOUT_MS: '1500', REMOTE_LOAD_TIMEOUT_MS: '1500' },
  });
  database = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
  await database.connect();
});
test.afterAll(async () => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  await database?.end();
  await cluster?.stop();
});

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  return value;
}

const offer = async (site: string) => readJson(await fetch(`${site}/api/checkout/offer`), offerReleaseNoteSchema);
const status = async (site: string, path: string) => (await fetch(`${site}${path}`, { redirect: 'manual' })).status;
const adminStatus = async (site: string) =>
  readJson(await fetch(`${site}/admin/releases`, { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } }), adminReleasesAnswerSchema);

test('a squad release switches its API and its page together on every instance, without a restart, and rollback takes both back', async ({
  page,
  fixtures,
}) => {
  const [first, second] = cluster.sites as [string, string];
  const pids = await Promise.all(cluster.sites.map(async (site) => (await adminStatus(site)).pid));
  const load = Promise.all([
    startLoad(`${first}/checkout`, { connections: 8, seconds: 14 }).done,
    startLoad(`${second}/api/checkout/offer`, { connections: 8, seconds: 14 }).done,
  ]);
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  await cluster.release('promote', 'mf-checkout', fixtures.checkoutNextSlice);
  for (const site of cluster.sites)
    expect(
      (
        await poll(
          () => offer(site),
          (answer) => answer.releaseNote !== undefined,
        )
      ).releaseNote,
    ).toBe('next-slice');
  await page.goto(`${second}/checkout`);
  await expect(page.getByTestId('release-note')).toHaveText('next-slice');

  await cluster.release('rollback', 'mf-checkout');
  for (const site of cluster.sites)
    expect(
      (
        await poll(
          () => offer(site),
          (answer) => answer.releaseNote === undefined,
        )
      ).releaseNote,
    ).toBeUndefined();
  await page.goto(`${first}/checkout`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('release-note')).toHaveCount(0);

  const results = await load;
  for (const result of results) {
    expect(result.requests, result.output).toBeGreaterThan(50);
    expect(result.failed, result.output).toBe(0);
  }
  expect(await Promise.all(cluster.sites.map(async (site) => (await adminStatus(site)).pid))).toEqual(pids);
});

test('a shell release adds a route and its redirect on every instance without a restart; rollback removes them', async ({ fixtures }) => {
  const load = Promise.all(cluster.sites.map((site) => startLoad(`${site}/`, { connections: 8, seconds: 10 }).done));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await status(cluster.sites[0]!, '/tour')).toBe(404);

  await cluster.release('promote', 'shell', fixtures.shellWithRoute);
  for (const site of cluster.sites) {
    expect(
      await poll(
        () => status(site, '/tour'),
        (code) => code === 200,
      ),
    ).toBe(200);
    const redirect = await fetch(`${site}/fr/take-the-tour`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/fr/tour');
  }

  await cluster.release('rollback', 'shell');
  for (const site of cluster.sites) {
    expect(
      await poll(
        () => status(site, '/tour'),
        (code) => code === 404,
      ),
    ).toBe(404);
    expect(await status(site, '/take-the-tour')).toBe(404);
  }
  for (const result of await load) expect(result.failed, result.output).toBe(0);
});

test('a release with an additive migration applies it before it goes live; after rollback the old version keeps serving on the new schema', async ({
  fixtures,
}) => {
  const load = Promise.all(cluster.sites.map((site) => startLoad(`${site}/sales-campaign`, { connections: 8, seconds: 10 }).done));
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const promoted = await cluster.release('promote', 'mf-campaign', fixtures.campaignWithMigration);
  expect(promoted).toContain('0099_slice_notes.sql');
  for (const site of cluster.sites) {
    const answer = await poll(
      async () => fetch(`${site}/api/campaign/slice-note`),
      (response) => response.status === 200,
    );
    expect(await answer.json()).toEqual({ notes: [{ note: 'added by a migration' }] });
  }

  await cluster.release('rollback', 'mf-campaign');
  for (const site of cluster.sites) {
    expect(
      await poll(
        () => status(site, '/api/campaign/slice-note'),
        (code) => code === 404,
      ),
    ).toBe(404);
    expect(await status(site, '/sales-campaign')).toBe(200);
  }
  // No migration runs backwards: the table stays, the version rolled back to ignores it.
  expect((await database.query('SELECT count(*)::int AS n FROM campaign.slice_notes')).rows[0].n).toBe(1);
  for (const result of await load) expect(result.failed, result.output).toBe(0);
});

test('an API that cannot load or hangs answers 503 on its own routes and its pages only; the other squads and pages are untouched', async ({
  page,
  fixtures,
}) => {
  const [site] = cluster.sites as [string];
  for (const [fixture, reason] of [
    [fixtures.checkoutUnconfigured, 'CHECKOUT_E2E_REQUIRED_KEY'],
    [fixtures.checkoutHanging, null],
  ] as const) {
    await cluster.release('promote', 'mf-checkout', fixture);
    try {
      const answer = await poll(
        () => fetch(`${site}/api/checkout/offer`),
        (response) => response.status === 503,
      );
      expect(answer.headers.get('retry-after')).toBe('30');
      expect(await answer.json()).toMatchObject({ cscode: 503, squad: 'checkout' });
      const checkoutPage = await page.goto(`${site}/checkout`);
      expect(checkoutPage?.status()).toBe(503);
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await status(site, '/api/landing/catalogue')).toBe(200);
      expect(await status(site, '/netflix-downloader')).toBe(200);
      expect(await status(site, '/api/account/session')).toBe(200);
      if (reason) {
        const checkout = (await adminStatus(site)).apis.find((api) => api.squad === 'checkout');
        expect(checkout).toMatchObject({ state: 'failed' });
        expect(checkout?.error).toContain(reason);
      }
    } finally {
      await cluster.release('rollback', 'mf-checkout');
    }
    expect(
      await poll(
        () => status(site, '/api/checkout/offer'),
        (code) => code === 200,
      ),
    ).toBe(200);
  }
});

test('promotion refuses an API module that breaks the contract and a migration that breaks the live version', async ({ fixtures }) => {
  // A release whose API module throws while loading (as if built by a toolchain that skipped the check).
  const version = `${fixtures.checkoutNextSlice}-tampered`;
  const dir = path.join(E2E_RELEASES_DIR, 'mf-checkout', version);
  await cp(path.join(E2E_RELEASES_DIR, 'mf-checkout', fixtures.checkoutNextSlice), dir, { recursive: true });
  const broken = "throw new Error('e2e: this API module throws while loading');\n";
  await writeFile(path.join(dir, 'api', 'api.cjs'), broken);
  const manifest = JSON.parse(await readFile(path.join(dir, 'release.json'), 'utf8')) as { version: string; files: Record<string, string> };
  manifest.version = version;
  manifest.files['api/api.cjs'] = createHash('sha256').update(broken).digest('hex');
  await writeFile(path.join(dir, 'release.json'), JSON.stringify(manifest));
  await expect(cluster.release('promote', 'mf-checkout', version)).rejects.toThrow(
    /fails the contract check: e2e: this API module throws while loading/,
  );

  await expect(cluster.release('promote', 'mf-checkout', fixtures.checkoutDropsColumn)).rejects.toThrow(
    /0099_drop_order_email\.sql.*drop column email.*expand, then contract/,
  );
  expect(
    (
      await database.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = 'checkout' AND table_name = 'orders' AND column_name = 'email'`,
      )
    ).rowCount,
  ).toBe(1);
  for (const site of cluster.sites) expect((await adminStatus(site)).live['mf-checkout']).toBe(fixtures.initial['mf-checkout']);
});

test('an experiment variant lives with the visitor, not in a process: another instance shows the same sidebar, and assignment by address needs no cookie', async () => {
  const [one, two] = cluster.sites as [string, string];
  const guide = '/fix-download-failed-errors';
  const variantIn = (html: string, experiment: string) => new RegExp(`data-experiment="${experiment}:([a-z])"`).exec(html)?.[1];

  // docs/experiments.md "Assignment": a random draw is kept in the visitor's cookie; any instance reads it back.
  const first = await fetch(`${one}${guide}`);
  const cookie = first.headers.getSetCookie().find((line) => line.startsWith('sidebarAB='))!;
  const sidebar = variantIn(await first.text(), 'sidebar');
  expect(sidebar).toMatch(/^[ab]$/);
  expect(cookie.startsWith(`sidebarAB=${sidebar};`)).toBe(true);
  for (const site of [two, one, two]) {
    const again = await fetch(`${site}${guide}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(variantIn(await again.text(), 'sidebar')).toBe(sidebar);
  }

  // By address: the same visitor gets the same variant from every instance before any cookie exists.
  const byAddress = await Promise.all([one, two].map(async (site) => variantIn(await (await fetch(`${site}${guide}`)).text(), 'resource_banner')));
  expect(byAddress[0]).toMatch(/^[ab]$/);
  expect(byAddress[1]).toBe(byAddress[0]);
});
