import { expect, readAdminStatus, readText, runRelease, test, waitForLive } from '../fixtures.ts';

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

test('promotion refuses a release whose files were altered', async () => {
  await expect(runRelease('promote', 'mf-campaign', 'does-not-exist')).rejects.toThrow(/refusing to promote mf-campaign@does-not-exist/);
});
