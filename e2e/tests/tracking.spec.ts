import { axeOn } from '../axe.ts';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { E2E_OWNER_KEY, E2E_BASE_URL, E2E_GOOGLE_URL, E2E_TAG_ANALYTICS_URL } from '../test-site.ts';
import { endTheStart, expect, readJson, readText, registerWithoutJavaScript, startTracker, test } from '../fixtures.ts';
import { trackingEventsAnswerSchema, type StoredEvent } from '../operator-answers.ts';

/** The operator's view of the latest events of a kind. */
async function readEvents(event: string): Promise<StoredEvent[]> {
  const response = await fetch(`${E2E_BASE_URL}/api/site/admin/tracking?event=${event}&limit=200`, {
    headers: { authorization: `Bearer ${E2E_OWNER_KEY}` },
  });
  expect(response.status).toBe(200);
  return (await readJson(response, trackingEventsAnswerSchema)).events;
}

/** A visitor who has not answered the consent question yet. */
const freshVisitor = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
const mark = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('the consent card asks once; before the answer events are cookieless, after accepting they carry the visitor id', async ({ browser }) => {
  const context = await freshVisitor(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const visit = mark('consent');
  await page.goto(`/fr/netflix-downloader?e2e=${visit}`);
  // The card comes with the tracker, once the start of the page is over: at the visitor's first key here.
  await endTheStart(page);
  const card = page.getByRole('region', { name: readText('fr', 'common', 'consent.title') });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: readText('fr', 'common', 'consent.policy') })).toHaveAttribute('href', '/fr/cookies-policy');
  expect((await axeOn(page).include('[data-testid=consent-banner]').analyze()).violations).toEqual([]);

  // The page view went out before any answer: stored without an id, and no tracking cookie was set.
  await expect
    .poll(async () => (await readEvents('page_view')).find((event) => event.url?.includes(visit)))
    .toMatchObject({ consent: false, visitor_id: null, source: 'send_beacon' });
  expect((await context.cookies()).filter((cookie) => cookie.name.startsWith('_EA_'))).toEqual([]);

  await card.getByRole('button', { name: readText('fr', 'common', 'consent.accept') }).click();
  await expect(card).toBeHidden();
  const next = mark('consented');
  await page.goto(`/fr/netflix-downloader?e2e=${next}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect
    .poll(async () => (await context.cookies()).map((cookie) => cookie.name).sort())
    .toEqual(expect.arrayContaining(['_EA_GUID', '_EA_PATH_TRK', '_EA_SID', '_EA_TID', '_EA_VT_TS', 'rk_consent']));
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'rk_consent')?.value).toBe('granted');
  const guid = cookies.find((cookie) => cookie.name === '_EA_GUID')!.value;
  await expect
    .poll(async () => (await readEvents('page_view')).find((event) => event.url?.includes(next)))
    .toMatchObject({ consent: true, visitor_id: guid });
  // Answered: the card does not come back, once the tracker that would ask is in.
  await startTracker(page);
  await expect(card).toHaveCount(0);

  // A client-side navigation is a page view too, with the page before it as referrer.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByRole('banner')
    .getByRole('link', { name: readText('fr', 'common', 'nav.posts') })
    .click();
  await expect(page).toHaveURL(/\/fr\/blog\/$/);
  await expect
    .poll(async () => (await readEvents('page_view')).find((event) => event.visitor_id === guid && event.url === `${E2E_BASE_URL}/fr/blog/`))
    .toMatchObject({ consent: true, referer_url: `${E2E_BASE_URL}/fr/netflix-downloader?e2e=${next}` });
  await context.close();
});

test('a visit that leaves before the start of the page is over still counts exactly one page view, with its experiments', async ({ browser }) => {
  const context = await freshVisitor(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const readSent = await recordSentEvents(page);
  // The page's clock stands still (it moves 100 ms a look until the page is hydrated): its quiet 3 s after the load
  // never pass, nobody touches it, so the start never ends and the tracker never comes (docs/routing.md "After the start").
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const visit = mark('bounce');
  await page.goto(`/netflix-downloader?e2e=${visit}`);
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return page.locator('html').getAttribute('data-hydrated');
    })
    .toBe('true');
  await expect.poll(async () => (await readSent()).map((data) => data.event)).toEqual(['page_view']);
  expect(await page.locator('html').getAttribute('data-tracker')).toBeNull();
  // The price experiment's variant goes with it: the visit is in the experiment's denominator.
  expect((await readSent())[0]!.ab_try_list).toEqual([expect.objectContaining({ key: 'netflix_price', version: 'v1', expire_day: 10 })]);
  // The visitor leaves.
  await context.close();
  await expect.poll(async () => (await eventsOfVisit('page_view', visit)).length).toBe(1);
  const [view] = await eventsOfVisit('page_view', visit);
  expect(view).toMatchObject({ consent: false, visitor_id: null, source: 'send_beacon' });
});

test('declining keeps the site cookieless, the footer lets the visitor change their mind, and Global Privacy Control is a standing refusal that is never asked', async ({
  browser,
}) => {
  const context = await freshVisitor(browser);
  const page = await context.newPage();
  await page.goto('/ja');
  await endTheStart(page);
  const card = page.getByRole('region', { name: readText('ja', 'common', 'consent.title') });
  await card.getByRole('button', { name: readText('ja', 'common', 'consent.decline') }).click();
  await expect(card).toBeHidden();
  const visit = mark('declined');
  await page.goto(`/ja/blog/?e2e=${visit}`);
  await expect
    .poll(async () => (await readEvents('page_view')).find((event) => event.url?.includes(visit)))
    .toMatchObject({ consent: false, visitor_id: null });
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).toContain('rk_consent');
  expect(names.filter((name) => /^_(T_)?EA_/.test(name))).toEqual([]);

  // The cookies policy promises a change of mind at any time: the footer asks again.
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: readText('ja', 'common', 'footer.cookie_settings') })
    .click();
  await card.getByRole('button', { name: readText('ja', 'common', 'consent.accept') }).click();
  await expect(card).toBeHidden();
  expect((await context.cookies()).find((cookie) => cookie.name === 'rk_consent')?.value).toBe('granted');
  await page.reload();
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('_EA_GUID');
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: readText('ja', 'common', 'footer.cookie_settings') })
    .click();
  await card.getByRole('button', { name: readText('ja', 'common', 'consent.decline') }).click();
  await expect.poll(async () => (await context.cookies()).filter((cookie) => /^_(T_)?EA_/.test(cookie.name)).length).toBe(0);
  await context.close();

  const gpc = await freshVisitor(browser);
  await gpc.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const gpcPage = await gpc.newPage();
  const gpcVisit = mark('gpc');
  await gpcPage.goto(`/?e2e=${gpcVisit}`);
  // Its page view arrived cookieless, and the tracker, once in, did not ask.
  await expect.poll(async () => (await readEvents('page_view')).find((event) => event.url?.includes(gpcVisit))).toMatchObject({ consent: false });
  await startTracker(gpcPage);
  await expect(gpcPage.getByTestId('consent-banner')).toHaveCount(0);
  await gpc.close();
});

test('a logout is a tracking event, without JavaScript too, and the visitor consent travels with it', async ({ browser }) => {
  const guid = mark('e2e-guid');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: {
      cookies: ['rk_consent=granted', `_EA_GUID=${guid}`].map((pair) => {
        const [name, value] = pair.split('=') as [string, string];
        return { name, value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const };
      }),
      origins: [],
    },
  });
  const page = await context.newPage();
  await registerWithoutJavaScript(page, 'it', { name: 'Giulia', email: `${mark('logout')}@example.com`, password: 'Secret123!' });
  await page
    .getByRole('main')
    .getByRole('button', { name: readText('it', 'my_account', 'logout') })
    .click();
  await expect(page).toHaveURL(/\/it$/);
  const [logout] = (await readEvents('logout')).filter((event) => event.visitor_id === guid);
  expect(logout).toMatchObject({ consent: true, signed_in: true, source: 'server', url: `${E2E_BASE_URL}/it/my-account` });
  await context.close();
});

/** The fields that identify a visitor: none may leave the browser before consent (docs/tracking.md "Cookieless events"). */
const IDENTIFYING = ['email', 'mac', 'token_id', 'tmp_token_id', 'finger_id', 's_id', 'ga_ids'];

/**
 * Every event the page sends to the tracker, decoded as the server reads it: beacons (whose bodies the browser
 * does not show to the test) are read as the page hands them over, the POST fallback from its request.
 */
async function recordSentEvents(page: Page): Promise<() => Promise<Record<string, unknown>[]>> {
  await page.addInitScript(() => {
    const beacons: string[] = [];
    (window as unknown as { __sentBeacons: string[] }).__sentBeacons = beacons;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => {
      if (String(url).endsWith('/api/site/track') && body instanceof Blob) void body.text().then((text) => beacons.push(text));
      return original(url, body);
    };
  });
  const posted: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (request.url().endsWith('/api/site/track') && body) posted.push(body);
  });
  return async () => {
    const beacons = await page.evaluate(() => (window as unknown as { __sentBeacons: string[] }).__sentBeacons);
    return [...beacons, ...posted].map((body) => {
      const envelope = JSON.parse(body) as { data: string; mode: number; upload_id: string };
      const data = JSON.parse(envelope.mode === 1 ? envelope.data : Buffer.from(envelope.data, 'base64').toString('utf8')) as Record<string, unknown>;
      return { ...data, upload_id: envelope.upload_id };
    });
  };
}

/** The stored events of one page visit (its URL carries `visit`), oldest first. */
const eventsOfVisit = async (event: string, visit: string) => (await readEvents(event)).filter((stored) => stored.url?.includes(visit)).reverse();

test('a guide counts hovers after 300 ms, its call to action once when half on screen, and a tracked link once per 2 s; all cookieless before consent', async ({
  browser,
}) => {
  const context = await freshVisitor(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const readSent = await recordSentEvents(page);
  const thirdParty: string[] = [];
  page.on('request', (request) => void (request.url().startsWith(E2E_GOOGLE_URL) && thirdParty.push(request.url())));
  const visit = mark('guide');
  await page.goto(`/batch-download-a-whole-series?e2e=${visit}`);
  // The page view goes out as the page starts; the tracker, which counts the rest, once the start is over.
  await expect.poll(async () => (await eventsOfVisit('page_view', visit)).length).toBe(1);
  await startTracker(page);

  // Exposure: nothing while the call to action is below the fold, one event once half of it shows, none after.
  const cta = page.locator('[data-track-exposure="article_cta"]');
  await page.waitForTimeout(300);
  expect((await readSent()).filter((data) => data.event === 'exposure')).toEqual([]);
  await cta.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await eventsOfVisit('exposure', visit)).map((stored) => stored.event_label)).toEqual(['article_cta']);
  await page.mouse.wheel(0, -4000);
  await cta.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect((await readSent()).filter((data) => data.event === 'exposure')).toHaveLength(1);

  // From here the page's clock is ours: the throttles are measured in its time, not the machine's (a paused clock
  // also stops animation frames, so the actions skip their wait for a still element).
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const button = cta.getByRole('link');
  await button.hover({ force: true });
  await page.clock.runFor(250);
  await page.mouse.move(5, 5);
  await page.clock.runFor(1_000);
  await button.hover({ force: true });
  await page.clock.runFor(300);
  await expect
    .poll(async () => (await eventsOfVisit('hover', visit)).map((stored) => [stored.event_label, stored.event_target]))
    .toEqual([['article_cta', '/downloading']]);
  expect((await readSent()).filter((data) => data.event === 'hover')).toHaveLength(1);

  // A table-of-contents link is a guide jump: a second click within 2 s is the same one, one after 2 s counts.
  const toc = page.locator('[data-track-event="guide_jump"]').getByRole('link').first();
  const jumpTarget = `/batch-download-a-whole-series?e2e=${visit}#${(await toc.getAttribute('href'))!.slice(1)}`;
  await page.mouse.move(5, 5);
  // At the end of the article the sticky side column (contents, then the guide's sidebar) has scrolled under the header.
  await page.evaluate(() => window.scrollTo(0, 0));
  await toc.click({ force: true });
  await page.clock.runFor(1_999);
  await toc.click({ force: true });
  await page.clock.runFor(1);
  await toc.click({ force: true });
  await expect.poll(async () => (await eventsOfVisit('guide_jump', visit)).map((stored) => stored.event_target)).toEqual([jumpTarget, jumpTarget]);
  await page.waitForTimeout(500);
  const sent = await readSent();
  expect(sent.filter((data) => data.event === 'guide_jump')).toHaveLength(2);

  // Nothing identifying left the browser, no tracking cookie was set, no third party was asked for anything.
  expect(sent.length).toBeGreaterThanOrEqual(5);
  for (const data of sent) {
    expect(Object.keys(data).filter((field) => IDENTIFYING.includes(field))).toEqual([]);
    expect(data.upload_id).toMatch(/^anon-/);
  }
  for (const event of ['page_view', 'exposure', 'hover', 'guide_jump'])
    for (const stored of await eventsOfVisit(event, visit)) expect(stored).toMatchObject({ consent: false, visitor_id: null });
  expect((await context.cookies()).filter((cookie) => /^_(T_)?EA_/.test(cookie.name))).toEqual([]);
  expect(thirdParty).toEqual([]);
  await context.close();
});

