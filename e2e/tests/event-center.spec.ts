import { currentCampaignsAnswerSchema } from '@reelkeep/shared-contracts';
import { collectBrowserErrors, expect, readJson, readText, test } from '../fixtures.ts';

/**
 * docs/campaigns.md "Carousel entries" and "Sale copy": the event centre and the store show each carousel entry of
 * the demo campaign as a card in its state, and the sale's words follow its real end.
 */

const HOUR_MS = 3_600_000;

for (const { locale, prefix, width } of [
  { locale: 'en', prefix: '', width: 1280 },
  { locale: 'fr', prefix: '/fr', width: 390 },
] as const) {
  test(`the event centre in ${locale} at ${width} px: each entry as a card, featured first, masked and ended ones without a button`, async ({
    page,
  }) => {
    const errors = collectBrowserErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${prefix}/event-center`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const demo = page.locator('[data-campaign="demo"]');
    await expect(demo.getByRole('heading', { level: 2 })).toHaveText(readText(locale, 'campaign', 'names.demo'));
    const cards = demo.getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const featured = cards.nth(0);
    await expect(featured).toHaveAttribute('data-featured', 'true');
    await expect(featured).toContainText(readText(locale, 'campaign', 'carousel.demo_lifetime_float'));
    await expect(featured).toContainText('REEL40');
    await expect(featured.getByRole('link', { name: readText(locale, 'campaign', 'carousel.shop_now') })).toHaveAttribute(
      'href',
      `${prefix}/store?source=event_center&coupon=REEL40`,
    );
    const masked = cards.nth(2);
    await expect(masked).toHaveAttribute('data-state', 'masked');
    await expect(masked).toContainText(readText(locale, 'campaign', 'carousel.demo_gift_float'));
    await expect(masked.getByRole('link')).toHaveCount(0);
    // The seeded Black Friday campaign is over: its entry is veiled as ended, after the running one.
    const ended = page.locator('[data-campaign="msbf"]').getByRole('listitem');
    await expect(ended).toHaveAttribute('data-state', 'expired');
    await expect(ended.getByRole('link')).toHaveCount(0);
    // Nothing runs off the page's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });
}

test('on the sale’s last UTC day the coupon modal says "today only" and counts the hours left to the real end', async ({ page, request }) => {
  const { campaign } = await readJson(await request.get('/api/campaign/current'), currentCampaignsAnswerSchema);
  // The browser's clock two hours before the sale ends, on the same UTC day (the demo ends at a round hour).
  const moment = campaign!.displayedEndsAt - 2 * HOUR_MS;
  test.skip(new Date(moment).getUTCDate() !== new Date(campaign!.displayedEndsAt - 1).getUTCDate(), 'the demo ends just after midnight UTC');
  await page.clock.install({ time: moment });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/store');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const modal = page.getByRole('dialog', { name: readText('en', 'campaign', 'dialogs.coupon_heading_last_day') });
  await expect(async () => {
    if (!(await modal.isVisible())) await page.locator('#rk-campaign-banner .rk-campaign-banner__link').click({ timeout: 1_000 });
    await expect(modal).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const timer = modal.getByRole('timer');
  await expect(timer).toContainText(readText('en', 'campaign', 'dialogs.codes_expire_in'));
  await expect(timer).toContainText(/01\s*hours\s*5\d\s*mins/);
  await expect(timer).not.toContainText('day');
  // The sale line says what the coupons really give.
  await expect(page.locator('#rk-campaign-banner')).toContainText('up to $40.00 off lifetime licences. Ends in');
});
