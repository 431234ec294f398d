import type { Page } from '@playwright/test';
import { collectBrowserErrors, expect, test } from '../fixtures.ts';

/**
 * docs/routing.md "Page head": after a client-side navigation the head (title, description, social tags,
 * canonical, hreflang alternates) is exactly the head the server sends for that URL, and structured data
 * follows the page too.
 */
const HEAD_SELECTOR = 'title, meta[name]:not([name=viewport]), meta[property], link[rel=canonical], link[rel=alternate]';

/** The head elements of a document, in order, as HTML. */
const readHead = (page: Page, html?: string) =>
  page.evaluate(
    ({ selector, source }) => {
      const document_ = source ? new DOMParser().parseFromString(source, 'text/html') : document;
      return {
        head: [...document_.head.querySelectorAll(selector)].map((element) => element.outerHTML),
        structuredData: [...document_.querySelectorAll('script[type="application/ld+json"]')].map((element) => element.textContent),
      };
    },
    { selector: HEAD_SELECTOR, source: html },
  );

for (const [locale, from, to] of [
  ['en', '/', '/netflix-downloader'],
  ['en', '/netflix-downloader', '/how-to-download-netflix-videos'],
  ['en', '/blog/', '/article/privacy-policy'],
  ['de', '/de', '/de/disney-plus-downloader'],
  ['de', '/de/netflix-downloader', '/de/how-to-download-netflix-videos'],
  ['de', '/de/blog/', '/de/privacy-policy'],
] as const) {
  test(`the head after a client navigation to ${to} is the server's head for it (${locale})`, async ({ page, request }) => {
    const errors = collectBrowserErrors(page);
    await page.goto(from);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.evaluate((path) => {
      const link = Object.assign(document.createElement('a'), { href: path, textContent: 'go' });
      document.querySelector('main')!.append(link);
      link.click();
    }, to);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    await expect.poll(() => page.evaluate(() => document.title)).not.toBe('');
    const served = await (await request.get(to)).text();
    const expected = await readHead(page, served);
    await expect.poll(async () => (await readHead(page)).head).toEqual(expected.head);
    expect((await readHead(page)).structuredData).toEqual(expected.structuredData);
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    expect(errors).toEqual([]);
  });
}
