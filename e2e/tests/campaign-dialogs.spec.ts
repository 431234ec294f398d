import { axeOn } from '../axe.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_OWNER_KEY, E2E_BASE_URL } from '../test-site.ts';
import { collectBrowserErrors, endTheStart, expect, readText, test } from '../fixtures.ts';

/**
 * docs/campaigns.md "Coupon modal and ads": the coupon modal that opens by itself, its copy tips and select-plan
 * button, the image ad of a campaign that is not important, and the bottom-left ad once per session.
 */

test.use({ campaignDialogs: true });
// Each journey loads several pages and runs axe, on a machine that may be busy.
test.describe.configure({ timeout: 90_000 });

const ADMIN = { authorization: `Bearer ${E2E_OWNER_KEY}` };
const LOCALES = [
  { locale: 'en', prefix: '' },
  { locale: 'de', prefix: '/de' },
] as const;
const AUTO_SHOW_MS = 5000;
/** Past the coupon modal's 5 s, before the push offer's 7 s after hydration (docs/frame.md "Prompts"). */
const PAST_AUTO_SHOW_MS = AUTO_SHOW_MS + 1500;
const AD_CLOSE_AFTER_CLICK_MS = 3000;
const text = (locale: string, key: string) => readText(locale, 'campaign', key);
const couponModal = (page: Page, locale: string) => page.getByRole('dialog', { name: text(locale, 'dialogs.coupon_heading') });
const bottomAd = (page: Page) => page.getByTestId('campaign-bottom-ad');

