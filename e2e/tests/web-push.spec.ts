import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { E2E_OWNER_KEY, E2E_BASE_URL, E2E_CONSENT_STATE, E2E_RELEASES_DIR } from '../test-site.ts';
import { PUSH_EVENT_ENDPOINT, PUSH_PROMPT_DELAY_MS } from '@reelkeep/shared-contracts/push-contract';
import { pushQueuedAnswerSchema } from '@reelkeep/shared-contracts/push';
import { startDesktopNotificationServer } from '../desktop-notifications.ts';
import { PUSH_PROMPTED_SESSION_KEY } from '../../shell/src/webpush/push-prompt-rules.ts';
import { AFTER_THE_START_IDLE_TIMEOUT_MS, QUIET_AFTER_LOAD_MS } from '../../shell/src/after-the-start.ts';
import { closeCampaignDialogs, expect, readJson, readText, registerWithoutJavaScript, test } from '../fixtures.ts';

/**
 * Web push in Chromium (docs/push.md). What cannot run here: Chromium's `pushManager.subscribe` needs its
 * vendor push service (FCM). In an incognito context (Playwright's `newContext`) it refuses at once ("does
 * not support the Push API in incognito mode"); in a real profile it waits forever for a registration that
 * cannot reach Google. So the journeys use a real profile and replace only that one browser call, by an
 * init script, with a subscription made the way a browser makes it (a P-256 key pair and a 16-byte auth
 * secret from WebCrypto, an https endpoint): the site's own code registers the worker, fetches the key,
 * subscribes and reports. Messages reach the worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), as a push service would hand them to the browser, and Chromium shows
 * their notifications on a stand-in desktop (`../desktop-notifications.ts`), which clicks them the way a
 * desktop does.
 */

const PUSH_SERVICE_STAND_IN = `
  (() => {
    const encode = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    let made = null;
    const make = async () => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const p256dh = await crypto.subtle.exportKey('raw', pair.publicKey);
      const auth = crypto.getRandomValues(new Uint8Array(16)).buffer;
      const endpoint = 'https://push.e2e.invalid/send/' + encode(crypto.getRandomValues(new Uint8Array(12)).buffer);
      return { endpoint, expirationTime: null, options: {}, getKey: (name) => (name === 'auth' ? auth : p256dh), unsubscribe: async () => { made = null; return true; }, toJSON: () => ({ endpoint, keys: { auth: encode(auth), p256dh: encode(p256dh) } }) };
    };
    PushManager.prototype.subscribe = async function () { made = made ?? (await make()); return made; };
    PushManager.prototype.getSubscription = async function () { return made; };
  })();
`;

/** A visitor with a real browser profile (the Push API is off in incognito), notifications allowed, shown on `desktopBus` when given. */
async function openVisitor(desktopBus?: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'e2e-push-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: E2E_BASE_URL,
    ...(desktopBus ? { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: desktopBus } } : {}),
  });
  await context.addCookies(E2E_CONSENT_STATE.cookies);
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(PUSH_SERVICE_STAND_IN);
  // A profile of its own misses the fixture's context: the campaign's coupon modal would cover the push offer.
  await context.addInitScript(closeCampaignDialogs);
  return context;
}

/** The id of the shell's chunk that holds the push offer (the one whose code uses its session key). */
function findPushOfferChunk(shellVersion: string): number {
  const dir = path.join(E2E_RELEASES_DIR, 'shell', shellVersion, 'browser');
  const file = readdirSync(dir).find(
    (name) => /^\d+\..*\.js$/.test(name) && readFileSync(path.join(dir, name), 'utf8').includes(PUSH_PROMPTED_SESSION_KEY),
  );
  if (!file) throw new Error(`no chunk of shell@${shellVersion} holds the push offer`);
  return Number(file.split('.')[0]);
}

