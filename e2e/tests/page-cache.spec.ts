import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { APIResponse, Browser, BrowserContext } from '@playwright/test';
import { startVarnish, type RunningVarnish } from '@reelkeep/platform/edge/start-varnish';
import { CLUSTER_DATABASE_URL, CLUSTER_HOOK_TIMEOUT_MS, startCluster, type Cluster } from '../cluster.ts';
import { collectBrowserErrors, expect, readJson, readText, registerWithoutJavaScript, test } from '../fixtures.ts';
import { adminReleasesAnswerSchema, cacheClearedAnswerSchema, cacheKeysAnswerSchema, cacheStatsAnswerSchema } from '../operator-answers.ts';
import { sendRaw } from '../raw-client.ts';
import { E2E_OWNER_KEY, E2E_BASE_URL, E2E_CONSENT_STATE, E2E_DIR, E2E_PORT } from '../test-site.ts';

/**
 * The page cache (docs/operations.md "Page cache"): visitors of different price variants and login states
 * never get each other's page; a cached page runs under its CSP; the admin operations work and refuse
 * strangers; behind Varnish, two instances' pages are shared, kept apart by variant, purged by tag on a promote
 * under load, and client addresses come through the trusted proxy.
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

/** One request to the edge (or an instance) from a chosen loopback address: each is a client of its own. */
function requestFrom(
  base: string,
  options: { from: string; path: string; headers?: Record<string, string>; method?: string; body?: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${options.path}`,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, localAddress: options.from },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A wrk script: GETs of `paths` in turn, as a returning visitor of one price variant with a browser's headers. */
function writeLoadScript(file: string, paths: readonly string[]): string {
  writeFileSync(
    file,
    [
      `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }`,
      'local i = 0',
      'request = function()',
      '  i = i + 1',
      `  return wrk.format("GET", paths[(i % #paths) + 1], { ["Cookie"] = "abPlanPrice=price_a", ["Accept-Encoding"] = "gzip", ["User-Agent"] = ${JSON.stringify(WINDOWS_AGENT)} })`,
      'end',
    ].join('\n'),
  );
  return file;
}

const WINDOWS_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';

/**
 * docs/operations.md "Varnish in front": two instances sharing PostgreSQL and Redis behind a real Varnish with the
 * repository's VCL (ports E2E_PORT + 5 and + 6), as production runs them; the instances trust Varnish's loopback
 * address for X-Forwarded-For and purge it by tag.
 */
test.describe('two instances behind Varnish', () => {
  let cluster: Cluster;
  let varnish: RunningVarnish;
  const EDGE_PORT = E2E_PORT + 5;
  const edge = `http://127.0.0.1:${EDGE_PORT}`;
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test.skip(!CLUSTER_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL)');

  test.beforeAll(async ({ fixtures }) => {
    test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
    const offset = 60;
    varnish = await startVarnish({
      listenPort: EDGE_PORT,
      adminPort: E2E_PORT + 6,
      backends: [1, 2].map((index) => ({ host: '127.0.0.1', port: E2E_PORT + offset + index })),
      workDir: path.join(E2E_DIR, 'varnish-page-cache'),
      stdio: 'ignore',
    });
    cluster = await startCluster({
      name: 'reelkeep_e2e_page_cache',
      offset,
      instances: 2,
      live: fixtures.initial,
      siteUrl: edge,
      env: { TRUSTED_PROXIES: '127.0.0.1', EDGE_PURGE_URLS: varnish.purgeUrl },
    });
    // Varnish sends traffic to an instance once its health probe has passed: until then a page is Varnish's 503.
    await expect.poll(async () => (await fetch(`${edge}/favicon.ico`).catch(() => null))?.status, { timeout: 30_000, intervals: [250] }).toBe(200);
  });
  test.afterAll(async () => {
    test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
    await cluster?.stop();
    await varnish?.stop();
  });

  const liveCampaign = async (site: string) =>
    (await readJson(await fetch(`${site}/admin/releases`, { headers: ADMIN }), adminReleasesAnswerSchema)).live['mf-campaign'];
  const visitEdge = (path: string, cookie: string) =>
    fetch(`${edge}${path}`, { headers: { cookie, 'user-agent': WINDOWS_AGENT, 'accept-encoding': 'gzip' } });

  test('a page comes from Varnish the second time; two price variants and a signed-in visitor never see each other’s page', async ({ browser }) => {
    const path = freshPath('/fr/netflix-downloader');
    const firstA = await visitEdge(path, 'abPlanPrice=price_a');
    expect(xCache(firstA)).toBe('MISS');
    expect(priceVariantOf(await firstA.text())).toBe('price_a');
    const againA = await visitEdge(path, 'abPlanPrice=price_a; rk_consent=denied');
    expect(xCache(againA)).toBe('HIT');
    // Two transaction ids: this request's and the one of the fetch whose object it was served.
    expect(againA.headers.get('x-varnish')).toMatch(/^\d+ \d+$/);
    expect(Number(againA.headers.get('age'))).toBeGreaterThanOrEqual(0);
    const firstB = await visitEdge(path, 'abPlanPrice=price_b');
    expect(xCache(firstB)).toBe('MISS');
    expect(priceVariantOf(await firstB.text())).toBe('price_b');
    expect(priceVariantOf(await (await visitEdge(path, 'abPlanPrice=price_b')).text())).toBe('price_b');

    // A signed-in visitor through the edge: registered through it (its POSTs pass), their page never kept.
    const email = `edge-${Date.now()}@example.com`;
    const context = await browser.newContext({ baseURL: edge, javaScriptEnabled: false, storageState: E2E_CONSENT_STATE });
    await context.addCookies([{ name: 'abPlanPrice', value: 'price_a', domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
    await registerWithoutJavaScript(await context.newPage(), 'en', { name: 'Edge Visitor', email, password: 'Edge2026pass' });
    for (let i = 0; i < 2; i += 1) {
      const own = await context.request.get(path, { headers: { 'user-agent': WINDOWS_AGENT } });
      expect(xCache(own)).toBe('PASS');
      expect(own.headers()['cache-control']).toBe('private, no-store');
      expect(await own.text()).toContain(email);
    }
    await context.close();
    const laterA = await visitEdge(path, 'abPlanPrice=price_a');
    expect(xCache(laterA)).toBe('HIT');
    const htmlA = await laterA.text();
    expect(htmlA).not.toContain(email);
    expect(priceVariantOf(htmlA)).toBe('price_a');
    // A first visit is assigned its variant (a cookie): it reaches an instance, and nobody else gets that answer.
    const newcomers = [await fetch(`${edge}${path}`), await fetch(`${edge}${path}`)];
    for (const newcomer of newcomers) expect(newcomer.headers.get('set-cookie')).toContain('abPlanPrice=');
    for (const newcomer of newcomers) expect(xCache(newcomer)).not.toBe('HIT');
  });

  test('behind Varnish, wrong admin tokens lock out the guessing client only; a forged X-Forwarded-For counts under the real address', async () => {
    const guess = (base: string, from: string, attempt: number, forwardedFor?: string) =>
      requestFrom(base, {
        from,
        path: '/admin/cache',
        headers: { authorization: `Bearer wrong-${attempt}-0123456789`, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      });
    const guesses: number[] = [];
    for (let i = 0; i < 11; i += 1) guesses.push(await guess(edge, '127.0.0.91', i));
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
    // Another client behind the same Varnish is not locked out.
    expect(await requestFrom(edge, { from: '127.0.0.92', path: '/admin/cache', headers: ADMIN })).toBe(200);
    // A client forging X-Forwarded-For through Varnish: Varnish adds its real address, which the instance counts.
    const forged: number[] = [];
    for (let i = 0; i < 11; i += 1) forged.push(await guess(edge, '127.0.0.93', i, `198.51.100.${i + 1}`));
    expect(forged.at(-1)).toBe(429);
    // The same straight to an instance, which trusts only Varnish's address: the header is not read at all.
    const direct: number[] = [];
    for (let i = 0; i < 11; i += 1) direct.push(await guess(cluster.sites[0]!, '127.0.0.94', i, `198.51.100.${i + 1}`));
    expect(direct.at(-1)).toBe(429);
    expect(await requestFrom(edge, { from: '127.0.0.95', path: '/admin/cache', headers: ADMIN })).toBe(200);
  });

  test('behind Varnish, wrong passwords lock out the guessing client address only, never another visitor', async () => {
    // ACCOUNT_RATE_LIMIT (10 by default, 40 on the test site) wrong passwords for one e-mail from one client address,
    // then 429 (docs/security.md "Ways into an account"); the address is the client's, read behind the trusted Varnish.
    const target = `guessed-${Date.now()}@example.com`;
    const wrongPassword = (from: string) =>
      requestFrom(edge, {
        from,
        method: 'POST',
        path: '/api/account/login',
        headers: { origin: edge, 'content-type': 'application/json' },
        body: JSON.stringify({ email: target, password: 'WrongPass1' }),
      });
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 41; attempt += 1) guesses.push(await wrongPassword('127.0.0.96'));
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.at(-1)).toBe(429);
    // Another visitor behind the same Varnish still gets an answer about the password, not the lock-out.
    expect(await wrongPassword('127.0.0.97')).toBe(401);
  });

  test('a promote of one remote under wrk load purges exactly the pages naming it: no error, no page naming the retired version', async ({
    fixtures,
  }) => {
    const next = fixtures.campaignNext;
    const retired = fixtures.initial['mf-campaign']!;
    const names = (html: string, version: string) => html.includes(`/static/mf-campaign/${version}/`);
    // Pages (each names every live remote's container today, so each carries the remote's tag) and answers the edge
    // keeps without tags (robots.txt, the sitemap index): a purge by tag must leave the latter alone.
    const candidates = ['/store', '/fr/store', '/netflix-downloader', '/de/event-center', '/robots.txt', '/sitemap.xml'];
    // Which answers name the remote: the instances' own answers carry their tags.
    const tagged = new Map<string, boolean>();
    for (const path of candidates) {
      const own = await fetch(`${cluster.sites[0]}${path}`, { headers: { cookie: 'abPlanPrice=price_a', 'user-agent': WINDOWS_AGENT } });
      if (own.status !== 200) continue;
      tagged.set(path, (own.headers.get('surrogate-key') ?? '').split(' ').includes(`mf-campaign@${retired}`));
    }
    const paths = [...tagged.keys()];
    expect([...tagged.values()]).toContain(true);
    expect([...tagged.values()]).toContain(false);
    for (const path of paths) await visitEdge(path, 'abPlanPrice=price_a');
    for (const path of paths) expect(xCache(await visitEdge(path, 'abPlanPrice=price_a')), path).toBe('HIT');

    const script = writeLoadScript(path.join(E2E_DIR, 'edge-load.lua'), paths);
    const load = new Promise<string>((resolve, reject) =>
      execFile('wrk', ['-t1', '-c8', '-d8s', '--latency', '-s', script, `${edge}/`], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await cluster.release('promote', 'mf-campaign', next);
    for (const site of cluster.sites) await expect.poll(() => liveCampaign(site), { timeout: 20_000 }).toBe(next);
    const report = await load;
    expect(report, report).not.toMatch(/Non-2xx or 3xx responses/);
    expect(report, report).not.toMatch(/Socket errors/);
    expect(Number(/(\d+) requests in/.exec(report)?.[1])).toBeGreaterThan(100);

    // Afterwards: no page names the retired version; what never named it was not purged.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const path of paths) {
      const answer = await visitEdge(path, 'abPlanPrice=price_a');
      const html = await answer.text();
      expect(names(html, retired), path).toBe(false);
      if (tagged.get(path)) expect(names(html, next), path).toBe(true);
      else expect(Number(answer.headers.get('age')), `${path} kept through the promote`).toBeGreaterThanOrEqual(8);
    }
  });
});