/** Records, on the page's clock, when the first campaign dialog appeared (to prove it waited its 5 s). */
async function recordDialogMoment(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) {
        (window as unknown as { rkDialogAt: number }).rkDialogAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Ends the start of the page (the dialogs load then, docs/routing.md "After the start"), waits until the campaign
 * dialogs have loaded, then runs the page's clock (`page.clock.install()` before the visit) for `ms`: the dialogs'
 * timers fire without real waiting.
 */
async function runClockOnceReady(page: Page, ms: number): Promise<void> {
  await endTheStart(page);
  await expect(page.locator('html')).toHaveAttribute('data-campaign-dialogs', 'ready', { timeout: 20_000 });
  await page.clock.runFor(ms);
}

/** Records, on the page's clock, when the page hydrated: the prompts' delays count from then (docs/frame.md "Prompts"). */
async function recordHydrationMoment(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated === 'true') {
        (window as unknown as { rkHydratedAt: number }).rkHydratedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

/**
 * Ends the start of the page and, once the dialogs have loaded, runs the page's clock (installed before the visit, with `recordHydrationMoment`) to
 * `PAST_AUTO_SHOW_MS` after hydration and holds it there while `check` runs: the auto-show moment has passed, so
 * nothing may open. Then the clock flows again.
 */
async function checkPastAutoShow(page: Page, check: () => Promise<void>): Promise<void> {
  await endTheStart(page);
  await expect(page.locator('html')).toHaveAttribute('data-campaign-dialogs', 'ready', { timeout: 20_000 });
  const clock = await page.evaluate(() => ({
    hydratedAt: (window as unknown as { rkHydratedAt: number }).rkHydratedAt,
    now: performance.now(),
    date: Date.now(),
  }));
  await page.clock.pauseAt(clock.date + Math.max(50, clock.hydratedAt + PAST_AUTO_SHOW_MS - clock.now));
  // The timers fired on the page's clock: give a busy machine a moment to render what they opened.
  await page.waitForTimeout(500);
  await check();
  await page.clock.resume();
}

/** `YYYYMMDDHHMMSS` in UTC: the preview moment of a `start_time` link. */
const toUtcDigits = (ms: number) => new Date(ms).toISOString().replace(/\D/g, '').slice(0, 14);

for (const { locale, prefix } of LOCALES) {
  test(`${locale}, desktop: the coupon modal opens by itself after 5 s with no referrer, copies a code, and never opens twice in a session`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    await recordDialogMoment(context);
    await recordHydrationMoment(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = collectBrowserErrors(page);
    // The page's own clock: the 5 s of the auto-show pass without real waiting, and `rkDialogAt` is read on it.
    await page.clock.install();
    await page.goto(`${prefix}/netflix-downloader`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const modal = couponModal(page, locale);
    await runClockOnceReady(page, AUTO_SHOW_MS);
    await expect(modal).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { rkDialogAt: number }).rkDialogAt)).toBeGreaterThanOrEqual(AUTO_SHOW_MS);
    await expect(modal).toHaveAttribute('aria-modal', 'true');
    await expect(modal.locator('[data-coupon]')).toHaveCount(3);
    await expect(modal.locator('code')).toHaveText(['REEL40', 'REEL20', 'REEL10']);
    await expect(modal.getByRole('timer')).toContainText(text(locale, 'dialogs.codes_expire_in'));

    const axe = await axeOn(page).include('[role="dialog"]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    await modal.getByRole('button', { name: text(locale, 'dialogs.copy_code').replace('{{code}}', 'REEL20') }).click();
    await expect(modal.getByRole('status')).toContainText(text(locale, 'dialogs.copied').replace('{{code}}', 'REEL20'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('REEL20');
    // The demo campaign sells on its own page: the button leads to its coupons there.
    await expect(modal.getByRole('link', { name: text(locale, 'dialogs.select_plan') })).toHaveAttribute('href', `${prefix}/sales-campaign#coupon-2`);

    // Tab stays inside; Escape closes, sets the session flag and gives focus back to the page.
    for (let press = 0; press < 8; press += 1) await page.keyboard.press('Tab');
    expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('rk_coupon_modal_closed'))).toBe('1');

    await page.goto(`${prefix}/youtube-downloader`);
    await checkPastAutoShow(page, () => expect(page.getByRole('dialog')).toHaveCount(0));
    expect(errors).toEqual([]);
  });

  test(`${locale}, 390 px: neither the coupon modal nor the bottom ad ever shows on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const errors = collectBrowserErrors(page);
    await recordHydrationMoment(page.context());
    await page.clock.install();
    await page.goto(`${prefix}/netflix-downloader`);
    await checkPastAutoShow(page, async () => {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(bottomAd(page)).toHaveCount(0);
    });
    expect(errors).toEqual([]);
  });
}

test('desktop: nothing opens by itself on an excluded route (login, checkout) nor for a visitor coming from another page of the site', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = collectBrowserErrors(page);
  await recordHydrationMoment(page.context());
  await page.clock.install();
  for (const path of ['/login', '/fr/checkout']) {
    await page.goto(path);
    await checkPastAutoShow(page, async () => {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(bottomAd(page)).toHaveCount(0);
    });
  }
  await page.goto('/netflix-downloader', { referer: `${E2E_BASE_URL}/` });
  await checkPastAutoShow(page, () => expect(page.getByRole('dialog')).toHaveCount(0));
  expect(errors).toEqual([]);
});

test('de, desktop: a refused clipboard shows the code to copy by hand, with the select-plan button', async ({ page, context }) => {
  await context.addInitScript(() =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await page.goto('/de/youtube-downloader');
  const modal = couponModal(page, 'de');
  await runClockOnceReady(page, AUTO_SHOW_MS);
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await modal.getByRole('button', { name: text('de', 'dialogs.copy_code').replace('{{code}}', 'REEL40') }).click();
  const tip = modal.getByRole('status');
  await expect(tip).toContainText(text('de', 'dialogs.copy_failed'));
  await expect(tip.locator('code')).toHaveText('REEL40');
  await expect(tip.getByRole('link', { name: text('de', 'dialogs.select_plan') })).toHaveAttribute('href', '/de/sales-campaign#coupon-1');
});

for (const { locale, prefix } of LOCALES) {
  for (const width of [1280, 390] as const) {
    test(`${locale}, ${width} px: on the store page the banner opens the coupon modal, and its select-plan button checks out with the coupon`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
      // This visitor closed the modal before: only the banner opens it here.
      await context.addInitScript(() => sessionStorage.setItem('rk_coupon_modal_closed', '1'));
      await page.setViewportSize({ width, height: 800 });
      const errors = collectBrowserErrors(page);
      await page.goto(`${prefix}/store`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const modal = couponModal(page, locale);
      // The banner's code and the dialogs load once the page is idle: until then the click only scrolls to the coupons.
      await expect(async () => {
        // A click before the dialogs were ready is kept and opens the modal once they are: then it is open, no second click.
        if (!(await modal.isVisible())) await page.locator('#rk-campaign-banner .rk-campaign-banner__link').click({ timeout: 1_000 });
        await expect(modal).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await modal.getByRole('button', { name: text(locale, 'dialogs.copy_code').replace('{{code}}', 'REEL20') }).click();
      await expect(modal.getByRole('status')).toContainText(text(locale, 'dialogs.copied').replace('{{code}}', 'REEL20'));
      await modal.getByRole('link', { name: text(locale, 'dialogs.select_plan') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?source=coupon_modal&coupon=REEL20$`));
      await expect(page.locator('#coupon-status')).toContainText('REEL20');
      const variant = await page.locator('[data-variant]').getAttribute('data-variant');
      const total = variant === 'price_b' ? { de: '84,90 $', en: '$84.90' } : { de: '69,90 $', en: '$69.90' };
      await expect(page.getByTestId('total')).toHaveText(locale === 'de' ? total.de : total.en);
      await expect(modal).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }
}