/** Whether the page has run the push offer's code: the shell's chunk loader lists the chunks it ran. */
async function hasPushOfferCode(page: Page, chunk: number): Promise<boolean> {
  return page.evaluate((id) => ((globalThis as { rspackChunkshell?: [number[]][] }).rspackChunkshell ?? []).some(([ids]) => ids.includes(id)), chunk);
}

/**
 * Stops the clock of every page of `context` (docs/push.md: the offer's 7 s pass when the journey says, not in real
 * seconds); `openOnClock` then moves it as far as a page needs to load.
 */
async function stopClock(context: BrowserContext): Promise<void> {
  await context.clock.install();
  await context.clock.pauseAt(Date.now() + 1_000);
}

/**
 * Opens `url` on the stopped clock and waits until the push offer's code has loaded: the page's clock moves 100 ms per
 * look until it is hydrated, then to the end of the start (the offer's code is fetched once the start of a page nobody
 * touches is over: 3 s after its load event and an idle moment, docs/routing.md "After the start").
 */
async function openOnClock(page: Page, url: string, chunk: number): Promise<void> {
  await page.goto(url);
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return page.locator('html').getAttribute('data-hydrated');
    })
    .toBe('true');
  await page.clock.runFor(QUIET_AFTER_LOAD_MS + AFTER_THE_START_IDLE_TIMEOUT_MS);
  await expect.poll(() => hasPushOfferCode(page, chunk)).toBe(true);
  // Mounted and decided: React renders on its own schedule (not the page's timers) once the code is there.
  await page.waitForTimeout(300);
}

/** A visitor staying on a page well past the offer's 7 s, on the page's clock, once its code has loaded. */
async function stayPastPushDelay(page: Page, url: string, chunk: number): Promise<void> {
  await openOnClock(page, url, chunk);
  for (let ran = 0; ran <= PUSH_PROMPT_DELAY_MS; ran += 1_000) await page.clock.runFor(1_000);
  await page.waitForTimeout(500);
}

