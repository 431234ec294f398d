import { LOCALES, toLocalePath } from '@reelkeep/shared-contracts';
import { expect, readText, test } from '../fixtures.ts';

/**
 * One sample path per route of the spec's table whose title comes from its namespace, with the values
 * the title names; landing, blog, article and policy pages are covered by content.spec.ts.
 */
const ROUTES: [path: string, namespace: string, values: Record<string, string>, titleKey?: string][] = [
  ['/', 'home', {}],
  ['/checkout', 'checkout', {}],
  ['/login', 'login', {}],
  ['/register', 'register', {}],
  ['/forgot-password', 'forgot_password', {}],
  ['/reset-password', 'reset_password', {}],
  ['/set-password', 'set_password', {}],
  ['/downloading', 'downloading', {}],
  ['/product-overview', 'product_overview', {}],
  ['/sales-campaign', 'sales_campaign', {}],
  ['/store', 'store', {}],
  ['/event-center', 'event_center', {}],
  ['/pricing', 'campaign', {}, 'pricing.title'],
  ['/aio-special-offer', 'campaign', {}, 'aio.title'],
  ['/contact', 'contact', {}],
  ['/pagelink', 'pagelink', {}],
  ['/ping', 'ping', {}],
  ['/uninstallation', 'uninstallation', {}],
  ['/thanks-for-installing-reelkeep', 'thanks_for_installing', { product: 'ReelKeep' }],
  ['/thanks-for-using-reelkeep-netflix', 'thanks_for_using', { product: 'ReelKeep Netflix Downloader' }],
  ['/movie-downloader', 'movie_downloader', { count: '98' }],
  ['/movie-downloader/42', 'movie_downloader', { count: '98' }],
];

function expectedTitle(locale: string, namespace: string, values: Record<string, string>, titleKey = 'title'): string {
  return readText(locale, namespace, titleKey)
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
    .replace(/\$t\(([^)]+)\)/g, (_, key: string) => readText(locale, namespace, key));
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

for (const locale of LOCALES) {
  test(`every route of the table answers 200 with its title in ${locale}`, async ({ request }) => {
    for (const [path, namespace, values, titleKey] of ROUTES) {
      const url = toLocalePath(locale, path);
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
      expect(unescapeHtml(title ?? ''), url).toBe(expectedTitle(locale, namespace, values, titleKey));
    }
  });
}

test('account pages send anonymous visitors to the login page of their locale', async ({ request }) => {
  for (const locale of LOCALES) {
    const response = await request.get(toLocalePath(locale, '/my-account'), { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(toLocalePath(locale, '/login'));
  }
  const handOff = await request.get('/ja/my-account?token=abc&client_e=YUBleGFtcGxlLmNvbQ', { maxRedirects: 0 });
  expect(handOff.headers().location).toBe('/ja/login?token=abc&client_e=YUBleGFtcGxlLmNvbQ');
});

test('unknown pages, the default-locale prefix and unsupported languages give the localised 404', async ({ request }) => {
  for (const [url, locale] of [
    ['/nope-downloader', 'en'],
    ['/en/checkout', 'en'],
    ['/tr/checkout', 'en'],
    ['/fr/unknown-article', 'fr'],
    ['/thanks-for-installing-nope', 'en'],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    const html = await response.text();
    expect(html, url).toContain('data-status="404"');
    expect(unescapeHtml(html), url).toContain(readText(locale, 'common', 'not_found.title'));
  }
});
