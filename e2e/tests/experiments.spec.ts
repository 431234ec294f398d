import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, readText, test } from '../fixtures.ts';
import { E2E_OWNER_KEY, E2E_BASE_URL } from '../test-site.ts';
import { experimentsReadoutAnswerSchema, type ExperimentsReadoutAnswer } from '../operator-answers.ts';

/** docs/experiments.md: server-side assignment, exposure, attribution on the order and the operator's readout. */

const ARTICLES = ['/how-to-download-amazon-prime-video', '/batch-download-a-whole-series', '/fix-download-failed-errors'];
const host = new URL(E2E_BASE_URL).hostname;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const t = (key: string) => readText('en', 'checkout', key);

async function readReadout(request: APIRequestContext): Promise<ExperimentsReadoutAnswer> {
  const answer = await request.get('/api/site/admin/experiments', { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } });
  expect(answer.status()).toBe(200);
  return experimentsReadoutAnswerSchema.parse(await answer.json());
}

const sidebarLine = (readout: ExperimentsReadoutAnswer, variant: string) =>
  readout.experiments.find((experiment) => experiment.experiment === 'sidebar')!.variants.find((line) => line.variant === variant)!;

/** The page's exposure beacon (docs/experiments.md "Exposure"), sent once its sidebar is half on screen. */
const exposureReported = (page: Page) =>
  page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/site/experiments/exposure');

/**
 * Brings the guide's sidebar on screen once the page is hydrated: the exposure is observed from then on, and a scroll
 * before it (or a page left before it) is seen by nobody, as for a visitor on a slow phone.
 */
async function seeSidebar(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('[data-experiment^="sidebar:"]').scrollIntoViewIfNeeded();
}

/** Buys the 6M plan as a guest with the sandbox card; answers the order id. */
async function buySixMonths(page: Page): Promise<string> {
  await page.goto('/checkout');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('button[data-plan="6M"]').click();
  await page.locator('#checkout-email').fill(uniqueEmail('experiment'));
  await page.getByRole('button', { name: t('continue') }).click();
  const orderId = (await page.locator('[data-order-id]').getAttribute('data-order-id'))!;
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  await page.locator('form[aria-labelledby="pay-heading"] button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: t('thanks_heading') })).toBeVisible();
  return orderId;
}

test('a visitor arriving with ?af=123&ad=x who buys has the affiliate and the ad on the order and in the readout', async ({ page, context }) => {
  const before = await readReadout(page.request);
  await page.goto('/?af=123&ad=x');
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
  expect(cookies.affiliate).toMatchObject({ value: '123', httpOnly: true });
  expect(cookies.ad).toMatchObject({ value: 'x', httpOnly: true });
  // docs/experiments.md "Affiliates and ads": affiliate 30 days, ad 180 days.
  expect(Math.round((cookies.affiliate!.expires - Date.now() / 1000) / 86400)).toBe(30);
  expect(Math.round((cookies.ad!.expires - Date.now() / 1000) / 86400)).toBe(180);

  const orderId = await buySixMonths(page);
  const after = await readReadout(page.request);
  expect(after.recentOrders.find((order) => order.id === orderId)).toMatchObject({ status: 'paid', affiliate: '123', ad: 'x' });
  const orders = (readout: ExperimentsReadoutAnswer) => readout.affiliates.find((line) => line.id === '123')?.orders ?? 0;
  expect(orders(after)).toBe(orders(before) + 1);
  expect(after.ads.find((line) => line.id === 'x')!.orders).toBe((before.ads.find((line) => line.id === 'x')?.orders ?? 0) + 1);
});

test('the sidebar shows one variant on every guide and after a restart, is exposed once, and its order counts under it', async ({ browser }) => {
  const visitorId = `e2e-guid-${Date.now()}`;
  const consenting = async (state?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> => {
    const context = await browser.newContext(state ? { storageState: state } : {});
    if (!state)
      await context.addCookies([
        { name: 'rk_consent', value: 'granted', domain: host, path: '/' },
        { name: '_EA_GUID', value: visitorId, domain: host, path: '/' },
      ]);
    return context;
  };
  const first = await consenting();
  const page = await first.newPage();
  const before = await readReadout(page.request);

  // A visitor who reaches their first guide by a client navigation sees the variant the data request assigned.
  await page.goto('/blog/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator(`a[href="${ARTICLES[1]}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${ARTICLES[1]}$`));
  const cookie = (await first.cookies()).find((entry) => entry.name === 'sidebarAB')!;
  expect(['a', 'b']).toContain(cookie.value);
  expect(Math.round((cookie.expires - Date.now() / 1000) / 86400)).toBe(30);
  const variant = cookie.value;
  await expect(page.locator('[data-experiment^="sidebar:"]')).toHaveAttribute('data-experiment', `sidebar:${variant}`);

  // Every full page load: the first HTML already holds that variant, nothing changes after the page loads, and the
  // sidebar seen reports its exposure (each page view does; the server counts this visitor once).
  for (const article of [ARTICLES[0]!, ARTICLES[2]!]) {
    const reported = exposureReported(page);
    const response = await page.goto(article);
    expect(await response!.text()).toContain(`data-experiment="sidebar:${variant}"`);
    await seeSidebar(page);
    await expect(page.locator('[data-experiment^="sidebar:"]')).toHaveAttribute('data-experiment', `sidebar:${variant}`);
    await reported;
  }

  // The browser restarts with its cookies: the same variant.
  const state = await first.storageState();
  await first.close();
  const second = await consenting(state);
  const again = await second.newPage();
  const reported = exposureReported(again);
  await again.goto(ARTICLES[2]!);
  await seeSidebar(again);
  await expect(again.locator('[data-experiment^="sidebar:"]')).toHaveAttribute('data-experiment', `sidebar:${variant}`);
  await reported;

  // docs/experiments.md "Exposure": one consenting visitor is one exposure, whatever the pages seen.
  await expect.poll(async () => sidebarLine(await readReadout(again.request), variant).exposed).toBe(sidebarLine(before, variant).exposed + 1);
  await again.waitForTimeout(1_000);
  expect(sidebarLine(await readReadout(again.request), variant).exposed).toBe(sidebarLine(before, variant).exposed + 1);

  const orderId = await buySixMonths(again);
  const after = await readReadout(again.request);
  expect(after.recentOrders.find((order) => order.id === orderId)!.experiments.sidebar).toBe(variant);
  expect(sidebarLine(after, variant)).toMatchObject({
    checkouts: sidebarLine(before, variant).checkouts + 1,
    orders: sidebarLine(before, variant).orders + 1,
  });
  await second.close();
});
