import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_BASE_URL } from '../test-site.ts';
import { expect, readJson, readText, registerWithoutJavaScript, test } from '../fixtures.ts';
import { trackingEventsAnswerSchema, type StoredEvent } from '../operator-answers.ts';

/** The operator's view of the latest events of a kind. */
async function readEvents(event: string): Promise<StoredEvent[]> {
  const response = await fetch(`${E2E_BASE_URL}/api/site/admin/tracking?event=${event}&limit=200`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
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
  const card = page.getByRole('region', { name: readText('fr', 'common', 'consent.title') });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: readText('fr', 'common', 'consent.policy') })).toHaveAttribute('href', '/fr/cookies-policy');
  expect((await new AxeBuilder({ page }).include('[data-testid=consent-banner]').analyze()).violations).toEqual([]);

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
  // Answered: the card does not come back.
  await page.waitForTimeout(500);
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

test('declining keeps the site cookieless, the footer lets the visitor change their mind, and Global Privacy Control is a standing refusal that is never asked', async ({
  browser,
}) => {
  const context = await freshVisitor(browser);
  const page = await context.newPage();
  await page.goto('/ja');
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
  // The tracker ran (its page view arrived) and still did not ask.
  await expect.poll(async () => (await readEvents('page_view')).find((event) => event.url?.includes(gpcVisit))).toMatchObject({ consent: false });
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
