import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { collectBrowserErrors, expect, readText, test } from '../fixtures.ts';
import { E2E_RELEASES_DIR } from '../test-site.ts';

test.describe('server rendering', () => {
  test('the page content is in the HTML before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/fr/checkout');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(readText('fr', 'checkout', 'title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('fr', 'checkout', 'heading'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute('href', /\/zh\/checkout$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/checkout$/);
    await context.close();
  });

  // A guide too: its JSON-LD and its body are in the document only, read back before it hydrates (docs/architecture.md
  // "The hydration state").
  for (const path of [
    '/',
    '/ja',
    '/de/netflix-downloader',
    '/zh/blog/',
    '/es/login',
    '/it/sales-campaign',
    '/pt/privacy-policy',
    '/de/how-to-download-netflix-videos',
  ]) {
    test(`${path} hydrates without console errors`, async ({ page }) => {
      const errors = collectBrowserErrors(page);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(errors).toEqual([]);
    });
  }

  test('a page in a chunk of its own (contact) links its chunk stylesheets, so it is styled without JavaScript; a service page does not', async ({
    request,
    fixtures,
  }) => {
    const version = fixtures.initial['mf-landing']!;
    const manifest = JSON.parse(readFileSync(path.join(E2E_RELEASES_DIR, 'mf-landing', version, 'browser', 'mf-manifest.json'), 'utf8')) as {
      exposes: { path: string; assets: { css: { async: string[] } } }[];
    };
    const lazyStyles = manifest.exposes.find((expose) => expose.path === './page')!.assets.css.async;
    expect(lazyStyles.length).toBeGreaterThan(0);
    const linked = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!.split('/').at(-1));
    expect(linked(await (await request.get('/it/contact')).text())).toEqual(expect.arrayContaining(lazyStyles));
    const service = linked(await (await request.get('/it/netflix-downloader')).text());
    expect(service.filter((file) => lazyStyles.includes(file!))).toEqual([]);
  });

  test("the document links the frame's stylesheets and no dialog's, which come with their chunk", async ({ request, fixtures }) => {
    const dir = path.join(E2E_RELEASES_DIR, 'shell', fixtures.initial.shell!, 'browser');
    const { styles } = JSON.parse(readFileSync(path.join(dir, 'entry-assets.json'), 'utf8')) as { styles: string[] };
    // The consent card's, the push offer's and the modal's: loaded once the start is over, with their code.
    const later = readdirSync(dir).filter((file) => file.endsWith('.css') && !styles.includes(file));
    expect(styles.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    const linked = [...(await (await request.get('/netflix-downloader')).text()).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) =>
      match[1]!.split('/').at(-1)!,
    );
    expect(linked).toEqual(expect.arrayContaining(styles));
    expect(linked.filter((file) => later.includes(file))).toEqual([]);
  });
});
