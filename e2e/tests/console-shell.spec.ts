import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { axeOn } from '../axe.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { enrol as enrolPage, expectAudited } from '../console.ts';
import { CLUSTER_DATABASE_URL, CLUSTER_HOOK_TIMEOUT_MS, startCluster, type Cluster } from '../cluster.ts';
import { expect, readText, registerWithoutJavaScript, test } from '../fixtures.ts';
import { startLoad } from '../load.ts';
import { adminReleasesAnswerSchema } from '../operator-answers.ts';
import { E2E_OWNER_KEY, E2E_DIR } from '../test-site.ts';

/**
 * The shell's console sections (docs/console.md "Releases", "Experiments", "Push", "Page cache"), on one instance on
 * PostgreSQL: the first owner (the CLI) grants roles in the console; a release manager promotes mf-checkout and rolls
 * it back from the console while wrk loads its pages, without one failed request; an analyst reads the experiment
 * charts, closes and opens an experiment, and is refused a promotion. Every action is in the audit log.
 */
const run = promisify(execFile);
const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Console2026pass!';
const ADMIN = { authorization: `Bearer ${E2E_OWNER_KEY}` };
const SHOTS_DIR = path.join(E2E_DIR, 'console-shell-screenshots');
let cluster: Cluster;
let site: string;

test.describe.configure({ mode: 'serial', timeout: 360_000 });
test.skip(!CLUSTER_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL)');

test.beforeAll(async ({ fixtures }) => {
  // Six release commands and a start on PostgreSQL: on a loaded shared machine this has taken more than the usual hook time.
  test.setTimeout(2 * CLUSTER_HOOK_TIMEOUT_MS);
  cluster = await startCluster({
    name: 'reelkeep_e2e_console_shell',
    offset: 95,
    instances: 1,
    live: fixtures.initial,
    // The test site bounds a remote's loader at 1.5 s so its failure journeys are quick; on this shared machine a
    // version's first renders after a switch under load can take longer, which is slowness, not a failed switch.
    env: { REMOTE_LOAD_TIMEOUT_MS: '10000' },
  });
  site = cluster.sites[0]!;
});
test.afterAll(async () => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  await cluster?.stop();
});

/** Registers an account on the cluster (no script, as the journeys' register helper does) and answers a browser signed in as it. */
async function registerAccount(browser: Browser, email: string): Promise<BrowserContext> {
  const noScript = await browser.newContext({ baseURL: site, javaScriptEnabled: false });
  await registerWithoutJavaScript(await noScript.newPage(), 'en', { name: email.split('@')[0]!, email, password: PASSWORD });
  const context = await browser.newContext({ baseURL: site, storageState: await noScript.storageState() });
  await noScript.close();
  return context;
}

/** The console's first visit of a role holder: sent to enrol, the password again, the key, then a code from the "app". */
async function enrol(page: Page): Promise<void> {
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/enrol$/);
  await enrolPage(page, PASSWORD);
}

