import { expect, readText, test } from '../fixtures.ts';
import { E2E_BASE_URL } from '../test-site.ts';

test('every response carries the security headers; scripts run by nonce', async ({ request }) => {
  for (const path of ['/', '/fr/checkout', '/no-such-page', '/locales/fr/common.json', '/favicon.ico']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
  const page = await request.get('/de');
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(page.headers()['content-security-policy']!)?.[1];
  const html = await page.text();
  expect(nonce).toBeTruthy();
  for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
});

test('the head has canonical, alternates with x-default, keywords, viewport, favicon and DNS prefetch', async ({ request }) => {
  const html = await (await request.get('/ja/netflix-downloader')).text();
  expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/ja/netflix-downloader">`);
  for (const hreflang of ['en', 'fr', 'zh-Hant', 'ja', 'de', 'es', 'pt', 'it', 'x-default']) expect(html).toContain(`hreflang="${hreflang}"`);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain('<link rel="icon" href="/favicon.ico">');
  expect(html).toContain('<meta http-equiv="x-dns-prefetch-control" content="on">');
  expect(html).toMatch(/<meta name="keywords" content="[^"]*">/);
  expect((await request.get('/favicon.ico')).headers()['content-type']).toBe('image/x-icon');
});

test('dictionaries are served per page with the spec extras and fall back to English', async ({ request }) => {
  const common = await request.get('/locales/it/common.json');
  expect(common.status()).toBe(200);
  expect((await common.json()).nav.posts).toBe(readText('it', 'common', 'nav.posts'));
  for (const extra of ['member', 'forgot_password', 'article_common']) expect((await request.get(`/locales/de/${extra}.json`)).status()).toBe(200);
  expect((await request.get('/locales/fr/no_such_page.json')).status()).toBe(404);
  expect((await request.get('/locales/tr/common.json')).status()).toBe(404);
});

test('bad input never gives a 500', async ({ request }) => {
  for (const path of ['/%E0%A4%A', `/${'x'.repeat(3000)}`, '/%00', '/..%2f..%2fetc/passwd', '/static/shell/../../package.json', '/_data/%E0%A4%A']) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
  }
  expect((await request.post('/checkout', { data: 'x' })).status()).toBe(405);
});

test('pages and browser containers are served compressed; hashed files are cached for good', async ({ request }) => {
  const page = await request.get('/fr/netflix-downloader', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  const html = await page.text();
  const script = /<script defer src="([^"]+)"/.exec(html)![1]!;
  const asset = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers().vary).toBe('Accept-Encoding');
  const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).length).toBeGreaterThan(Number(asset.headers()['content-length']));
});
