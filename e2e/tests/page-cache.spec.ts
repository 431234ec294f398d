import type { APIResponse, Browser, BrowserContext } from '@playwright/test';
import { collectBrowserErrors, expect, readJson, readText, registerWithoutJavaScript, test } from '../fixtures.ts';
import { cacheClearedAnswerSchema, cacheKeysAnswerSchema, cacheStatsAnswerSchema } from '../operator-answers.ts';
import { sendRaw } from '../raw-client.ts';
import { E2E_OWNER_KEY, E2E_BASE_URL, E2E_CONSENT_STATE } from '../test-site.ts';

/**
 * The in-process page cache of the embedded default (docs/operations.md "Page cache"): visitors of different price
 * variants and login states never get each other's page; a cached page runs under its CSP; the admin operations work
 * and refuse strangers. The same behind Varnish, on the full topology, is topology.spec.ts.
 */
const ADMIN = { authorization: `Bearer ${E2E_OWNER_KEY}` };
/** The admin journey sends its refused calls from an address of its own, so its failures lock nobody else out. */
const STRANGER = '127.0.0.87';

let unique = 0;
/** A page path no journey visited yet (the landing page ignores the `e2e` query, the cache keeps it apart). */
const freshPath = (path: string) => `${path}?e2e=${Date.now()}-${(unique += 1)}`;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A visitor who already has a price variant (a returning visitor): nothing to assign, so their pages may come from the cache. */
async function openVisitor(browser: Browser, variant: string, storageState: StorageState = E2E_CONSENT_STATE): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState });
  await context.addCookies([{ name: 'abPlanPrice', value: variant, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

/** How the page cache served an answer (`x-cache`). */
function xCache(response: APIResponse | Response): string | null | undefined {
  return response instanceof Response ? response.headers.get('x-cache') : response.headers()['x-cache'];
}
const priceVariantOf = (html: string) => /"abPlanPrice":"([a-z_]+)"/.exec(html)?.[1];

test.describe('one site', () => {
  test('visitors with different price variants and login states never see each other’s page', async ({ browser }) => {
    const path = freshPath('/fr/netflix-downloader');
    const a = await openVisitor(browser, 'price_a');
    const b = await openVisitor(browser, 'price_b');

    const firstA = await a.request.get(path);
    expect(xCache(firstA)).toBe('MISS');
    expect(priceVariantOf(await firstA.text())).toBe('price_a');
    expect(xCache(await a.request.get(path))).toBe('HIT');

    const firstB = await b.request.get(path);
    expect(xCache(firstB)).toBe('MISS');
    expect(priceVariantOf(await firstB.text())).toBe('price_b');
    const againB = await b.request.get(path);
    expect(xCache(againB)).toBe('HIT');
    expect(priceVariantOf(await againB.text())).toBe('price_b');

    // A signed-in visitor of the same variant: their page holds their account, so it is never cached.
    const email = `cache-${Date.now()}@example.com`;
    const setup = await browser.newContext({ javaScriptEnabled: false, storageState: E2E_CONSENT_STATE });
    await registerWithoutJavaScript(await setup.newPage(), 'en', { name: 'Cache Visitor', email, password: 'Cache2026pass' });
    const signedIn = await openVisitor(browser, 'price_a', await setup.storageState());
    await setup.close();
    for (let i = 0; i < 2; i += 1) {
      const own = await signedIn.request.get(path);
      expect(xCache(own)).toBe('BYPASS');
      expect(own.headers()['cache-control']).toBe('private, no-store');
      expect(await own.text()).toContain(email);
    }
    const signedInPage = await signedIn.newPage();
    await signedInPage.goto(path);
    await expect(signedInPage.getByRole('link', { name: readText('fr', 'common', 'account.my_account') })).toBeVisible();

    // The anonymous visitor still gets the anonymous page, from the cache, with nothing of the signed-in one.
    const laterA = await a.request.get(path);
    expect(xCache(laterA)).toBe('HIT');
    const htmlA = await laterA.text();
    expect(htmlA).not.toContain(email);
    expect(priceVariantOf(htmlA)).toBe('price_a');
    const pageA = await a.newPage();
    await pageA.goto(path);
    await expect(pageA.getByRole('link', { name: readText('fr', 'common', 'account.login') })).toBeVisible();
    await expect(pageA.getByRole('link', { name: readText('fr', 'common', 'account.my_account') })).toHaveCount(0);
    await Promise.all([a.close(), b.close(), signedIn.close()]);
  });

  test('a page served from the cache runs under its CSP in Chromium: same nonce in header and HTML, no violation', async ({ browser }) => {
    const path = freshPath('/de/netflix-downloader');
    const warm = await openVisitor(browser, 'price_b');
    expect(xCache(await warm.request.get(path))).toBe('MISS');
    await warm.close();

    const visitor = await openVisitor(browser, 'price_b');
    const page = await visitor.newPage();
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const errors = collectBrowserErrors(page);
    const response = await page.goto(path);
    expect(response?.headers()['x-cache']).toBe('HIT');
    const headerNonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
    const html = (await response?.text()) ?? '';
    const codeTags = html.match(/<script[^>]*\bsrc=[^>]*>/g) ?? [];
    expect(codeTags.length).toBeGreaterThan(0);
    for (const tag of codeTags) expect(tag).toContain(`nonce="${headerNonce}"`);
    // docs/operations.md "The CSP nonce": a cached page's inline scripts are data, never code.
    for (const tag of html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(tag).toMatch(/type="application\/(?:ld\+)?json"/);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();
  });

  test('tracking parameters share an entry; uncached routes and new visitors go past the cache; a known page answers 304', async ({ browser }) => {
    const path = freshPath('/fr/store');
    const visitor = await openVisitor(browser, 'price_a');
    expect(xCache(await visitor.request.get(`${path}&utm_source=news&gclid=1`))).toBe('MISS');
    const shared = await visitor.request.get(`${path}&fbclid=2&source=footer&medium=mail`);
    expect(xCache(shared)).toBe('HIT');
    expect(shared.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(shared.headers()['surrogate-key']).toContain('mf-campaign@');

    const etag = shared.headers().etag!;
    const revalidated = await visitor.request.get(path, { headers: { 'if-none-match': etag } });
    expect(revalidated.status()).toBe(304);

    for (const uncached of ['/fr/checkout', '/fr/login', '/fr/sales-campaign', '/fr/uninstallation']) {
      const answer = await visitor.request.get(uncached);
      expect(xCache(answer), uncached).toBe('BYPASS');
      expect(answer.headers()['cache-control'], uncached).toBe('private, no-store');
    }
    // A first visit is assigned its price variant (a cookie): never from the cache.
    const newcomer = await fetch(`${E2E_BASE_URL}${path}`);
    expect(xCache(newcomer)).toBe('BYPASS');
    expect(newcomer.headers.get('set-cookie')).toContain('abPlanPrice=');
    await visitor.close();
  });

  test('the admin operations list, delete, clear by version or tag, reset and count, and refuse strangers', async ({ browser, fixtures }) => {
    for (const [operation, method] of [
      ['', 'GET'],
      ['/keys', 'GET'],
      ['/reset', 'POST'],
    ] as const) {
      expect((await sendRaw({ method, path: `/admin/cache${operation}`, from: STRANGER })).status).toBe(401);
      expect(
        (await sendRaw({ method, path: `/admin/cache${operation}`, from: STRANGER, headers: { authorization: 'Bearer not-the-token-0123456789' } }))
          .status,
      ).toBe(401);
    }

    const path = freshPath('/netflix-downloader');
    const visitor = await openVisitor(browser, 'price_a');
    const visit = async () => xCache(await visitor.request.get(path));
    const admin = (operation: string, body?: object) =>
      fetch(`${E2E_BASE_URL}/admin/cache${operation}`, {
        method: body ? 'POST' : 'GET',
        headers: { ...ADMIN, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    expect(await visit()).toBe('MISS');
    const { keys } = await readJson(await admin('/keys?limit=1000'), cacheKeysAnswerSchema);
    const entry = keys.find((listed) => listed.key.startsWith(`GET ${path} `));
    expect(entry?.tags).toContain(`mf-landing@${fixtures.initial['mf-landing']}`);
    expect(await (await admin('/delete', { keys: [entry!.key] })).json()).toEqual({ deleted: 1 });
    expect(await visit()).toBe('MISS');

    expect(await visit()).toBe('HIT');
    const byVersion = await readJson(await admin('/clear', { version: fixtures.initial['mf-landing'] }), cacheClearedAnswerSchema);
    expect(byVersion.deleted).toBeGreaterThanOrEqual(1);
    expect(await visit()).toBe('MISS');
    const byTag = await readJson(await admin('/clear', { tag: 'locales' }), cacheClearedAnswerSchema);
    expect(byTag.deleted).toBeGreaterThanOrEqual(1);
    expect(await visit()).toBe('MISS');

    expect(await visit()).toBe('HIT');
    const stats = await readJson(await admin(''), cacheStatsAnswerSchema);
    expect(stats.store).toBe('memory');
    expect(stats.hits).toBeGreaterThan(0);
    expect(stats.misses).toBeGreaterThan(0);
    expect(stats.bypass).toBeGreaterThan(0);
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.bytes).toBeGreaterThan(0);
    await admin('/reset', {});
    expect(await (await admin('')).json()).toMatchObject({ entries: 0, bytes: 0 });
    expect(await visit()).toBe('MISS');
    await visitor.close();
  });
});