test('tag analytics and fingerprinting run only once the visitor accepts, never under Global Privacy Control, and the CSP admits the tag only because it is configured', async ({
  browser,
}) => {
  const tagOrigin = new URL(E2E_TAG_ANALYTICS_URL).origin;
  const gpc = await freshVisitor(browser);
  await gpc.addCookies([
    { name: 'rk_consent', value: 'granted', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
  ]);
  await gpc.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const gpcPage = await gpc.newPage();
  const gpcRequests: string[] = [];
  gpcPage.on('request', (request) => void (request.url().startsWith(tagOrigin) && gpcRequests.push(request.url())));
  const gpcVisit = mark('third-gpc');
  await gpcPage.goto(`/fr/netflix-downloader?e2e=${gpcVisit}`);
  await expect.poll(async () => (await eventsOfVisit('page_view', gpcVisit)).length).toBe(1);
  await startTracker(gpcPage);
  await gpcPage.waitForTimeout(1_000);
  expect(gpcRequests).toEqual([]);
  expect(await gpcPage.evaluate(() => 'dataLayer' in window)).toBe(false);
  expect((await gpc.cookies()).filter((cookie) => /_(FID|DID)$/.test(cookie.name))).toEqual([]);
  await gpc.close();

  const context = await freshVisitor(browser);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => void (request.url().startsWith(tagOrigin) && requests.push(request.url())));
  const response = await page.goto('/fr/netflix-downloader');
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toMatch(new RegExp(`script-src [^;]*${tagOrigin.replace(/[.:/]/g, '\\$&')}`));
  expect(csp).toContain('https://m1.openfpcdn.io');
  await endTheStart(page);
  const card = page.getByRole('region', { name: readText('fr', 'common', 'consent.title') });
  await expect(card).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(requests).toEqual([]);
  expect((await context.cookies()).filter((cookie) => /_(FID|DID)$/.test(cookie.name))).toEqual([]);

  await card.getByRole('button', { name: readText('fr', 'common', 'consent.accept') }).click();
  // The tag ran (the CSP let it) with the site's configuration, and the fingerprint filled its cookies.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __tagAnalyticsCommands?: string[][] }).__tagAnalyticsCommands?.[1]))
    .toEqual(['config', 'G-E2E0001']);
  expect(requests).toEqual([E2E_TAG_ANALYTICS_URL]);
  await expect
    .poll(async () =>
      (await context.cookies())
        .filter((cookie) => /^_EA_(FID|DID)$/.test(cookie.name))
        .map((cookie) => cookie.name)
        .sort(),
    )
    .toEqual(['_EA_DID', '_EA_FID']);
  const cookies = await context.cookies();
  const fingerprint = cookies.find((cookie) => cookie.name === '_EA_FID')!;
  expect(fingerprint.value).toMatch(/^[\w-]{8,64}$/);
  expect(fingerprint.expires - Date.now() / 1000).toBeGreaterThan(29 * 86_400);
  expect(cookies.find((cookie) => cookie.name === '_EA_DID')!.expires - Date.now() / 1000).toBeLessThanOrEqual(86_400);

  // A refusal takes the fingerprint away again.
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: readText('fr', 'common', 'footer.cookie_settings') })
    .click();
  await card.getByRole('button', { name: readText('fr', 'common', 'consent.decline') }).click();
  await expect.poll(async () => (await context.cookies()).filter((cookie) => /_(FID|DID)$/.test(cookie.name)).length).toBe(0);
  await context.close();
});

