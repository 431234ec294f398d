import { axeOn } from '../axe.ts';
import { sumCaptchaSchema } from '@reelkeep/shared-contracts';
import { answerPictureCaptcha, collectBrowserErrors, expect, readJson, readText, test } from '../fixtures.ts';
import { sendRaw } from '../raw-client.ts';
import { AFTER_CAPTCHA, FROM_SITE } from '../test-site.ts';

/** The newsletter's rate-limit burst comes from here, so the journeys' own address keeps its sign-ups. */
const BURST_FROM = '127.0.0.101';

test.describe('navigation at the three layouts', () => {
  test('desktop 1280 px: the services dropdown lists the catalogue and leads to a landing page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/es');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: readText('es', 'common', 'nav.services') }).click();
    const anime = page.getByRole('heading', { name: readText('es', 'common', 'nav.groups.anime') });
    await expect(anime).toBeVisible();
    await page.getByRole('link', { name: 'Crunchyroll', exact: true }).click();
    await expect(page).toHaveURL(/\/es\/crunchyroll-downloader$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Crunchyroll');
    await expect(page.getByRole('heading', { name: readText('es', 'common', 'nav.groups.anime') })).toBeHidden();
  });

  test('tablet 800 px: the menu opens, sections collapse, and a click outside closes it', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/pt');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const toggle = page.getByRole('button', { name: readText('pt', 'common', 'nav.menu') });
    await toggle.click();
    const tv = page.getByRole('button', { name: readText('pt', 'common', 'nav.groups.tv') });
    await expect(tv).toHaveAttribute('aria-expanded', 'false');
    await tv.click();
    await expect(tv).toHaveAttribute('aria-expanded', 'true');
    const bbc = page.getByRole('link', { name: 'BBC iPlayer' });
    await expect(bbc).toBeVisible();
    // docs/frame.md "Navigation layouts": each open section is 29 px a link tall.
    const section = page.locator('section[data-expanded="true"] ul');
    const links = await section.locator('li').count();
    expect((await section.boundingBox())!.height).toBeCloseTo(links * 29, 0);
    await page.mouse.click(400, 850);
    await expect(page.getByRole('navigation', { name: readText('pt', 'common', 'nav.label') })).toBeHidden();
  });

  test('small mobile 390 px: at most 5 links a section, the menu closes on an outside click', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: readText('en', 'common', 'nav.menu') }).click();
    await page.getByRole('button', { name: readText('en', 'common', 'nav.groups.hot') }).click();
    const visibleLinks = page.locator('section[data-expanded="true"] li:visible');
    await expect(visibleLinks).toHaveCount(5);
    // The section opens with a short transition; it settles at 174 px (docs/frame.md "Navigation layouts").
    await expect.poll(async () => Math.round((await page.locator('section[data-expanded="true"] ul').boundingBox())!.height)).toBe(174);
    const panel = (await page.getByRole('navigation', { name: readText('en', 'common', 'nav.label') }).boundingBox())!;
    expect(panel.y + panel.height).toBeLessThan(830);
    await page.mouse.click(200, 830);
    await expect(page.getByRole('navigation', { name: readText('en', 'common', 'nav.label') })).toBeHidden();
    await expect(page.getByRole('button', { name: readText('en', 'common', 'nav.menu') })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the language switch keeps the page and adds source=lang_switch, and remembers the choice', async ({ page, context }) => {
  await page.goto('/it/contact');
  await page.getByRole('contentinfo').getByRole('link', { name: '日本語' }).click();
  await expect(page).toHaveURL(/\/ja\/contact\?source=lang_switch$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('ja', 'contact', 'heading'));
  expect((await context.cookies()).find((cookie) => cookie.name === 'rk_lang')?.value).toBe('ja');
  // The explicit choice beats the browser's language at the root.
  const root = await page.request.get('/', { headers: { 'accept-language': 'fr-FR' }, maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers().location).toBe('/ja');
  // A 404 page has no alternates: the switch goes to the other language's home.
  await page.goto('/it/no-such-article');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de?source=lang_switch');
});

