import { expect, readText, registerWithoutJavaScript, test } from '../fixtures.ts';
import { E2E_BASE_URL } from '../test-site.ts';

const PASSWORD = 'Secret123!';
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test('a visitor who once chose French gets back to English with the language switch, and stays there', async ({ page, context }) => {
  await context.addCookies([{ name: 'rk_lang', value: 'fr', url: E2E_BASE_URL }]);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${E2E_BASE_URL}/fr`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/?source=lang_switch`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('en', 'home', 'heading'));
  expect((await context.cookies()).find((cookie) => cookie.name === 'rk_lang')?.value).toBe('en');
  // The stored English choice now beats the French cookie it replaced and a French browser.
  const root = await page.request.get('/', { headers: { 'accept-language': 'fr-FR' }, maxRedirects: 0 });
  expect(root.status()).toBe(200);
});

test('the switch itself answers the English home with 200, whatever the cookie and the browser say', async ({ request }) => {
  const answer = await request.get('/?source=lang_switch', { headers: { cookie: 'rk_lang=fr', 'accept-language': 'de-DE' }, maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['set-cookie']).toContain('rk_lang=en;');
  expect(await answer.text()).toContain('<html lang="en"');
});

test('old home versions go to the home page of their language in one 301', async ({ request }) => {
  for (const [from, to] of [
    ['/home-new2', '/'],
    ['/fr/home-new3', '/fr'],
    ['/Home-New2?source=ad', '/?source=ad'],
  ]) {
    const answer = await request.get(from!, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(301);
    expect(answer.headers().location, from).toBe(to);
  }
  expect((await request.get('/fr/home-new3')).status()).toBe(200);
});

test('a legacy checkout path reaches the checkout in one 301', async ({ request }) => {
  for (const [from, to] of [
    ['/fr/checkout/components/PlanItem', '/fr/checkout'],
    ['/FR/Checkout/Components/Plan_Item/?plan=LFT', '/fr/checkout?plan=LFT'],
    ['/Funimation-Downloader-New2', '/crunchyroll-downloader'],
  ]) {
    const answer = await request.get(from!, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(301);
    expect(answer.headers().location, from).toBe(to);
    expect((await request.get(to!, { maxRedirects: 0 })).status(), to).toBe(200);
  }
});

test('a signed-in visitor sent to the login page goes on to the same-site return path', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await registerWithoutJavaScript(page, 'en', { name: 'Rita', email: uniqueEmail('rita'), password: PASSWORD });
  await page.goto('/login?return=/checkout');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/checkout`);
  await page.goto('/fr/register?return=%2Ffr%2Fstore');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/fr/store`);
  // Another site is never a return path: the account page instead.
  await page.goto('/de/login?return=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/de/my-account`);
  await context.close();
});
