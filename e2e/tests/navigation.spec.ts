import { collectBrowserErrors, expect, readDocumentTitle, readText, test } from '../fixtures.ts';

test('navigates client-side across remotes, keeps scroll on back, and switches language with a full load', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await page.goto('/de');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A marker that survives only while the document stays the same (no full reload).
  await page.evaluate(() => ((window as unknown as { journeyMarker: string }).journeyMarker = 'same-document'));
  const homeHeading = await page.getByRole('heading', { level: 1 }).textContent();

  await page
    .getByRole('banner')
    .getByRole('link', { name: readText('de', 'common', 'nav.posts') })
    .click();
  await expect(page).toHaveURL(/\/de\/blog\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('de', 'blog', 'heading'));
  await expect(page).toHaveTitle(
    readText('de', 'blog', 'title')
      .replace('{{heading}}', readText('de', 'blog', 'heading'))
      .replace('{{page}}', ''),
  );

  // Leave the guide centre from its footer: the position there is where back must return to.
  const privacy = page.getByRole('contentinfo').getByRole('link', { name: readText('de', 'common', 'footer.privacy') });
  await privacy.scrollIntoViewIfNeeded();
  const leftAt = await page.evaluate(() => window.scrollY);
  expect(leftAt).toBeGreaterThan(200);
  await privacy.click();
  await expect(page).toHaveURL(/\/de\/privacy-policy$/);
  // A new page starts at the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readDocumentTitle('policies', 'de', 'privacy-policy'));
  expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe('same-document');

  await page.goBack();
  await expect(page).toHaveURL(/\/de\/blog\/$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(leftAt));
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading!);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe('same-document');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\?source=lang_switch$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('the header language menu closes on a click outside and on Escape, like the other menus', async ({ page }) => {
  await page.goto('/de/netflix-downloader');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const menu = page.getByRole('banner').locator('details');
  const summary = menu.locator('summary');

  await summary.click();
  await expect(menu).toHaveAttribute('open', '');
  await expect(menu.getByRole('link', { name: 'Français' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).not.toHaveAttribute('open', '');

  await summary.click();
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
});
