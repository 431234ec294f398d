import { axeOn } from '../axe.ts';
import type { APIRequestContext } from '@playwright/test';
import { LOCALES, toLocalePath } from '@reelkeep/shared-contracts';
import { checkSiteLinks } from '../link-check.ts';
import { answerPictureCaptcha, collectBrowserErrors, expect, readDocumentTitle, readText, test } from '../fixtures.ts';
import { E2E_BASE_URL } from '../test-site.ts';

const POLICIES = ['cookies-policy', 'privacy-policy', 'purchase-policy', 'refund-policy', 'terms-of-use', 'dmca', 'legal-disclaimer'];
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const readTitle = (html: string) => unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const readDescription = (html: string) => unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');

// The file's journeys are independent and long (axe in every locale): spread over both workers, not queued on one.
test.describe.configure({ mode: 'parallel' });

async function readSitemapPaths(request: APIRequestContext, name: string): Promise<string[]> {
  const xml = await (await request.get(`/sitemaps/${name}.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, '&')).pathname);
}

test('every landing page answers 200 in every locale with its service in the title, description and heading', async ({ request }) => {
  // Over 720 pages rendered one after another: a check of content, not of speed (that is `npm run bench`).
  test.setTimeout(120_000);
  const paths = await readSitemapPaths(request, 'services');
  expect(paths.length).toBeGreaterThanOrEqual(90 * LOCALES.length);
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const heading = unescapeHtml(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');
    expect(heading, path).not.toBe('');
    expect(readTitle(html), path).toContain(
      heading
        .replace(/\s*[-–]?\s*(Downloader|下載器|ダウンローダー|Téléchargeur|Descargador|Downloader per|Downloader da|Downloader do)\s*/g, '')
        .trim()
        .slice(0, 4),
    );
    expect(readDescription(html).length, path).toBeGreaterThan(40);
  }
});

test('landing copy is written per locale, not English everywhere', async ({ request }) => {
  const titles = new Set<string>();
  for (const locale of LOCALES) titles.add(readTitle(await (await request.get(toLocalePath(locale, '/crunchyroll-downloader'))).text()));
  expect(titles.size).toBe(LOCALES.length);
});

test('every policy exists in every locale with its own title, also under /article/', async ({ request }) => {
  for (const locale of LOCALES) {
    for (const policy of POLICIES) {
      for (const path of [toLocalePath(locale, `/${policy}`), `/${locale === 'en' ? '' : `${locale}/`}article/${policy}`.replace('//', '/')]) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain(readDocumentTitle('policies', locale, policy));
        expect(html, path).toContain('<link rel="canonical" href="' + E2E_BASE_URL + toLocalePath(locale, `/${policy}`) + '">');
      }
    }
  }
});

test('the guide centre lists at least 12 English and 6 guides in every other locale, each answering 200', async ({ request }) => {
  const paths = await readSitemapPaths(request, 'articles');
  for (const locale of LOCALES) {
    const guides = paths
      .filter((path) => (locale === 'en' ? !/^\/[a-z]{2}\//.test(path) : path.startsWith(`/${locale}/`)))
      .filter((path) => !POLICIES.some((policy) => path.endsWith(`/${policy}`)));
    expect(guides.length, locale).toBeGreaterThanOrEqual(locale === 'en' ? 12 : 6);
    for (const path of guides) expect((await request.get(path)).status(), path).toBe(200);
  }
  const listing = await (await request.get('/de/blog/')).text();
  expect(listing).toContain(readDocumentTitle('articles', 'de', 'mp4-or-mkv-best-format-for-offline-viewing'));
  // A guide that is not translated is a 404 in that locale (docs/locales.md "Content per locale"), not an English page.
  expect((await request.get('/de/licences-and-devices-explained')).status()).toBe(404);
  expect((await request.get('/blog/page/99/')).status()).toBe(404);
});

test('pages carry their structured data and social tags', async ({ request }) => {
  const landing = await (await request.get('/fr/netflix-downloader')).text();
  expect(landing).toContain('"@type":"SoftwareApplication"');
  expect(landing).toContain('"price":"89.90"');
  expect(landing).toContain('"@type":"FAQPage"');
  expect(landing).toContain('<meta property="og:title"');
  expect(landing).toContain('<meta name="twitter:card" content="summary_large_image">');
  const article = await (await request.get('/ja/how-to-download-netflix-videos')).text();
  expect(article).toContain('"@type":"Article"');
  expect(article).toContain('"@type":"BreadcrumbList"');
  expect(article).toContain('<meta property="og:type" content="article">');
  expect(await (await request.get('/faqs')).text()).toContain('"@type":"FAQPage"');
  // Alternates list only the locales an article exists in.
  expect(article).not.toContain('hreflang="en" href="' + E2E_BASE_URL + '/licences-and-devices-explained"');
});

test('every internal link stays in its locale and resolves', async () => {
  test.setTimeout(180_000);
  const report = await checkSiteLinks(E2E_BASE_URL, 12);
  expect(report.pages).toBeGreaterThan(900);
  expect(report.problems).toEqual([]);
});

test('downloads go through /mlink, which records the report and redirects to the installer', async ({ page, request }) => {
  await page.goto('/netflix-downloader');
  const href = await page.getByRole('link', { name: readText('en', 'landing', 'cta.download_win') }).getAttribute('href');
  expect(href).toBe('/mlink?p=reelkeep-netflix-setup.exe');
  const response = await request.get(href!, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('https://download.reelkeep.com/reelkeep-netflix-setup.exe');
  expect((await request.get('/mlink?p=../../etc/passwd', { maxRedirects: 0 })).status()).toBe(404);
  // With JavaScript on, the button is a real download: the browser asks /mlink itself (no client navigation).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const download = page.waitForRequest((request) => request.url().endsWith('/mlink?p=reelkeep-netflix-setup.exe') && request.isNavigationRequest());
  await page.getByRole('link', { name: readText('en', 'landing', 'cta.download_win') }).click();
  await download;
  const info = await request.get('/product/info?product_id=1001');
  expect(await info.json()).toMatchObject({ cscode: 200, data: { soft_version: '3.8.2' } });
  expect((await request.get('/product/info?product_id=abc')).status()).toBe(400);
  expect((await request.get('/product/info?product_id=999')).status()).toBe(404);
});

test('the download switch offers the Mac build and hides it for Windows-only products', async ({ browser }) => {
  const mac = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
  });
  const page = await mac.newPage();
  await page.goto('/disney-plus-downloader');
  await expect(page.getByRole('link', { name: readText('en', 'landing', 'cta.download_mac') })).toHaveAttribute(
    'href',
    '/mlink?p=reelkeep-disney-plus.dmg',
  );
  await page.goto('/onlyfans-downloader');
  await expect(page.getByRole('link', { name: readText('en', 'landing', 'cta.download_win') })).toBeVisible();
  await expect(page.getByText(readText('en', 'landing', 'cta.windows_only_on_mac'))).toBeVisible();
  await mac.close();
});

test('the contact form sends with JavaScript, and without it keeps what was typed', async ({ page, browser, request }) => {
  const errors = collectBrowserErrors(page);
  await page.goto('/es/contact');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const form = page.locator('#contact-form');
  await form.getByRole('button', { name: readText('es', 'contact', 'submit') }).click();
  await expect(form.locator('#contact-message-problem')).toHaveText(readText('es', 'contact', 'problems.message.empty'));
  await form.locator('#contact-name').fill('Lucía');
  await form.locator('#contact-email').fill('lucia.e2e@example.com');
  await form.locator('#contact-topic').selectOption('download');
  await form.locator('#contact-message').fill('La descarga se detiene al 50 % en un episodio concreto.');
  await form.getByRole('button', { name: readText('es', 'contact', 'submit') }).click();
  await expect(page.getByText(readText('es', 'contact', 'sent_title'))).toBeVisible();
  expect(errors).toEqual([]);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/it/contact');
  await plain.locator('#contact-name').fill('Marco');
  await plain.locator('#contact-email').fill('non-una-email');
  await plain.locator('#contact-message').fill('troppo corto');
  await plain.locator('#contact-form button[type=submit]').click();
  await expect(plain).toHaveURL(/\/it\/contact\?draft=/);
  await expect(plain.locator('#contact-name')).toHaveValue('Marco');
  await expect(plain.locator('#contact-message')).toHaveValue('troppo corto');
  await expect(plain.locator('#contact-message-problem')).toHaveText(readText('it', 'contact', 'problems.message.invalid'));

  await plain.locator('#contact-email').fill('marco.e2e@example.com');
  await plain.locator('#contact-topic').selectOption('billing');
  await plain.locator('#contact-message').fill('Vorrei la fattura del mio ordine, grazie mille.');
  await plain.locator('#contact-captcha').fill(answerPictureCaptcha(await plain.locator('#contact-form input[name=captcha_token]').inputValue()));
  await plain.locator('#contact-form button[type=submit]').click();
  await expect(plain).toHaveURL(/\/it\/contact\?sent=1/);
  await expect(plain.getByText(readText('it', 'contact', 'sent_title'))).toBeVisible();
  await noScript.close();

  // A forged captcha is refused on the server, whatever the browser did (sent as from the site's own page:
  // the gateway refuses a cookie-carrying post without the site's Origin before the form sees it).
  const forged = await request.post('/api/landing/contact', {
    headers: { origin: E2E_BASE_URL },
    data: { name: 'Bot', email: 'bot@example.com', topic: 'other', message: 'Buy cheap watches now, best prices online!', altcha: 'e30=' },
  });
  expect(forged.status()).toBe(400);
  expect((await forged.json()).problems).toEqual({ captcha: 'invalid' });
});

test('uninstall feedback is stored, with or without JavaScript', async ({ page, browser }) => {
  await page.goto('/pt/uninstallation?product=reelkeep-netflix');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: readText('pt', 'uninstallation', 'feedback_submit') }).click();
  await expect(page.getByText(readText('pt', 'uninstallation', 'feedback_choose'))).toBeVisible();
  await page.getByLabel(readText('pt', 'uninstallation', 'reasons.found_alternative')).check();
  await page.getByRole('button', { name: readText('pt', 'uninstallation', 'feedback_submit') }).click();
  await expect(page.getByText(readText('pt', 'uninstallation', 'feedback_thanks'))).toBeVisible();
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/uninstallation');
  await plain.getByLabel(readText('en', 'uninstallation', 'reasons.not_needed')).check();
  await plain.getByRole('button', { name: readText('en', 'uninstallation', 'feedback_submit') }).click();
  await expect(plain).toHaveURL(/\/uninstallation\?feedback=sent#feedback$/);
  await expect(plain.getByText(readText('en', 'uninstallation', 'feedback_thanks'))).toBeVisible();
  await noScript.close();
});

for (const locale of LOCALES) {
  test(`axe finds no violations on the home, landing, guide-centre, article, policy and contact pages in ${locale}`, async ({ page }) => {
    // Eight pages, each loaded, hydrated and checked by axe; two journeys share the machine (docs/testing.md "Two groups of journeys").
    test.setTimeout(180_000);
    for (const path of [
      '/',
      '/netflix-downloader',
      '/adult-downloader',
      '/blog/',
      '/how-to-download-netflix-videos',
      '/privacy-policy',
      '/contact',
      '/product-overview',
    ]) {
      await page.goto(toLocalePath(locale, path));
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const results = await axeOn(page).analyze();
      expect(
        results.violations.map((violation) => `${path}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
}

test('articles also answer at /{lang}/{article}/{id}', async ({ request }) => {
  const response = await request.get('/pt/faqs/2');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(readDocumentTitle('articles', 'pt', 'faqs'));
});

test('a Japanese guide keeps its voiced marks in its anchors: the table of contents and a link from another page reach the heading', async ({
  page,
}) => {
  // docs/locales.md "Heading anchors"
  const heading = 'シーズンをまとめてダウンロードできますか？';
  const anchor = 'シーズンをまとめてダウンロードできますか';
  await page.goto('/ja/faqs');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const entry = page.locator('aside[aria-labelledby="toc-title"]').getByRole('link', { name: heading });
  await expect(entry).toHaveAttribute('href', `#${anchor}`);
  await entry.click();
  await expect(page.locator(`h2[id="${anchor}"]`)).toBeInViewport();
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${anchor}`);

  await page.goto('/ja/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href, textContent: 'FAQ' });
    document.querySelector('main')!.append(link);
    link.click();
  }, `/ja/faqs#${anchor}`);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
});
