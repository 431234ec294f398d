import { sumCaptchaSchema } from '@reelkeep/shared-contracts';
import { answerPictureCaptcha, expect, FROM_SITE, readJson, readText, registerWithoutJavaScript, test, waitForMail } from '../fixtures.ts';
import { oneTimeTokenAnswerSchema } from '../operator-answers.ts';

const PASSWORD = 'Secret123!';
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test('register, sign out and sign in again; the session stays out of scripts', async ({ page, context }) => {
  const email = uniqueEmail('ana');
  await page.goto('/es/register');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#register-name').fill('Ana');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill('abcdefgh');
  await page.getByRole('button', { name: readText('es', 'register', 'submit') }).click();
  await expect(page.locator('#register-password-problem')).toHaveText(readText('es', 'register', 'problems.password.invalid'));
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('es', 'register', 'submit') }).click();
  await expect(page).toHaveURL(/\/es\/my-account$/);
  await expect(page.locator('dl')).toContainText(email);
  await expect(page.getByRole('banner').getByRole('link', { name: readText('es', 'common', 'account.my_account') })).toBeVisible();

  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('session_token'));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

  // Signed in: the sign-in pages send the visitor to the account page of the locale.
  await page.goto('/fr/login');
  await expect(page).toHaveURL(/\/fr\/my-account$/);

  await page
    .getByRole('main')
    .getByRole('button', { name: readText('fr', 'my_account', 'logout') })
    .click();
  await expect(page).toHaveURL(/\/fr$/);
  const after = await context.cookies();
  expect(after.find((cookie) => cookie.name.endsWith('session_token'))).toBeUndefined();
  expect(after.find((cookie) => cookie.name === 'user_token')?.value).toBe('1');
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login$/);

  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('en', 'login', 'submit') }).click();
  await expect(page).toHaveURL(/\/my-account$/);
});

test('register and sign in without JavaScript; a wrong password keeps the e-mail and says nothing about the account', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail('nojs');
  await registerWithoutJavaScript(page, 'de', { name: 'Jonas', email, password: PASSWORD });
  await page
    .getByRole('main')
    .getByRole('button', { name: readText('de', 'my_account', 'logout') })
    .click();
  await expect(page).toHaveURL(/\/de$/);

  await page.goto('/de/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('WrongPass1');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('alert')).toHaveText(readText('de', 'login', 'problems.invalid'));
  await expect(page.locator('#login-email')).toHaveValue(email);
  // An unknown address gets the very same answer.
  await page.locator('#login-email').fill(uniqueEmail('nobody'));
  await page.locator('#login-password').fill('WrongPass1');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('alert')).toHaveText(readText('de', 'login', 'problems.invalid'));
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/de\/my-account$/);
  await context.close();
});

test('sign-in refuses off-site return paths and registration refuses a forged captcha', async ({ request }) => {
  const email = uniqueEmail('api');
  const registered = await request.post('/api/account/register', { data: { email, password: PASSWORD, name: 'Api', altcha: 'e30=' } });
  expect(registered.status()).toBe(400);
  expect((await registered.json()).problems).toEqual({ captcha: 'invalid' });
  const login = await request.post('/api/account/login', { form: { email, password: PASSWORD, return: '//evil.example/steal' }, maxRedirects: 0 });
  expect(login.status()).toBe(303);
  expect(login.headers().location).toMatch(/^\/login\?/);
});

