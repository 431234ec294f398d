import { LOCALES, toLocalePath } from '@reelkeep/shared-contracts';
import { expect, test } from '../fixtures.ts';

/** The page types with the longest words and widest parts: policies and guides (German compounds), commerce. */
const PAGES = ['/', '/netflix-downloader', '/pricing', '/checkout', '/privacy-policy', '/terms-of-use', '/how-to-download-netflix-videos'];
/** The narrowest phone the site is laid out for, and a common one (breakpoints lie between them). */
const PHONE_WIDTHS = [320, 390];

test('no page type is wider than a 320 or a 390 px phone in any locale (a long German word in a heading widened the policies)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Without JavaScript: the server's HTML and CSS decide the layout, and a page loads in a fraction of the time.
  const context = await browser.newContext({ viewport: { width: PHONE_WIDTHS[0]!, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const overflowing: string[] = [];
  for (const locale of LOCALES) {
    for (const path of PAGES) {
      const url = toLocalePath(locale, path);
      await page.goto(url);
      // One load, laid out again at each width.
      for (const phoneWidth of PHONE_WIDTHS) {
        await page.setViewportSize({ width: phoneWidth, height: 844 });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > phoneWidth) overflowing.push(`${url} at ${phoneWidth} px: ${width} px`);
      }
    }
  }
  expect(overflowing).toEqual([]);
  await context.close();
});
