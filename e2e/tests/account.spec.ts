import { expect, readText, test, waitForMail } from '../fixtures.ts';

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

  await page.getByRole('main').getByRole('button', { name: readText('fr', 'my_account', 'logout') }).click();
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
  await page.goto('/de/register');
  await page.locator('#register-name').fill('Jonas');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  const [a, b] = ((await page.locator('label[for=register-captcha]').textContent()) ?? '').match(/\d+/g)!.map(Number);
  await page.locator('#register-captcha').fill(String(a! + b!));
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/de\/my-account$/);
  await page.getByRole('main').locator('form button[type=submit]').click();
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
  await page.getByRole('main').getByRole('button', { name: readText('it', 'my_account', 'logout') }).click();

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
  const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/account\/auth\/reset-password\/\S+)/.exec(mail)![1]!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/it\/reset-password\?token=/);
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
  const forged = await page.request.post('/api/account/reset-password', { data: { token: 'forged-token-0123456789', password: 'Forged2026pass' } });
  expect(forged.status()).toBe(400);
});