test('reset a forgotten password through the mail actually delivered to the SMTP server', async ({ page, browser }) => {
  const email = uniqueEmail('reset');
  await page.goto('/it/register');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('it', 'register', 'submit') }).click();
  await expect(page).toHaveURL(/\/it\/my-account$/);
  await page
    .getByRole('main')
    .getByRole('button', { name: readText('it', 'my_account', 'logout') })
    .click();

  await page.goto('/it/forgot-password');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#forgot-email').fill(email);
  await page.getByRole('button', { name: readText('it', 'forgot_password', 'submit') }).click();
  await expect(page.getByRole('status')).toHaveText(readText('it', 'forgot_password', 'sent'));
  // An unknown address gets the same answer (no account enumeration) and no mail.
  const stranger = await browser.newPage();
  await stranger.goto('/it/forgot-password');
  await expect(stranger.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await stranger.locator('#forgot-email').fill(uniqueEmail('stranger'));
  await stranger.getByRole('button', { name: readText('it', 'forgot_password', 'submit') }).click();
  await expect(stranger.getByRole('status')).toHaveText(readText('it', 'forgot_password', 'sent'));
  await stranger.close();

  const mail = await waitForMail(email);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/it\/reset-password\?token=[\w-]+)/.exec(mail)![1]!;
  await page.goto(link);
  const newPassword = 'Nuova2026pass';
  await page.locator('#reset-password').fill(newPassword);
  await page.getByRole('button', { name: readText('it', 'reset_password', 'submit') }).click();
  await expect(page).toHaveURL(/\/it\/login\?reset=1$/);
  await expect(page.getByRole('status')).toHaveText(readText('it', 'login', 'reset_done'));
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('it', 'login', 'submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('it', 'login', 'problems.invalid'));
  await page.locator('#login-password').fill(newPassword);
  await page.getByRole('button', { name: readText('it', 'login', 'submit') }).click();
  await expect(page).toHaveURL(/\/it\/my-account$/);

  // The link works once: a second use is refused before any password can be typed in.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(readText('it', 'reset_password', 'problems.token_invalid'));
  await expect(page.getByRole('button', { name: readText('it', 'reset_password', 'submit') })).toBeDisabled();
  // A forged token is refused by the server too.
  const forged = await page.request.post('/api/account/reset-password', {
    headers: FROM_SITE,
    data: { token: 'forged-token-0123456789', password: 'Forged2026pass' },
  });
  expect(forged.status()).toBe(400);
});