test('the push worker answers at its own path, with its own policy, never from the page cache', async ({ request }) => {
  const response = await request.get('/webpush/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['content-security-policy']).toBe("default-src 'none'; connect-src 'self'; script-src 'self'");
  expect(response.headers()['x-cache']).toBeUndefined();
  expect(response.headers()['service-worker-allowed']).toBeUndefined();
  expect(await response.text()).toContain('notificationclick');
});

test('with notifications allowed, a page reports its subscription 7 s after it loads; checkout never does', async ({ fixtures }) => {
  test.setTimeout(60_000);
  const chunk = findPushOfferChunk(fixtures.initial.shell!);
  const context = await openVisitor();
  try {
    const page = await context.newPage();
    const reports: Request[] = [];
    page.on('request', (request) => request.url().endsWith('/sub/register') && reports.push(request));
    await stopClock(context);
    await openOnClock(page, '/fr/netflix-downloader', chunk);
    const loadedFor = await page.evaluate(() => performance.now());
    expect(loadedFor, 'the offer loaded before its 7 s were up').toBeLessThan(PUSH_PROMPT_DELAY_MS - 100);
    await page.clock.runFor(PUSH_PROMPT_DELAY_MS - 100 - loadedFor);
    await page.waitForTimeout(500);
    expect(reports, 'nothing reported before 7 s').toEqual([]);
    const answered = page.waitForResponse((response) => response.url().endsWith('/sub/register'));
    await page.clock.runFor(200);
    const answer = await answered;
    expect(await answer.json()).toEqual({ code: 200 });
    const payload = reports[0]!.postDataJSON() as Record<string, unknown>;
    expect(payload).toEqual({
      language: 'fr',
      diff_time: expect.any(Number),
      device_model: expect.any(String),
      app_id: 'reelkeep-site',
      endpoint: expect.stringMatching(/^https:\/\/push\.e2e\.invalid\/send\//),
      auth: expect.stringMatching(/^[\w-]{22}$/),
      pdhkey: expect.stringMatching(/^B[\w-]{86}$/),
      explorer: 'Chrome',
      explorer_version: expect.stringMatching(/^\d+$/),
    });
    const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/webpush/'))?.active?.scriptURL);
    expect(registration).toBe(`${E2E_BASE_URL}/webpush/sw.js`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'rk_push')?.value).toBe('subscribed');

    // Once a session: the next page of the same tab reports nothing.
    await stayPastPushDelay(page, '/fr/store', chunk);
    expect(reports).toHaveLength(1);

    // A new tab is a new session, but checkout never subscribes.
    const checkout = await context.newPage();
    checkout.on('request', (request) => request.url().endsWith('/sub/register') && reports.push(request));
    await stayPastPushDelay(checkout, '/checkout', chunk);
    expect(reports).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test('without an earlier answer the page offers notifications; "No thanks" is kept and never asked again', async ({ fixtures }) => {
  test.setTimeout(60_000);
  const chunk = findPushOfferChunk(fixtures.initial.shell!);
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'e2e-push-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: E2E_BASE_URL,
  });
  try {
    await context.addCookies(E2E_CONSENT_STATE.cookies);
    await context.addInitScript(closeCampaignDialogs);
    const page = await context.newPage();
    await stopClock(context);
    await openOnClock(page, '/de/', chunk);
    const card = page.getByRole('dialog', { name: readText('de', 'common', 'push_prompt.title') });
    await expect(card).toHaveCount(0);
    // Its 7 s are counted from when no other prompt is on screen (the consent card is answered already).
    await page.clock.runFor(PUSH_PROMPT_DELAY_MS + 500);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: readText('de', 'common', 'push_prompt.decline') }).click();
    await expect(card).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === 'rk_push')?.value).toBe('declined');

    const next = await context.newPage();
    await stayPastPushDelay(next, '/de/', chunk);
    await expect(next.getByRole('dialog', { name: readText('de', 'common', 'push_prompt.title') })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a message pushed to the worker shows its notification; a click opens its site page or focuses it when open, and an off-site target opens the home page', async () => {
  test.setTimeout(90_000);
  const desktop = await startDesktopNotificationServer();
  const context = await openVisitor(desktop.address);
  try {
    const page = await context.newPage();
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/webpush/sw.js', { scope: '/webpush/' });
      await navigator.serviceWorker.getRegistration('/webpush/').then((registration) => registration?.installing ?? registration?.waiting);
    });
    await expect.poll(() => registrations.find((entry) => entry.scopeURL === `${E2E_BASE_URL}/webpush/`)).toBeTruthy();
    const registration = registrations.find((entry) => entry.scopeURL === `${E2E_BASE_URL}/webpush/`)!;
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/webpush/'))?.active))).toBe(true);

    const message = {
      title: readText('ja', 'push', 'sale.title'),
      body: readText('ja', 'push', 'sale.body'),
      icon: `${E2E_BASE_URL}/favicon.ico`,
      url: `${E2E_BASE_URL}/ja/store`,
      delivery: 'e2e-delivery-0123456789ab',
    };
    const deliver = (data: typeof message) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_BASE_URL, registrationId: registration.registrationId, data: JSON.stringify(data) });
    /** Waits for the desktop to show a notification titled `title` (a worker just activated on a busy machine can take seconds). */
    const shownOnDesktop = async (title: string) => {
      await expect.poll(() => desktop.shown.filter((shown) => shown.summary === title).length, { timeout: 20_000 }).toBe(1);
      return desktop.shown.find((shown) => shown.summary === title)!;
    };

    await deliver(message);
    const notification = await shownOnDesktop(message.title);
    expect(notification.body).toContain(message.body);
    expect(
      await page.evaluate(async () =>
        ((await (await navigator.serviceWorker.getRegistration('/webpush/'))?.getNotifications()) ?? []).map((shown) => shown.data as unknown),
      ),
    ).toEqual([{ url: `${E2E_BASE_URL}/ja/store`, delivery: message.delivery }]);

    // The desktop clicks it: the worker closes it and opens its target in a new tab.
    const opened = context.waitForEvent('page', { timeout: 20_000 });
    desktop.click(notification.id);
    const target = await opened;
    await target.waitForLoadState('domcontentloaded');
    expect(target.url()).toBe(`${E2E_BASE_URL}/ja/store`);
    await expect(target.locator('html')).toHaveAttribute('lang', 'ja');
    await expect.poll(() => desktop.closed).toContain(notification.id);

    // A click on a message whose page is already open focuses that tab instead of opening another; the worker reports the click.
    const again = { ...message, title: `${message.title} (2)`, delivery: 'e2e-delivery-again-000001' };
    await deliver(again);
    const tabs = context.pages().length;
    const clickReported = context.waitForEvent('request', {
      predicate: (request) =>
        request.url() === `${E2E_BASE_URL}${PUSH_EVENT_ENDPOINT}` &&
        (request.postData() ?? '').includes(again.delivery) &&
        (request.postData() ?? '').includes('clicked'),
      timeout: 20_000,
    });
    desktop.click((await shownOnDesktop(again.title)).id);
    expect((await clickReported).postDataJSON()).toEqual({ delivery: again.delivery, kind: 'clicked' });
    expect(context.pages()).toHaveLength(tabs);

    // A message pointing off-site opens the site's home instead.
    await page.goto('/fr/');
    const offSite = { ...message, title: `${message.title} (3)`, url: 'https://evil.example/', delivery: 'e2e-delivery-offsite-0001' };
    await deliver(offSite);
    const home = context.waitForEvent('page', { timeout: 20_000 });
    desktop.click((await shownOnDesktop(offSite.title)).id);
    expect((await home).url()).toBe(`${E2E_BASE_URL}/`);
  } finally {
    await context.close();
    await desktop.stop();
  }
});

