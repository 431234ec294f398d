import { E2E_BASE_URL } from '../test-site.ts';
import { expect, readText, test } from '../fixtures.ts';

/** docs/sharing.md: plain share links to each network, with the page's canonical URL, in the HTML itself. */

test('a guide article shares itself: toolbar and footer link carry its canonical URL, in the server HTML', async ({ page }) => {
  const canonical = `${E2E_BASE_URL}/ja/fix-download-failed-errors`;
  const html = await (await page.request.get('/ja/fix-download-failed-errors')).text();
  expect(html).toContain(`https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(canonical)}`);
  expect(html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`);
  expect(html).not.toMatch(/<script[^>]+src="https:\/\/(?!127\.0\.0\.1)/);

  await page.goto('/ja/fix-download-failed-errors');
  const toolbar = page.getByRole('navigation', { name: readText('ja', 'common', 'share.label') });
  await expect(toolbar.getByRole('link', { name: readText('ja', 'common', 'share.on').replace('{{network}}', 'X') })).toHaveAttribute(
    'href',
    new RegExp(`^https://x\\.com/intent/post\\?url=${encodeURIComponent(canonical).replace(/[.?]/g, '\\$&')}&text=`),
  );
  await expect(page.locator('footer a[href^="https://www.facebook.com/sharer/"]')).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
  );
});

test('the campaign pages share themselves too, in their locale', async ({ page }) => {
  for (const path of ['/de/sales-campaign', '/pricing', '/fr/aio-special-offer', '/ja/event-center']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain(`https://www.reddit.com/submit?url=${encodeURIComponent(`${E2E_BASE_URL}${path}`)}`);
  }
});

test('a landing page offers the toolbar; "Copy link" copies its URL, and a refused clipboard shows the link to copy by hand', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await page.goto('/netflix-downloader');
  const toolbar = page.getByRole('navigation', { name: readText('en', 'common', 'share.label') });
  await expect(toolbar.getByRole('link', { name: 'Share on Reddit' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.reddit\.com\/submit\?url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fnetflix-downloader&title=/,
  );
  // The toolbar's code loads once the page has loaded: until then the button is plain HTML, and a click does nothing.
  // A click that worked but showed "Copied" only after the check's second is not clicked again (it is no "Copy link" any more).
  const copied = toolbar.getByRole('button', { name: readText('en', 'common', 'share.copied') });
  await expect(async () => {
    if (!(await copied.isVisible())) await toolbar.getByRole('button', { name: readText('en', 'common', 'share.copy') }).click({ timeout: 1_000 });
    await expect(copied).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E_BASE_URL}/netflix-downloader`);

  await page.goto('/fr/netflix-downloader');
  await page.evaluate(() => Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new Error('denied')) }));
  const french = page.getByRole('navigation', { name: readText('fr', 'common', 'share.label') });
  await expect(async () => {
    await french.getByRole('button', { name: readText('fr', 'common', 'share.copy') }).click({ timeout: 1_000 });
    await expect(french.getByRole('status')).toHaveText(readText('fr', 'common', 'share.copy_failed'), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(french.getByRole('textbox', { name: readText('fr', 'common', 'share.link') })).toHaveValue(`${E2E_BASE_URL}/fr/netflix-downloader`);
});
