import { axeOn } from '../axe.ts';
import type { Page } from '@playwright/test';
import { E2E_OWNER_KEY } from '../test-site.ts';
import { collectBrowserErrors, expect, readJson, readText, test } from '../fixtures.ts';
import { campaignAuditAnswerSchema } from '../operator-answers.ts';

/** docs/campaigns.md: the banner, its close for a day, the excluded routes, and campaigns changed through the admin API. */

const ADMIN = { authorization: `Bearer ${E2E_OWNER_KEY}` };
const DAY_S = 86_400;
const WIDTHS = [1280, 390] as const;
const LOCALES = [
  { locale: 'en', prefix: '' },
  { locale: 'de', prefix: '/de' },
] as const;

const banner = (page: Page) => page.locator('#rk-campaign-banner');

for (const { locale, prefix } of LOCALES) {
  for (const width of WIDTHS) {
    test(`the campaign banner shows in ${locale} at ${width} px, closes for a day and never shows on excluded routes`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const errors = collectBrowserErrors(page);
      await page.goto(`${prefix}/netflix-downloader`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      // Server-rendered above the navigation: there before any script, with the demo campaign's line in this locale.
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toContainText(readText(locale, 'campaign', 'names.demo_nav'));
      const bannerBox = (await banner(page).boundingBox())!;
      const headerBox = (await page.getByRole('banner').boundingBox())!;
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(headerBox.y + 1);
      await expect(banner(page).getByRole('link')).toHaveAttribute('href', `${prefix}/sales-campaign`);
      expect(errors).toEqual([]);

      // The banner's script is wired when the browser is idle after hydration (on a busy machine, a while after).
      await expect(banner(page)).toHaveAttribute('data-ready', 'true');
      await banner(page)
        .getByRole('button', { name: readText(locale, 'common', 'campaign_banner.close') })
        .click();
      await expect(banner(page)).toBeHidden();
      const closed = (await page.context().cookies()).find((cookie) => cookie.name === 'rk_campaign_closed');
      expect(closed?.value).toBe('1');
      const lifetime = closed!.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(DAY_S - 120);
      expect(lifetime).toBeLessThanOrEqual(DAY_S + 1);

      // Closed for the day: the next pages (cached or not) come without it.
      await page.goto(`${prefix}/netflix-downloader`);
      await expect(banner(page)).toHaveCount(0);
      await page.context().clearCookies({ name: 'rk_campaign_closed' });
      await page.goto(`${prefix}/netflix-downloader`);
      await expect(banner(page)).toBeVisible();

      for (const excluded of ['sales-campaign', 'event-center', 'checkout']) {
        await page.goto(`${prefix}/${excluded}`);
        await expect(banner(page)).toBeHidden();
      }
    });
  }
}

test('a campaign created through the admin API shows on the next request and is gone once ended, cached pages included', async ({
  page,
  request,
}) => {
  const now = Date.now();
  const flash = {
    id: 'e2e-flash',
    nameKey: 'msbf',
    navTitleKey: 'msbf_nav',
    route: 'sales-campaign',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 2 * DAY_S * 1000).toISOString(),
    isImportant: true,
    coupons: [{ code: 'E2EFLASH', discountCents: 700 }],
  };
  await page.goto('/fr/netflix-downloader');
  await page.goto('/fr/netflix-downloader');
  await expect(banner(page)).toContainText(readText('fr', 'campaign', 'names.demo_nav'));

  const created = await request.post('/api/campaign/admin/campaigns', { headers: ADMIN, data: flash });
  expect(created.status()).toBe(201);
  const next = await page.goto('/fr/netflix-downloader');
  expect(next?.headers()['x-cache']).toBe('MISS');
  await expect(banner(page)).toContainText(readText('fr', 'campaign', 'names.msbf_nav'));

  const ended = await request.post('/api/campaign/admin/campaigns/e2e-flash/end', { headers: ADMIN, data: {} });
  expect(ended.status()).toBe(200);
  await page.goto('/fr/netflix-downloader');
  await expect(banner(page)).toContainText(readText('fr', 'campaign', 'names.demo_nav'));
  const audit = await readJson(await request.get('/api/campaign/admin/campaigns/e2e-flash/audit', { headers: ADMIN }), campaignAuditAnswerSchema);
  expect(audit.audit.map((entry) => entry.action)).toEqual(['create', 'end']);

  // Without the operator's token nothing changes.
  expect((await request.post('/api/campaign/admin/campaigns/demo/end', { data: {} })).status()).toBe(401);
});

for (const width of WIDTHS) {
  test(`axe finds no violations on a page with the campaign banner at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/ja/netflix-downloader');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(banner(page)).toBeVisible();
    const results = await axeOn(page).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