/** Queues a message for a campaign's subscribers and answers how many it reaches. */
async function countCampaignRecipients(campaign: string): Promise<number> {
  const response = await fetch(`${E2E_BASE_URL}/api/site/admin/push/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_OWNER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'sale', path: '/store', campaign }),
  });
  expect(response.status).toBe(202);
  return (await readJson(response, pushQueuedAnswerSchema)).recipients;
}

test('My account turns notifications off for the account and this browser', async ({ browser }) => {
  test.setTimeout(60_000);
  // Signs up without JavaScript (the form's arithmetic captcha), then carries the session into the push profile.
  const signUp = await browser.newContext({ javaScriptEnabled: false });
  await registerWithoutJavaScript(await signUp.newPage(), 'es', {
    name: 'Push Reader',
    email: `push-${Date.now()}@example.com`,
    password: 'PushReader2026!',
  });
  const sessionCookies = await signUp.cookies();
  await signUp.close();
  const context = await openVisitor();
  try {
    await context.addCookies(sessionCookies);
    const page = await context.newPage();
    const campaign = `e2e-account-${Date.now()}`;
    await page.goto(`/es/?utm_campaign=${campaign}`);
    await page.waitForResponse((response) => response.url().endsWith('/sub/register'), { timeout: 15_000 });
    expect(await countCampaignRecipients(campaign)).toBe(1);

    await page.goto('/es/my-account');
    const section = page.getByRole('form', { name: readText('es', 'my_account', 'push.title') });
    await section.getByRole('button', { name: readText('es', 'my_account', 'push.off') }).click();
    await expect(section.getByRole('status')).toHaveText(readText('es', 'my_account', 'push.done'));
    expect(
      await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/webpush/'))?.pushManager.getSubscription()) ?? null),
    ).toBeNull();
    expect(await countCampaignRecipients(campaign)).toBe(0);
  } finally {
    await context.close();
  }
});
