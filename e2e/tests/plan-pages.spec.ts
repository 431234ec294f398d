import { axeOn } from '../axe.ts';
import { collectBrowserErrors, expect, readText, test } from '../fixtures.ts';

/**
 * docs/campaigns.md "Campaign pages": /pricing and /aio-special-offer sell the plans with the running campaign's
 * coupon taken off, server-rendered in every locale, without the banner, and their links reach the checkout
 * with the plan and the coupon applied.
 */

const WIDTHS = [1280, 390] as const;
const LOCALES = [
  { locale: 'en', prefix: '' },
  { locale: 'fr', prefix: '/fr' },
] as const;

for (const { locale, prefix } of LOCALES) {
  for (const width of WIDTHS) {
    test(`the pricing page in ${locale} at ${width} px sells the yearly plan with the sale's coupon, through to the checkout`, async ({ page }) => {
      const errors = collectBrowserErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix}/pricing`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText(locale, 'campaign', 'pricing.heading'));
      await expect(page.locator('#rk-campaign-banner')).toBeHidden();
      const yearly = page.locator('[data-plan="1Y"]');
      await expect(yearly).toContainText(readText(locale, 'campaign', 'pricing.coupon_applied').split('{{')[0]!.trim());
      await expect(yearly).toContainText('REEL20');
      const axe = await axeOn(page).analyze();
      expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

      await yearly.getByRole('link', { name: readText(locale, 'campaign', 'pricing.buy') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?plan=1Y&os=win&coupon=REEL20&source=pricing$`));
      await expect(page.locator('#coupon-status')).toContainText('REEL20');
      await expect(page.locator('button[data-plan="1Y"]')).toHaveAttribute('aria-pressed', 'true');
      expect(errors).toEqual([]);
    });
  }
}

for (const width of WIDTHS) {
  test(`the all-in-one offer in German at ${width} px leads with the lifetime licence, its coupon applied, and passes axe`, async ({ page }) => {
    const errors = collectBrowserErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/de/aio-special-offer?os=mac');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('de', 'campaign', 'aio.heading'));
    await expect(page.locator('#rk-campaign-banner')).toBeHidden();
    await expect(page.getByRole('link', { name: readText('de', 'campaign', 'aio.cta') })).toHaveAttribute(
      'href',
      '/de/checkout?plan=LFT&os=mac&coupon=REEL40&source=aio_special_offer',
    );
    await expect(page.getByRole('link', { name: 'Mac', exact: true })).toHaveAttribute('aria-current', 'page');
    const axe = await axeOn(page).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('a start_time preview of the expired campaign shows everyday prices, never its coupons or the running ones', async ({ page }) => {
  await page.goto('/pricing?start_time=20210101000000');
  await expect(page.getByText(readText('en', 'campaign', 'pricing.everyday_note'))).toBeVisible();
  await expect(page.locator('[data-plan]').filter({ hasText: /REEL|MSBF/ })).toHaveCount(0);
});