test('desktop: a campaign that is not important shows the image ad instead of the coupon modal, with its own storage key and source type; it closes 3 s after a banner click, never over the next page', async ({
  page,
  request,
}) => {
  const startsAt = Date.now() + 60 * 86_400_000;
  const campaign = {
    id: 'e2e-image-ad',
    nameKey: 'msbf',
    navTitleKey: 'msbf_nav',
    route: 'sales-campaign',
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 86_400_000).toISOString(),
    isImportant: false,
    images: { bgEvent: '/assets/campaign/msbf-wide.svg' },
    coupons: [{ code: 'E2EIMAGEAD', discountCents: 500 }],
  };
  expect((await request.post('/api/campaign/admin/campaigns', { headers: ADMIN, data: campaign })).status()).toBe(201);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = collectBrowserErrors(page);
    // The page's own clock: the 5 s of the auto-show and the 3 s after a click pass without real waiting.
    await page.clock.install();
    // The preview link shows the moment the campaign runs, when the demo campaign is over.
    const link = `/fr/netflix-downloader?start_time=${toUtcDigits(startsAt + 3_600_000)}`;
    await page.goto(link);
    await endTheStart(page);
    await expect(page.locator('html')).toHaveAttribute('data-campaign-dialogs', 'ready', { timeout: 20_000 });
    await page.clock.runFor(AUTO_SHOW_MS);
    const imageAd = page.getByRole('dialog', { name: readText('fr', 'campaign', 'names.msbf') });
    await expect(imageAd).toBeVisible();
    await expect(imageAd).toContainText(readText('fr', 'campaign', 'names.msbf_nav'));
    await expect(imageAd.getByRole('link', { name: text('fr', 'dialogs.image_ad_cta') })).toHaveAttribute('href', '/fr/sales-campaign');
    await expect(imageAd.locator('img')).toHaveAttribute('src', '/assets/campaign/msbf-wide.svg');
    await expect(couponModal(page, 'fr')).toHaveCount(0);
    const axe = await axeOn(page).include('[role="dialog"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // Its own storage key: closing it sets the image ad's flag, not the coupon modal's.
    await imageAd.getByRole('button', { name: readText('fr', 'common', 'dialog.close') }).click();
    await expect(imageAd).toBeHidden();
    const storage = () => page.evaluate(() => ({ ...sessionStorage }));
    expect(await storage()).toMatchObject({ 'rk_image_ad_e2e-image-ad': '1' });
    expect((await storage())['rk_coupon_modal_closed']).toBeUndefined();

    // A new visitor: a click on the banner records the source type at once; the next page never shows the ad; the
    // flag comes 3 s after the click. (A popup shown dates the visitor for a day, docs/tracking.md "Visitor cookies".)
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies({ name: 'is_popup_dated' });
    await page.goto(link);
    await endTheStart(page);
    await expect(page.locator('html')).toHaveAttribute('data-campaign-dialogs', 'ready', { timeout: 20_000 });
    await page.clock.runFor(AUTO_SHOW_MS);
    await expect(imageAd).toBeVisible();
    await imageAd.getByRole('link', { name: text('fr', 'dialogs.image_ad_cta') }).click();
    await expect(page).toHaveURL(/\/fr\/sales-campaign$/);
    await expect(imageAd).toHaveCount(0);
    expect(await storage()).toMatchObject({ rk_ad_source: 'image_ad_e2e-image-ad' });
    expect((await storage())['rk_image_ad_e2e-image-ad']).toBeUndefined();
    await page.clock.runFor(AD_CLOSE_AFTER_CLICK_MS);
    await expect.poll(async () => (await storage())['rk_image_ad_e2e-image-ad']).toBe('1');
    expect(errors).toEqual([]);
  } finally {
    expect((await request.post('/api/campaign/admin/campaigns/e2e-image-ad/end', { headers: ADMIN, data: {} })).status()).toBe(200);
  }
});