for (const [locale, address] of [
  ['fr', 'camille.e2e@example.com'],
  ['zh', 'mei.e2e@example.com'],
] as const) {
  test(`newsletter sign-up in ${locale}: required, format, then success`, async ({ page }) => {
    const errors = collectBrowserErrors(page);
    await page.goto(`/${locale}/product-overview`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const box = page.locator('#newsletter');
    const submit = box.getByRole('button', { name: readText(locale, 'common', 'newsletter.submit') });
    await submit.click();
    await expect(box.getByRole('status')).toHaveText(readText(locale, 'common', 'newsletter.status.required'));
    await box.getByLabel(readText(locale, 'common', 'newsletter.label')).fill('not-an-address');
    await submit.click();
    await expect(box.getByRole('status')).toHaveText(readText(locale, 'common', 'newsletter.status.format'));
    await box.getByLabel(readText(locale, 'common', 'newsletter.label')).fill(address);
    await submit.click();
    await expect(box.getByRole('status')).toHaveText(readText(locale, 'common', 'newsletter.status.succ'), AFTER_CAPTCHA);
    expect(errors).toEqual([]);
  });
}

test('newsletter sign-up works without JavaScript: the newsletter page asks the captcha the cached footer cannot', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/de/contact');
  const box = page.locator('#newsletter');
  await box.getByLabel(readText('de', 'common', 'newsletter.label')).fill('nojs.e2e@example.com');
  await box.getByRole('button', { name: readText('de', 'common', 'newsletter.submit') }).click();
  await expect(page).toHaveURL(/\/de\/newsletter\?step=captcha#subscribe$/);
  const form = page.locator('#subscribe');
  await form.getByLabel(readText('de', 'common', 'newsletter.label')).fill('nojs.e2e@example.com');
  await form.locator('#newsletter-page-captcha').fill(answerPictureCaptcha(await form.locator('input[name=captcha_token]').inputValue()));
  await form.getByRole('button', { name: readText('de', 'common', 'newsletter.submit') }).click();
  await expect(page).toHaveURL(/\/de\/newsletter\?step=captcha&newsletter=succ#newsletter$/);
  await expect(form.getByRole('status')).toHaveText(readText('de', 'common', 'newsletter.status.succ'));
  await context.close();
});

test('a newsletter box whose code cannot be loaded posts itself, as it does without JavaScript', async ({ page }) => {
  await page.goto('/it/contact');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The box's checking code loads with the first submit (docs/forms.md "Newsletter"): here no script can be fetched.
  await page.route('**/static/**/*.js', (route) => route.abort());
  const box = page.locator('#newsletter');
  await box.getByLabel(readText('it', 'common', 'newsletter.label')).fill('offline.e2e@example.com');
  await box.getByRole('button', { name: readText('it', 'common', 'newsletter.submit') }).click();
  await expect(page).toHaveURL(/\/it\/newsletter\?step=captcha#subscribe$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('it', 'newsletter', 'subscribe.heading'));
});

test('the newsletter API validates on the server and answers in the spec format', async ({ request }) => {
  // docs/forms.md "Captcha": every sign-up carries one; a journey answers the picture's sum with the test site's key.
  const solveSum = async () => {
    const { token } = await readJson(await request.get('/api/captcha?kind=sum'), sumCaptchaSchema);
    return { captcha_token: token, captcha_answer: answerPictureCaptcha(token) };
  };
  const post = async (data: Record<string, unknown>) =>
    request.post('/email/report', { data: { ...data, ...(await solveSum()) }, headers: { 'content-type': 'application/json' } });
  expect(await (await post({ email: 'ok.e2e@example.com', type: 2 })).json()).toEqual({ cscode: 200, status: 'succ' });
  // A repeated address is a success too: nothing is revealed about who subscribed.
  expect(await (await post({ email: 'OK.e2e@example.com', type: 2 })).json()).toEqual({ cscode: 200, status: 'succ' });
  const uncaptcha = await request.post('/email/report', {
    data: { email: 'ok.e2e@example.com', type: 2 },
    headers: { 'content-type': 'application/json' },
  });
  expect(await uncaptcha.json()).toEqual({ cscode: 400, status: 'fail' });
  const malformed = await post({ email: 'nope', type: 2 });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ cscode: 400, status: 'format' });
  expect((await post({ email: 'ok.e2e@example.com', type: 3 })).status()).toBe(400);
  const garbage = await request.post('/email/report', { data: '{not json', headers: { 'content-type': 'application/json' } });
  expect(garbage.status()).toBe(400);
  // Rate limited per client address (the test site allows 30 posts in 10 minutes), before the captcha is looked at.
  // From an address of its own: spent from 127.0.0.1, the limit refused for ten minutes the sign-ups of the browser
  // journeys that came after it (the double opt-in, on the other worker: CI, 2026-11-29).
  const burst = async (data: Record<string, unknown>) =>
    sendRaw({
      method: 'POST',
      path: '/email/report',
      headers: { ...FROM_SITE, 'content-type': 'application/json' },
      body: JSON.stringify(data),
      from: BURST_FROM,
    });
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 31; attempt += 1) statuses.push((await burst({ email: `burst${attempt}.e2e@example.com`, type: 2 })).status);
  expect(statuses.at(-1)).toBe(429);
  const limited = await burst({ email: 'late.e2e@example.com', type: 2, ...(await solveSum()) });
  expect(JSON.parse(limited.text)).toEqual({ cscode: 429, status: 'fail' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});

test('back-to-top appears past 100 px and scrolls back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const button = page.getByRole('button', { name: readText('en', 'common', 'footer.back_to_top') });
  await expect(button).toBeHidden();
  await page.mouse.wheel(0, 1200);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

for (const path of ['/', '/fr/netflix-downloader', '/ja/no-such-page']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const results = await axeOn(page).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