test('a link to a configured partner carries the page it was on, and the visitor and session only after consent', async ({ browser }) => {
  const followed = async (consent: 'denied' | 'granted') => {
    const context = await freshVisitor(browser);
    await context.addCookies([
      { name: 'rk_consent', value: consent, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    // The partner's site is not reachable from here: its answer is made up, what matters is the address asked for.
    await page.route('https://help.partner.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>partner</p>' }));
    const visit = mark(`outbound-${consent}`);
    await page.goto(`/fr/netflix-downloader?e2e=${visit}&email=ana@example.com`);
    await expect.poll(async () => (await eventsOfVisit('page_view', visit)).length).toBe(1);
    // With consent the first page view's answer brings the session id; its cookie is written when the answer arrives.
    if (consent === 'granted') await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('_EA_SID');
    // The links are the tracker's, which comes once the start of the page is over.
    await startTracker(page);
    // A page's content links to the partner (as an article or a campaign may).
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = 'https://help.partner.example/start?lang=fr';
      link.textContent = 'Partner help';
      document.querySelector('main')!.prepend(link);
    });
    const request = page.waitForRequest((candidate) => candidate.url().startsWith('https://help.partner.example/'));
    await page.getByRole('link', { name: 'Partner help' }).click();
    const url = new URL((await request).url());
    const cookies = await context.cookies();
    await context.close();
    return { params: Object.fromEntries(url.searchParams), cookies, visit };
  };

  const declined = await followed('denied');
  expect(declined.params).toEqual({ lang: 'fr', _csrc_: `/fr/netflix-downloader?e2e=${declined.visit}` });

  const accepted = await followed('granted');
  const guid = accepted.cookies.find((cookie) => cookie.name === '_EA_GUID')!.value;
  expect(accepted.params).toEqual({
    lang: 'fr',
    _cut_: guid,
    _cus_: accepted.cookies.find((cookie) => cookie.name === '_EA_SID')!.value,
    _csrc_: `/fr/netflix-downloader?e2e=${accepted.visit}`,
  });
});