for (const { locale, prefix } of LOCALES) {
  test(`${locale}, desktop: the bottom-left ad shows once per session in its style options, closes, and a click records its source then hides it`, async ({
    page,
    context,
    browser,
  }) => {
    // docs/frame.md "Prompts": the bottom ad comes after the coupon modal and the push offer, which this visitor had.
    const hadTheOtherPrompts = () => {
      sessionStorage.setItem('rk_coupon_modal_closed', '1');
      sessionStorage.setItem('rk_push_prompted', '1');
    };
    await context.addInitScript(hadTheOtherPrompts);
    await recordHydrationMoment(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = collectBrowserErrors(page);
    await page.clock.install();
    await page.goto(`${prefix}/netflix-downloader`);
    await endTheStart(page);
    const ad = bottomAd(page);
    await expect(ad).toBeVisible({ timeout: 20_000 });
    await expect(ad).toContainText(text(locale, 'names.demo'));
    await expect(ad.getByRole('link')).toHaveAttribute('href', `${prefix}/store`);
    // The demo campaign's style options (attr): a gold border on the body, a red close icon under the pointer.
    await expect(ad).toHaveCSS('border-top-color', 'rgb(255, 209, 102)');
    const closeIcon = ad.getByRole('button', { name: text(locale, 'dialogs.bottom_ad_close') });
    await closeIcon.hover();
    await expect(closeIcon).toHaveCSS('background-color', 'rgb(230, 57, 70)');
    const axe = await axeOn(page).include('[data-testid="campaign-bottom-ad"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await ad.getByRole('button', { name: text(locale, 'dialogs.bottom_ad_close') }).click();
    await expect(ad).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('rk_bottom_ad_demo'))).toBe('1');
    // Once per session: the next page of the same visit comes without it.
    await page.goto(`${prefix}/youtube-downloader`);
    await checkPastAutoShow(page, () => expect(bottomAd(page)).toHaveCount(0));
    expect(errors).toEqual([]);

    // A new session shows it again; following it records where the visitor came from and hides it 3 s later.
    const next = await browser.newContext({ storageState: await context.storageState(), viewport: { width: 1280, height: 800 } });
    await next.addInitScript(hadTheOtherPrompts);
    const visit = await next.newPage();
    await visit.goto(`${prefix}/netflix-downloader`);
    await endTheStart(visit);
    const again = bottomAd(visit);
    await expect(again).toBeVisible({ timeout: 20_000 });
    await again.getByRole('link').click();
    await expect(visit).toHaveURL(new RegExp(`${prefix}/store$`));
    expect(await visit.evaluate(() => sessionStorage.getItem('rk_ad_source'))).toBe('bottom_ad_demo');
    await expect(again).toHaveCount(0, { timeout: 6_000 });
    expect(await visit.evaluate(() => sessionStorage.getItem('rk_bottom_ad_demo'))).toBe('1');
    await next.close();
  });
}
