import type { APIRequestContext } from '@playwright/test';
import { expect, readText, test } from '../fixtures.ts';
import {
  enrol,
  expectAudited,
  listConsoleSectionRoutes,
  listOperatorApiRoutes,
  lookAt,
  signInAndEnrol,
  signInWithCode,
  type ConsoleRoute,
} from '../console.ts';
import { E2E_BASE_URL, E2E_CONSOLE_ACCOUNTS, E2E_CONSOLE_OWNER, E2E_CONSOLE_PASSWORD } from '../test-site.ts';

/**
 * docs/console.md "Orders and licences", "Mailbox", "Two-factor sign-in" and "The console API", on the test site (the
 * quick start's embedded database): a guest's purchase ends in My account through the console's Mailbox read by the
 * first owner (made by `console:owner`); a support agent, refused everything until enrolled in two-factor sign-in,
 * refunds that order (the licence is revoked) and is refused a promotion; an account without a role is refused
 * every console API route and shown no console page. Each console action is asserted in the audit log.
 */

const con = (key: string) => readText('en', 'console', key);
const orders = (key: string) => readText('en', 'checkout_console', key);
const checkout = (key: string) => readText('en', 'checkout', key);
const FROM_SITE = { origin: E2E_BASE_URL };

/** One console route, as a browser's session (or none) asks it: a state change carries the site's origin, as a form does. */
function tryRoute(request: APIRequestContext, route: ConsoleRoute) {
  const changes = route.method !== 'GET' && route.method !== 'HEAD';
  return request.fetch(`${E2E_BASE_URL}${route.path}`, {
    method: route.method,
    headers: FROM_SITE,
    maxRedirects: 0,
    ...(changes ? { data: {} } : {}),
  });
}