/** Screenshots at 1280 and 390 px (looked at by the engineer), and axe at both widths. */
async function lookAt(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
    const axe = await axeOn(page).analyze();
    expect(
      axe.violations.map((violation) => `${name}@${width} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const liveCheckout = async () =>
  adminReleasesAnswerSchema.parse(await (await fetch(`${site}/admin/releases`, { headers: ADMIN })).json()).live['mf-checkout'];

test('owners grant roles; a release manager promotes and rolls back mf-checkout under load with no failed request; an analyst reads the experiments', async ({
  browser,
  fixtures,
}) => {
  const owner = await registerAccount(browser, 'owner@console.example');
  const manager = await registerAccount(browser, 'releases@console.example');
  const analyst = await registerAccount(browser, 'numbers@console.example');
  await run(process.execPath, ['mf-account/server/console-owner-cli.ts', 'owner@console.example'], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...cluster.env },
  });

  const ownerPage = await owner.newPage();
  await enrol(ownerPage);
  for (const [email, role] of [
    ['releases@console.example', 'release-manager'],
    ['numbers@console.example', 'analyst'],
  ] as const) {
    await ownerPage.goto('/console/people');
    await ownerPage.locator('#email').fill(email);
    await ownerPage.locator('#role').selectOption(role);
    await ownerPage.locator('form[action="/console/people/role"] button').click();
    await expect(ownerPage.locator('.notice')).toHaveText(readText('en', 'console', 'done.role'));
    await expectAudited(ownerPage, { action: 'role.grant', q: email, actor: 'owner@console.example', holds: [`{"role":"${role}"}`] });
  }

  // The release manager promotes the next checkout slice through the confirmation, then rolls it back, while wrk loads
  // the checkout page (uncached, mf-checkout's) and the cached store.
  const managerPage = await manager.newPage();
  await enrol(managerPage);
  const previous = fixtures.initial['mf-checkout']!;
  const loads = [`${site}/checkout?plan=1Y&os=win`, `${site}/store`].map((url) => startLoad(url, { connections: 2 }));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await managerPage.goto(`/console/releases/confirm?action=promote&app=mf-checkout&version=${fixtures.checkoutNextSlice}`);
  await managerPage.locator('form[action="/console/releases/confirm"] button').click();
  await expect(managerPage.locator('.notice')).toHaveText(readText('en', 'console', 'done.switched'));
  await expect.poll(liveCheckout, { timeout: 60_000 }).toBe(fixtures.checkoutNextSlice);
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  await managerPage.goto('/console/releases');
  await managerPage.locator('form[action="/console/releases/confirm"]:has(input[value="mf-checkout"]) button', { hasText: 'Roll back' }).click();
  await expect(managerPage.locator('main p').first()).toContainText(`${fixtures.checkoutNextSlice}`);
  await managerPage.locator('form[method="post"][action="/console/releases/confirm"] button').click();
  await expect(managerPage.locator('.notice')).toHaveText(readText('en', 'console', 'done.switched'));
  await expect.poll(liveCheckout, { timeout: 60_000 }).toBe(previous);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const results = await Promise.all(loads.map((load) => load.stop()));
  for (const result of results) {
    test.info().annotations.push({ type: 'load', description: `${result.url}: ${result.requests} requests, ${result.failed} failed` });
    expect(result.requests, result.output).toBeGreaterThan(20);
    expect(result.failed, result.output).toBe(0);
  }
  // The history and the audit log name the release manager, with the versions before and after.
  await expectAudited(managerPage, {
    action: 'release.promote',
    q: 'release.promote',
    actor: 'releases@console.example',
    holds: [`{"live":"${previous}"}`, `{"live":"${fixtures.checkoutNextSlice}"}`],
  });
  await managerPage.goto('/console/audit?q=release.rollback');
  await expect(managerPage.locator('tbody tr').first()).toContainText('releases@console.example');
  await expect(managerPage.locator('tbody tr').first()).toContainText(`{"live":"${fixtures.checkoutNextSlice}"}`);
  await expect(managerPage.locator('tbody tr').first()).toContainText(`{"live":"${previous}"}`);

  // The diff of the two versions' release.json: the slice changed files of its API and page.
  await managerPage.goto(`/console/releases/diff?app=mf-checkout&from=${previous}&to=${fixtures.checkoutNextSlice}`);
  await expect(managerPage.locator('main h1')).toHaveText(readText('en', 'console', 'releaseDiff.title').replace('{{app}}', 'mf-checkout'));
  await expect(managerPage.locator('main')).toContainText('api/api.cjs');

  // The analyst reads the experiments, closes and opens one, and may not switch a release. No visitor of the cluster has
  // been in an experiment: each of the three and the funnel say so in a sentence, and no empty chart is drawn.
  const analystPage = await analyst.newPage();
  await enrol(analystPage);
  await analystPage.goto('/console/experiments');
  await expect(analystPage.locator('p.no-chart', { hasText: readText('en', 'console', 'experiments.noData') })).toHaveCount(3);
  await expect(analystPage.locator('p.no-chart')).toHaveCount(4);
  await expect(analystPage.locator('svg.chart')).toHaveCount(0);
  await expect(analystPage.locator('table caption', { hasText: 'sidebar' }).first()).toBeVisible();
  const sidebar = analystPage.locator('section[aria-labelledby="x-sidebar-h"]');
  await sidebar.getByRole('button', { name: readText('en', 'console', 'experiments.close') }).click();
  await expect(analystPage.locator('.notice')).toHaveText(readText('en', 'console', 'done.experiment'));
  await expect(sidebar).toContainText(readText('en', 'console', 'experiments.closed'));
  await sidebar.getByRole('button', { name: readText('en', 'console', 'experiments.openAction') }).click();
  await expect(sidebar).toContainText(readText('en', 'console', 'experiments.open'));
  await analystPage.goto('/console/audit?q=experiment');
  await expect(analystPage.locator('tbody tr', { hasText: 'experiment.close' })).toContainText('{"open":false}');
  await expectAudited(analystPage, { action: 'experiment.open', q: 'experiment', actor: 'numbers@console.example', holds: ['{"open":true}'] });
  for (const email of ['owner@console.example', 'releases@console.example', 'numbers@console.example'])
    await expectAudited(analystPage, { action: 'console.two-factor-enrolled', q: email, actor: email, holds: ['{"twoFactorEnabled":true}'] });
  const refused = await analyst.request.post('/console/releases/confirm', {
    headers: { origin: site },
    form: { action: 'rollback', app: 'mf-checkout', confirm: 'yes' },
  });
  expect(refused.status()).toBe(403);
  expect((await analyst.request.get('/console/cache')).status()).toBe(403);
  expect(await liveCheckout()).toBe(previous);

  // The owner sees every section; each is screenshotted at both widths and passes axe.
  await ownerPage.goto('/console/releases');
  await lookAt(ownerPage, 'releases');
  await ownerPage.goto(`/console/releases/diff?app=mf-checkout&from=${previous}&to=${fixtures.checkoutNextSlice}`);
  await lookAt(ownerPage, 'release-diff');
  await ownerPage.goto('/console/experiments');
  await lookAt(ownerPage, 'experiments');
  await ownerPage.goto('/console/push');
  await lookAt(ownerPage, 'push');
  await ownerPage.goto('/console/cache');
  await lookAt(ownerPage, 'cache');
  await ownerPage.locator('#url').fill(`${site}/store`);
  await ownerPage.locator('#confirm-url').check();
  await ownerPage.getByRole('button', { name: readText('en', 'console', 'cache.purgeUrl') }).click();
  await expect(ownerPage.locator('.notice')).toHaveText(readText('en', 'console', 'done.purged'));
  await ownerPage.goto('/console/audit?q=cache.purge-url');
  await expect(ownerPage.locator('tbody tr').first()).toContainText('/store');
});
