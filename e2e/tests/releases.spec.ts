import { expect, readAdminStatus, readText, runRelease, test, waitForLive } from '../fixtures.ts';
import { RELEASE_MARKER_SERVICE } from '../test-site.ts';

test.describe.configure({ mode: 'serial' });

test('promote and rollback switch what new visitors see, without a restart, and pin open pages', async ({ page, browser, fixtures }) => {
  const before = await readAdminStatus();
  await page.goto('/it/sales-campaign');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('release-badge')).toHaveCount(0);

  await runRelease('promote', 'mf-campaign', fixtures.campaignNext);
  await waitForLive('mf-campaign', fixtures.campaignNext);

  const visitor = await browser.newPage();
  await visitor.goto('/it/sales-campaign');
  await expect(visitor.getByTestId('release-badge')).toBeVisible();
  await visitor.close();

  // The open page keeps the version it was rendered with, also for client navigations.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('reelkeep:navigationRequested', { detail: { path: '/it/store' } })));
  await expect(page).toHaveURL(/\/it\/store$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('it', 'store', 'heading'));
  await expect(page.getByTestId('release-badge')).toHaveCount(0);

  await runRelease('rollback', 'mf-campaign');
  await waitForLive('mf-campaign', fixtures.initial['mf-campaign']!);
  const next = await browser.newPage();
  await next.goto('/it/sales-campaign');
  await expect(next.getByRole('heading', { level: 1 })).toHaveText(readText('it', 'sales_campaign', 'heading'));
  await expect(next.getByTestId('release-badge')).toHaveCount(0);
  await next.close();

  const after = await readAdminStatus();
  expect(after.pid).toBe(before.pid);
  expect(after.startedAt).toBe(before.startedAt);
});

test('a text and a catalogue change ship in their squad’s release: live on promotion without a restart, the old ones back with the rollback, the home page’s navigation too', async ({
  page,
  request,
  fixtures,
}) => {
  const before = await readAdminStatus();
  const original = readText('en', 'landing', 'heading').replace('{{service}}', 'Netflix');
  const changed = 'Netflix Downloader, now in a release';
  const readHeading = async () => ((await (await request.get('/locales/en/landing.json')).json()) as { heading: string }).heading;
  // docs/frame.md "Frame data": the header's service menu comes from mf-landing's catalogue API.
  const markerLink = page.locator(`header a[href="/${RELEASE_MARKER_SERVICE.slug}-downloader"]`);
  await page.goto('/');
  await expect(markerLink).toHaveCount(0);
  await page.goto('/netflix-downloader');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(original);

  await runRelease('promote', 'mf-landing', fixtures.landingText);
  try {
    await waitForLive('mf-landing', fixtures.landingText);
    // The page cache held the page with the old text: the switch dropped it, and the dictionary follows the release.
    await page.goto('/netflix-downloader');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(changed);
    expect(await readHeading()).toBe('{{service}} Downloader, now in a release');
    await page.goto('/');
    await expect(markerLink).toHaveText(RELEASE_MARKER_SERVICE.name);
  } finally {
    await runRelease('rollback', 'mf-landing');
  }
  await waitForLive('mf-landing', fixtures.initial['mf-landing']!);
  // The first home page after the switch (within the poll interval of the rollback) has the rolled-back navigation.
  await page.goto('/');
  await expect(markerLink).toHaveCount(0);
  await page.goto('/netflix-downloader');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(original);
  expect(await readHeading()).toBe(readText('en', 'landing', 'heading'));
  expect((await readAdminStatus()).startedAt).toBe(before.startedAt);
});

test('promotion refuses a release whose files were altered', async () => {
  await expect(runRelease('promote', 'mf-campaign', 'does-not-exist')).rejects.toThrow(/refusing to promote mf-campaign@does-not-exist/);
});