test('my account: change the password, export the data, and delete the account', async ({ page }) => {
  const email = uniqueEmail('owner');
  await page.goto('/ja/register');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('ja', 'register', 'submit') }).click();
  await expect(page).toHaveURL(/\/ja\/my-account$/);

  await page.locator('#current-password').fill('WrongPass1');
  await page.locator('#new-password').fill('Newer2026pass');
  await page.getByRole('button', { name: readText('ja', 'my_account', 'password.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('ja', 'my_account', 'password.result.current_wrong'));
  await page.locator('#current-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('ja', 'my_account', 'password.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: readText('ja', 'my_account', 'password.result.changed') })).toBeVisible();

  const exported = await page.request.get('/api/account/export');
  expect(exported.headers()['content-disposition']).toContain('attachment');
  const data = await exported.json();
  expect(data.profile.email).toBe(email);
  expect(JSON.stringify(data)).not.toMatch(/password|token/i);
  expect((await page.request.get('/api/account/export', { headers: { cookie: '' } })).status()).toBe(401);

  await page.locator('#delete-confirm').fill('someone.else@example.com');
  await page.getByRole('button', { name: readText('ja', 'my_account', 'data.delete_submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('ja', 'my_account', 'data.delete_error.confirm'));
  await page.locator('#delete-confirm').fill(email);
  await page.getByRole('button', { name: readText('ja', 'my_account', 'data.delete_submit') }).click();
  await expect(page).toHaveURL(/\/ja\?deleted=1$/);
  await page.goto('/ja/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('Newer2026pass');
  await page.getByRole('button', { name: readText('ja', 'login', 'submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('ja', 'login', 'problems.invalid'));
});

test('desktop hand-off: a one-time token from the app signs the visitor in once they confirm; forged or replayed tokens do not', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('desktop');
  // The desktop app has its own session (an API sign-in) and asks for a hand-off token.
  const app = await browser.newContext();
  const appPage = await app.newPage();
  await appPage.goto('/register');
  await expect(appPage.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await appPage.locator('#register-email').fill(email);
  await appPage.locator('#register-password').fill(PASSWORD);
  await appPage.getByRole('button', { name: readText('en', 'register', 'submit') }).click();
  await expect(appPage).toHaveURL(/\/my-account$/);
  const { token } = await readJson(await appPage.request.get('/api/account/auth/one-time-token/generate'), oneTimeTokenAnswerSchema);
  expect(token).toBeTruthy();
  await app.close();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const clientE = Buffer.from(email).toString('base64');
  const clientM = Buffer.from('00:1a:2b:3c:4d:5e').toString('base64');
  await page.goto(`/fr/my-account?token=${token}&client_e=${clientE}&client_m=${clientM}`);
  // docs/security.md "Desktop hand-off": the visitor confirms on the site's page; nothing is used before.
  await page.getByRole('button', { name: readText('fr', 'login', 'handoff_continue').replace('{{email}}', email) }).click();
  await expect(page).toHaveURL(/\/fr\/my-account$/);
  await expect(page.locator('dl')).toContainText(email);
  const cookies = await visitor.cookies();
  expect(cookies.find((cookie) => cookie.name === 'elk_user_email')?.value).toBe(email);
  expect(cookies.find((cookie) => cookie.name === 'elk_mac')?.value).toBe('00:1a:2b:3c:4d:5e');
  await visitor.close();

  // The same token a second time, and a made-up one, end on the login page with the e-mail pre-filled.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(`/my-account?token=${token}&client_e=${clientE}`);
  await expect(second).toHaveURL(/\/login\?token=/);
  await expect(second.getByRole('alert')).toHaveText(readText('en', 'login', 'problems.handoff'));
  await expect(second.locator('#login-email')).toHaveValue(email);
  await again.close();
  const forged = await request.get('/api/account/handoff?token=forged-token-123456&locale=de', { maxRedirects: 0 });
  expect(forged.headers().location).toMatch(/^\/de\/login\?token=forged-token-123456/);
  // A token parameter alone is not a login: the page stays anonymous.
  expect((await request.get('/my-account?email=someone@example.com', { maxRedirects: 0 })).headers().location).toBe('/login');
});

test('sign-in attempts are rate limited per address', async ({ request }) => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 41; attempt += 1) {
    statuses.push((await request.post('/api/account/login', { data: { email: 'limit@example.com', password: 'WrongPass1' } })).status());
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.at(-1)).toBe(429);
});

test('an invite code survives sign-up, is reported once, and the visitor goes back to the page it came with', async ({ page, browser }) => {
  const email = uniqueEmail('invited');
  await page.goto('/fr/netflix-downloader?invite_code=SPRING26-FRIEND');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The code is kept by a module loaded after hydration (use-invite-report.ts), not by the hydration itself.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('activity_invite_code'))).toBe('SPRING26-FRIEND');

  await page.goto('/fr/register');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#register-name').fill('Inès');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('fr', 'register', 'submit') }).click();
  // Signed in on the account page, the visit is reported and the visitor returns to the invited page.
  await expect(page).toHaveURL(/\/fr\/netflix-downloader$/);
  expect(await page.evaluate(() => [sessionStorage.getItem('activity_invite_code'), sessionStorage.getItem('login_from_route')])).toEqual([
    null,
    null,
  ]);

  const again = await page.request.post('/api/account/share-visit', { headers: FROM_SITE, data: { invite_code: 'SPRING26-FRIEND' } });
  expect(await again.json()).toEqual({ cscode: 10010 });
  expect((await page.request.post('/api/account/share-visit', { headers: FROM_SITE, data: { invite_code: '<script>' } })).status()).toBe(400);
  const stranger = await browser.newContext();
  expect((await stranger.request.post('/api/account/share-visit', { headers: FROM_SITE, data: { invite_code: 'SPRING26-FRIEND' } })).status()).toBe(
    401,
  );
  await stranger.close();
});

test('the header fits a 320 px phone in every locale, signed in or not; there logout lives in the menu', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 740 } });
  const page = await context.newPage();
  const overflowing: string[] = [];
  const measure = async (label: string) => {
    for (const locale of ['en', 'fr', 'zh', 'ja', 'de', 'es', 'pt', 'it']) {
      await page.goto(locale === 'en' ? '/' : `/${locale}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) overflowing.push(`${label} ${locale}: ${width}px`);
    }
  };
  await measure('signed out');
  const sum = await readJson(await page.request.get('/api/captcha?kind=sum'), sumCaptchaSchema);
  const email = uniqueEmail('phone');
  const registered = await page.request.post('/api/account/register', {
    headers: FROM_SITE,
    data: { name: 'Phone', email, password: PASSWORD, captcha_token: sum.token, captcha_answer: answerPictureCaptcha(sum.token), locale: 'es' },
  });
  expect(registered.status()).toBe(200);
  await measure('signed in');
  expect(overflowing).toEqual([]);

  // On a phone the header keeps the account link; logout is in the menu.
  await page.goto('/es');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('banner').getByRole('link', { name: readText('es', 'common', 'account.my_account') })).toBeVisible();
  await page.locator('button[aria-controls=site-navigation]').click();
  await page
    .getByRole('navigation')
    .getByRole('button', { name: readText('es', 'common', 'account.logout') })
    .click();
  await expect(page).toHaveURL(/\/es$/);
  expect((await context.cookies()).find((cookie) => cookie.name === 'user_token')?.value).toBe('1');
  await context.close();
});
