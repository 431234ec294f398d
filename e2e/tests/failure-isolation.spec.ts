import { expect, readText, runRelease, test, waitForLive } from '../fixtures.ts';

test.describe.configure({ mode: 'serial' });

test('a remote that fails to load shows the fallback in a working frame while the others keep working', async ({ page, fixtures }) => {
  await runRelease('promote', 'mf-blog', fixtures.blogBroken);
  await waitForLive('mf-blog', fixtures.blogBroken);
  try {
    const response = await page.goto('/fr/blog/');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('alert')).toContainText(readText('fr', 'common', 'remote_unavailable.title'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: readText('fr', 'common', 'brand.home_label') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: readText('fr', 'common', 'language.label') })).toBeVisible();

    // The frame still navigates to a page of a healthy remote.
    await page
      .getByRole('banner')
      .getByRole('link', { name: readText('fr', 'common', 'nav.buy') })
      .click();
    await expect(page).toHaveURL(/\/fr\/checkout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('fr', 'checkout', 'heading'));

    const home = await page.request.get('/fr');
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain(readText('fr', 'home', 'heading'));
  } finally {
    await runRelease('rollback', 'mf-blog');
    await waitForLive('mf-blog', fixtures.initial['mf-blog']!);
  }
  const restored = await page.goto('/fr/blog/');
  expect(restored?.status()).toBe(200);
});

test('a remote too slow to answer is cut off by the time-out instead of hanging the page', async ({ page, fixtures }) => {
  await runRelease('promote', 'mf-account', fixtures.accountSlow);
  await waitForLive('mf-account', fixtures.accountSlow);
  try {
    const started = Date.now();
    const response = await page.goto('/ja/login');
    expect(response?.status()).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(page.getByRole('alert')).toContainText(readText('ja', 'common', 'remote_unavailable.title'));
    const register = await page.request.get('/ja/register');
    expect(register.status()).toBe(200);
  } finally {
    await runRelease('rollback', 'mf-account');
    await waitForLive('mf-account', fixtures.initial['mf-account']!);
  }
});

test('a remote page that throws while rendering is cut off at its region on the server and in the browser', async ({ page, fixtures }) => {
  await runRelease('promote', 'mf-checkout', fixtures.checkoutThrowing);
  await waitForLive('mf-checkout', fixtures.checkoutThrowing);
  try {
    const response = await page.goto('/es/checkout');
    expect(response?.status()).toBe(503);
    const html = await response!.text();
    expect(html).toContain(readText('es', 'common', 'remote_unavailable.title'));
    expect(html).toContain('</html>');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('alert')).toContainText(readText('es', 'common', 'remote_unavailable.title'));
    await expect(page.getByRole('banner').getByRole('link', { name: readText('es', 'common', 'brand.home_label') })).toBeVisible();
  } finally {
    await runRelease('rollback', 'mf-checkout');
    await waitForLive('mf-checkout', fixtures.initial['mf-checkout']!);
  }
});
