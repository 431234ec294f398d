import { expect, readJson, readText, test } from '../fixtures.ts';
import { categoryListAnswerSchema } from '../operator-answers.ts';
import { E2E_BASE_URL } from '../test-site.ts';

test('every response carries the security headers; scripts run by nonce and inline scripts are data only', async ({ request }) => {
  for (const path of ['/', '/fr/checkout', '/no-such-page', '/locales/fr/common.json', '/favicon.ico']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-powered-by'], path).toBeUndefined();
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['permissions-policy'], path).toContain('payment=()');
    // The test site is plain HTTP: telling browsers to insist on HTTPS would lock them out of it.
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
  const page = await request.get('/de');
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(page.headers()['content-security-policy']!)?.[1];
  const html = await page.text();
  expect(nonce).toBeTruthy();
  const codeTags = html.match(/<script[^>]*\bsrc=[^>]*>/g) ?? [];
  expect(codeTags.length).toBeGreaterThan(0);
  for (const tag of codeTags) expect(tag).toContain(`nonce="${nonce}"`);
  // docs/security.md "Headers": no inline code at all; an inline script is JSON the page reads, which the CSP does not run.
  for (const tag of html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(tag).toMatch(/type="application\/(?:ld\+)?json"/);
});

test('the head has canonical, alternates with x-default, keywords, viewport and favicon, and no DNS-prefetch meta (docs/routing.md "Page head")', async ({
  request,
}) => {
  const html = await (await request.get('/ja/netflix-downloader')).text();
  expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/ja/netflix-downloader">`);
  for (const hreflang of ['en', 'fr', 'zh-Hant', 'ja', 'de', 'es', 'pt', 'it', 'x-default']) expect(html).toContain(`hreflang="${hreflang}"`);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain('<link rel="icon" href="/favicon.ico">');
  expect(html).not.toContain('x-dns-prefetch-control');
  expect(html).toMatch(/<meta name="keywords" content="[^"]*">/);
  expect((await request.get('/favicon.ico')).headers()['content-type']).toBe('image/x-icon');
});

test('dictionaries are served per page with the spec extras and fall back to English', async ({ request }) => {
  const common = await request.get('/locales/it/common.json');
  expect(common.status()).toBe(200);
  expect((await common.json()).nav.posts).toBe(readText('it', 'common', 'nav.posts'));
  // The same for every visitor: the edge keeps it until its owner's release switches; browsers revalidate (docs/i18n.md).
  expect(common.headers()['cache-control']).toBe('public, max-age=0, s-maxage=300, must-revalidate');
  expect((await request.get('/locales/it/common.json', { headers: { 'if-none-match': common.headers().etag! } })).status()).toBe(304);
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

test('landing endpoints refuse bad input with 400, 413 or 415 and a problem per field', async ({ request }) => {
  const origin = { origin: E2E_BASE_URL };
  const huge = await request.post('/api/landing/contact', {
    headers: origin,
    form: { name: 'Ana', email: 'ana@example.com', topic: 'other', message: 'x'.repeat(1024 * 1024) },
    maxRedirects: 0,
  });
  expect(huge.status()).toBe(413);
  const nul = await request.post('/api/landing/contact', {
    headers: origin,
    data: { name: 'A\u0000na', email: 'ana@example.com', topic: 'other', message: 'twenty characters or more' },
  });
  expect(nul.status()).toBe(400);
  expect((await nul.json()).problems).toMatchObject({ name: 'invalid' });
  const malformed = await request.post('/api/landing/uninstall-feedback', {
    headers: { ...origin, 'content-type': 'application/json' },
    data: '{"reason":',
  });
  expect(malformed.status()).toBe(400);
  const xml = await request.post('/api/landing/uninstall-feedback', { headers: { ...origin, 'content-type': 'application/xml' }, data: '<reason/>' });
  expect(xml.status()).toBe(415);
  for (const path of [
    '/product/info?product_id=-1',
    '/product/info?product_id=99999999999',
    '/mlink?p=a%00b',
    '/api/landing/contact/draft?id=x',
    '/category/list?origin_url=%1b',
    '/cookie_set?rk_lang=fr',
  ]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(400);
  }
});

test('the desktop app asks /product/info with its option ids; categories are listed and remembered by /cookie_set', async ({ request }) => {
  // Each app reads soft_version: the Mac option id answers the Mac build's version.
  for (const [productId, version] of [
    [10721, '3.8.2'],
    [10781, '3.8.1'],
  ] as const) {
    const info = await request.get(`/product/info?product_id=${productId}`);
    expect(info.status()).toBe(200);
    expect(await info.json()).toMatchObject({
      cscode: 200,
      data: { product_id: productId, name: 'ReelKeep', soft_version: version, soft_version_mac: '3.8.1' },
    });
  }
  const list = await request.get('/category/list?language=en&origin_url=%2F');
  const { cscode, data } = await readJson(list, categoryListAnswerSchema);
  expect(cscode).toBe(200);
  const hot = data.find((category) => category.uid === 'hot')!;
  const chosen = [hot.uid, hot.children[0]!.uid].join(',');
  const set = await request.get(`/cookie_set?review_category_page_new=${chosen}&return=%2Fcheckout`, { maxRedirects: 0 });
  expect(set.status()).toBe(302);
  expect(set.headers().location).toBe('/checkout');
  expect(set.headers()['set-cookie']).toBe(`review_category_page_new=${encodeURIComponent(chosen)}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax`);
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
