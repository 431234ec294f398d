import { collectBrowserErrors, expect, readText, test } from '../fixtures.ts';

test.describe('server rendering', () => {
  test('the page content is in the HTML before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/fr/checkout');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(readText('fr', 'checkout', 'title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('fr', 'checkout', 'heading'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute('href', /\/zh\/checkout$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/checkout$/);
    await context.close();
  });

  for (const path of ['/', '/ja', '/de/netflix-downloader', '/zh/blog/', '/es/login', '/it/sales-campaign', '/pt/privacy-policy']) {
    test(`${path} hydrates without console errors`, async ({ page }) => {
      const errors = collectBrowserErrors(page);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(errors).toEqual([]);
    });
  }
});
