import { axeOn } from '../axe.ts';
import type { APIRequestContext } from '@playwright/test';
import { expectAudited, signInAndEnrol } from '../console.ts';
import { E2E_BASE_URL, E2E_CONSOLE_ACCOUNTS } from '../test-site.ts';
import { expect, readText, test } from '../fixtures.ts';

/**
 * docs/console.md "Campaigns and coupons": a campaign manager creates a campaign starting now from the console and
 * its banner is on the site's next request; the audit log shows it; a support agent reads campaigns but every change
 * is refused (403). Both enrol in two-factor sign-in first, as every console role must.
 */

const SECTION = '/console/campaign/campaigns';

/** The campaign of the banner of a page as the site serves it to a visitor without cookies (the page cache's shared copy). */
async function readBanner(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${E2E_BASE_URL}/netflix-downloader`);
  expect(answer.status()).toBe(200);
  return /<aside id="rk-campaign-banner"[^>]*data-campaign="([^"]+)"/.exec(await answer.text())?.[1] ?? '';
}

test('a campaign manager creates a campaign starting now in the console: its banner is live on the next request, the audit log shows it, support may only read', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two first sign-ins with enrolment and three axe runs over framed previews: more than the 30 s of a one-page journey.
  test.setTimeout(180_000);
  const id = `e2e-${Date.now().toString(36)}`;
  // The banner before (the demo campaign's), now in the page cache.
  const before = await readBanner(request);
  expect(before).not.toBe('');
  expect(await readBanner(request)).toBe(before);

  await signInAndEnrol(page, E2E_CONSOLE_ACCOUNTS.campaignManager.email);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: readText('en', 'console_campaign', 'nav') })
    .click();
  await expect(page).toHaveURL(new RegExp(`${SECTION}$`));
  await page.getByRole('link', { name: readText('en', 'console_campaign', 'list.create') }).click();

  // The form proposes to start this minute; it ends in a day, before the demo campaign, so the frame shows it first.
  await expect(page.locator('#startsAt')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await page.locator('#endsAt').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 16));
  await page.locator('#id').fill(id);
  await page.locator('#nameKey').selectOption('msbf');
  await page.locator('#navTitleKey').selectOption('msbf_nav');
  await page.locator('#isImportant').check();
  await page.getByRole('button', { name: readText('en', 'console_campaign', 'form.create') }).click();
  await expect(page).toHaveURL(new RegExp(`${SECTION}/campaign\\?id=${id}&done=created$`));
  await expect(page.getByRole('status')).toHaveText(readText('en', 'console_campaign', 'done.created'));

  // Live on the site's very next request: the cached pages showing campaigns were dropped.
  expect(await readBanner(request)).toBe(id);
  await page.goto('/netflix-downloader');
  await expect(page.locator('#rk-campaign-banner')).toContainText(readText('en', 'campaign', 'names.msbf_nav'));

  // The audit log names who created it, with the campaign after.
  await page.goto(`/console/audit?q=${id}`);
  const entry = page.getByRole('row').filter({ hasText: 'campaign.create' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(E2E_CONSOLE_ACCOUNTS.campaignManager.email);
  await expect(entry).toContainText('"nameKey":"msbf"');

  // The campaign's page in German with its previews, at a desktop's and a phone's width, and the list: axe finds nothing.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${SECTION}/campaign?id=${id}&preview=de&lang=de`);
    await expect(page.locator('iframe.preview-modal')).toHaveAttribute('src', `/console/preview/campaigns/${id}?locale=de&part=modal`);
    const modal = page.frameLocator('iframe.preview-modal');
    await expect(modal.getByRole('dialog')).toContainText(readText('de', 'campaign', 'dialogs.coupon_lead'));
    await expect(page.frameLocator('iframe.preview-banner').locator('#rk-campaign-banner')).toContainText(
      readText('de', 'campaign', 'names.msbf_nav'),
    );
    expect((await axeOn(page).analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`campaign-de-${width}.png`), fullPage: true });
  }
  // Back to English: the German preview above set the language cookie, as a chosen language does.
  await page.goto(`${SECTION}?sort=name&dir=asc&lang=en`);
  await expect(page.locator(`tr[data-campaign="${id}"]`)).toContainText(readText('en', 'console_campaign', 'states.running'));
  expect((await axeOn(page).analyze()).violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('campaigns-en-390.png'), fullPage: true });

  // Support reads the campaigns, is shown no way to change them, and is refused each change by the server.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signInAndEnrol(support, E2E_CONSOLE_ACCOUNTS.support.email);
  await support.goto(SECTION);
  await expect(support.locator(`tr[data-campaign="${id}"]`)).toBeVisible();
  await expect(support.getByRole('link', { name: readText('en', 'console_campaign', 'list.create') })).toHaveCount(0);
  const origin = { origin: E2E_BASE_URL };
  for (const [action, form] of [
    ['create', { id: `${id}-x`, nameKey: 'demo', route: 'store', startsAt: '2026-01-01T00:00', endsAt: '2026-02-01T00:00' }],
    ['end', { id, confirm: 'yes' }],
    ['schedule', { id, startsAt: '2026-01-01T00:00', endsAt: '2026-02-01T00:00' }],
    ['coupon', { id, code: 'SUPPORT5', amount: '5' }],
  ] as const) {
    expect((await support.request.post(`${SECTION}/${action}`, { form, headers: origin, maxRedirects: 0 })).status()).toBe(403);
  }
  await supportContext.close();
  expect(await readBanner(request)).toBe(id);

  // The manager ends it: the banner before is back on the next request.
  await page.goto(`${SECTION}/campaign?id=${id}`);
  await page.locator('#confirm-end').check();
  await page.getByRole('button', { name: readText('en', 'console_campaign', 'detail.end') }).click();
  await expect(page.getByRole('status')).toHaveText(readText('en', 'console_campaign', 'done.ended'));
  expect(await readBanner(request)).toBe(before);

  // Every console action of the journey is in the audit log: the enrolments, the creation (above) and the end.
  const manager = E2E_CONSOLE_ACCOUNTS.campaignManager.email;
  await expectAudited(page, { action: 'campaign.end', q: id, actor: manager });
  for (const email of [manager, E2E_CONSOLE_ACCOUNTS.support.email])
    await expectAudited(page, { action: 'console.two-factor-enrolled', q: email, actor: email, holds: ['{"twoFactorEnabled":true}'] });
});