test("a guest's purchase ends in My account through the console's Mailbox; support refunds it, the licence is revoked, and may not promote", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A purchase, three console sign-ins, the walk of every console route and five pages looked at in two languages: about
  // 40 s alone, several times that on a loaded shared machine.
  test.setTimeout(300_000);
  const email = `guest.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const owner = E2E_CONSOLE_OWNER.email;
  const agent = E2E_CONSOLE_ACCOUNTS.orders.email;

  // A guest buys with the sandbox card (docs/commerce.md): an account is made for the address, its password unset.
  await page.goto('/checkout');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#checkout-email').fill(email);
  await page.getByRole('button', { name: checkout('continue') }).click();
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  await page.locator('form[aria-labelledby="pay-heading"] button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: checkout('thanks_heading') })).toBeVisible();
  const key = (await page.getByTestId('licence-key').textContent())!;
  // The desktop app takes the key on a first device.
  expect((await request.post('/api/checkout/licence/activate', { data: { key, device_id: 'e2e-orders-one' } })).status()).toBe(200);

  // The first owner (`npm run console:owner`, at the test site's setup) signs in: enrols, signs out, signs in with a code.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const ownerApp = await signInAndEnrol(ownerPage, owner);
  await ownerPage.locator('form[action="/console/sign-out"] button').click();
  await expect(ownerPage).toHaveURL(/\/console\/sign-in$/);
  await signInWithCode(ownerPage, owner, ownerApp);

  // The Mailbox lists the "choose a password" mail; opened, its link is this site's.
  await ownerPage
    .getByRole('navigation')
    .getByRole('link', { name: con('sections.mailbox') })
    .click();
  await ownerPage
    .locator('tbody tr')
    .filter({ hasText: email })
    .getByRole('link', { name: readText('en', 'forgot_password', 'mail.invite.subject') })
    .click();
  const link = ownerPage.locator('pre a', { hasText: '/reset-password?token=' });
  const setPassword = new URL((await link.getAttribute('href'))!);
  expect(setPassword.origin).toBe(E2E_BASE_URL);
  await lookAt(ownerPage, ownerPage.url(), 'mailbox', testInfo);

  // The buyer follows it, chooses a password, signs in and finds the licence in My account.
  await page.goto(setPassword.href);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#reset-password').fill('Chosen2026pass');
  await page.getByRole('button', { name: readText('en', 'reset_password', 'submit') }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('Chosen2026pass');
  await page.getByRole('button', { name: readText('en', 'login', 'submit') }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  const bought = page.locator('[data-order]').filter({ hasText: key });
  await expect(bought).toContainText(readText('en', 'my_account', 'orders.status.paid'));

  // A support agent signs in with the password: until enrolled in two-factor sign-in, every section page sends it to
  // enrolment and every action and operator API route refuses it.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto('/console/sign-in');
  await agentPage.locator('#email').fill(agent);
  await agentPage.locator('#password').fill(E2E_CONSOLE_PASSWORD);
  await agentPage.locator('form[action="/console/sign-in"] button[type=submit]').click();
  await expect(agentPage).toHaveURL(/\/console\/enrol$/);
  for (const route of [...(await listConsoleSectionRoutes()), ...(await listOperatorApiRoutes(E2E_BASE_URL))]) {
    const answer = await tryRoute(agentPage.request, route);
    if (route.method === 'GET' && route.path.startsWith('/console'))
      expect([route.path, answer.status(), answer.headers().location]).toEqual([route.path, 303, '/console/enrol']);
    else expect([route.method, route.path, answer.status()]).toEqual([route.method, route.path, 403]);
  }
  await enrol(agentPage);

  // Orders and licences: search by the address, open the order, refund it after the confirmation.
  await agentPage
    .getByRole('navigation')
    .getByRole('link', { name: orders('nav') })
    .click();
  await agentPage.locator('#q').fill(email);
  await agentPage.getByRole('button', { name: orders('search.submit') }).click();
  await lookAt(agentPage, agentPage.url(), 'orders-search', testInfo);
  const found = agentPage.locator('tbody tr').filter({ hasText: key });
  await expect(found).toContainText(orders('status.paid'));
  const orderId = (await found.getByRole('link').textContent())!;
  await found.getByRole('link').click();
  await expect(agentPage.locator('section[aria-labelledby="order-licence"]')).toContainText(key);
  await lookAt(agentPage, agentPage.url(), 'order', testInfo);
  await agentPage.getByRole('link', { name: orders('actions.refund') }).click();
  await expect(agentPage.locator('main')).toContainText(key);
  await lookAt(agentPage, agentPage.url(), 'refund-confirm', testInfo);
  await agentPage.getByRole('button', { name: orders('actions.refund') }).click();
  await expect(agentPage.getByRole('status')).toHaveText(orders('done.refunded'));
  await expect(agentPage.locator('section[aria-labelledby="order-summary"]')).toContainText(orders('status.refunded'));
  await expect(agentPage.locator('section[aria-labelledby="order-licence"]')).toContainText(orders('licence.revoked'));

  // The desktop app refuses the key from now on, on a new device and on the one it was on; My account says refunded.
  const refused = await request.post('/api/checkout/licence/activate', { data: { key, device_id: 'e2e-orders-two' } });
  expect([refused.status(), await refused.json()]).toMatchObject([403, { error: 'revoked' }]);
  const validated = await request.post('/api/checkout/licence/validate', { data: { key, device_id: 'e2e-orders-one' } });
  expect((await validated.json()).licence).toMatchObject({ status: 'revoked' });
  await page.reload();
  await expect(bought).toContainText(readText('en', 'my_account', 'orders.status.refunded'));

  // The agent is shown no release control and the server refuses a promotion, by the console and by its API.
  await expect(agentPage.getByRole('navigation').getByRole('link', { name: con('sections.releases') })).toHaveCount(0);
  expect((await agentPage.goto('/console/releases'))!.status()).toBe(403);
  await expect(agentPage.locator('form[action="/console/releases/confirm"]')).toHaveCount(0);
  const promote = await agentPage.request.post('/admin/releases/promote', { headers: FROM_SITE, data: { app: 'mf-checkout', version: 'latest' } });
  expect([promote.status(), await promote.json()]).toEqual([403, { error: 'forbidden' }]);
  const confirm = await agentPage.request.post('/console/releases/confirm', {
    headers: FROM_SITE,
    form: { action: 'promote', app: 'mf-checkout', version: 'latest', confirm: 'yes' },
    maxRedirects: 0,
  });
  expect(confirm.status()).toBe(403);

  // Every console action of this journey is in the audit log, with who did it.
  await expectAudited(agentPage, {
    action: 'order.refund',
    q: `order:${orderId}`,
    actor: agent,
    holds: ['"status":"paid"', '"status":"refunded"', '"licence":"revoked"'],
  });
  await expectAudited(agentPage, { action: 'console.two-factor-enrolled', q: agent, actor: agent, holds: ['{"twoFactorEnabled":true}'] });
  await lookAt(agentPage, agentPage.url(), 'audit', testInfo);
  await expectAudited(ownerPage, { action: 'role.grant', q: owner, actor: `(${con('roles.owner')})`, holds: ['{"role":"owner"}'] });
  await expectAudited(ownerPage, { action: 'console.two-factor-enrolled', q: owner, actor: owner });
  await expectAudited(ownerPage, { action: 'console.sign-out', q: owner, actor: owner });
  await expectAudited(ownerPage, { action: 'console.sign-in', q: owner, actor: owner });
  await expectAudited(ownerPage, { action: 'mail.read', q: 'mail.read', actor: owner, holds: [email] });
  await agentContext.close();
  await ownerContext.close();
});

test('an account without a console role is refused every console API route and shown no console page', async ({ page, request }, testInfo) => {
  // Three route tables walked twice (the account, and no one signed in): about a second per dozen routes.
  test.setTimeout(90_000);
  const email = `norole.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/register');
  await page.locator('#register-name').fill('Noa');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill('NoRole2026pass');
  await page.getByRole('button', { name: readText('en', 'register', 'submit') }).click();
  await expect(page).toHaveURL(/\/my-account$/);

  const api = await listOperatorApiRoutes(E2E_BASE_URL);
  for (const route of api) {
    const answer = await tryRoute(page.request, route);
    expect([route.method, route.path, answer.status()]).toEqual([route.method, route.path, 403]);
    // Nobody signed in: 401 (a visitor's cookies are asked of the account squad like a session's).
    expect([route.method, route.path, (await tryRoute(request, route)).status()]).toEqual([route.method, route.path, 401]);
  }
  const forbidden = con('refused.forbidden');
  for (const route of await listConsoleSectionRoutes()) {
    const answer = await tryRoute(page.request, route);
    expect([route.method, route.path, answer.status()]).toEqual([route.method, route.path, 403]);
    if (route.method === 'GET') {
      // The refusal, and nothing of the section: no table, no form but signing out, no section in the navigation.
      const body = await answer.text();
      expect(body, route.path).toContain(forbidden);
      expect(body, route.path).not.toMatch(/<table|<form(?![^>]*\/console\/sign-out)/);
    }
  }
  await page.goto('/console');
  await expect(page.locator('main h1')).toHaveText(con('refused.title'));
  await expect(page.locator('.sidebar a')).toHaveCount(0);
  await lookAt(page, '/console', 'refused', testInfo);
});
