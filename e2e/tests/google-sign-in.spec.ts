import { googleSignInAnswerSchema, sessionSchema, sumCaptchaSchema } from '@reelkeep/shared-contracts';
import { generateKeyPair, importJWK, type CryptoKey } from 'jose';
import { signGoogleIdToken, type GoogleIdentity } from '../google-stand-in.ts';
import { E2E_GOOGLE_CLIENT_ID, E2E_GOOGLE_URL } from '../test-site.ts';
import { answerPictureCaptcha, expect, FROM_SITE, readJson, readText, test } from '../fixtures.ts';
import { standInKeySchema } from '../operator-answers.ts';

const uniqueIdentity = (label: string): GoogleIdentity => {
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return { sub: `1${id}`, email: `${label}.${id}@gmail.example.com`, name: `${label} Tester` };
};

/** Chooses who the stand-in's Google button signs in. */
async function chooseGoogleIdentity(identity: GoogleIdentity): Promise<void> {
  const answer = await fetch(`${E2E_GOOGLE_URL}/identity`, { method: 'POST', body: JSON.stringify(identity) });
  expect(answer.status).toBe(204);
}

async function readStandInKey(): Promise<CryptoKey> {
  const jwk = await readJson(await fetch(`${E2E_GOOGLE_URL}/private-key`), standInKeySchema);
  return (await importJWK(jwk, 'RS256')) as CryptoKey;
}

test.describe.configure({ mode: 'serial' });

test('Google sign-in: One Tap and the button create the account, return to the previous page, then a first password can be set', async ({ page }) => {
  const identity = uniqueIdentity('gina');
  await chooseGoogleIdentity(identity);
  await page.goto('/ja/login?return=/ja/netflix-downloader');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Nobody is signed in, so One Tap is offered alongside the button.
  await expect(page.locator('html')).toHaveAttribute('data-gsi-one-tap', 'shown');
  await expect(page.getByText(readText('ja', 'member', 'google.or'))).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/ja\/netflix-downloader$/);
  await expect(page.getByRole('banner').getByRole('link', { name: readText('ja', 'common', 'account.my_account') })).toBeVisible();

  await page.goto('/ja/my-account');
  await expect(page.locator('dl')).toContainText(identity.email);

  // The account has no password yet: the account page offers /set-password instead of the change form.
  await expect(page.locator('#current-password')).toHaveCount(0);
  await page.getByRole('link', { name: readText('ja', 'my_account', 'password.set_link') }).click();
  await expect(page).toHaveURL(/\/ja\/set-password$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('#set-password').fill('Google2026!');
  await page.getByRole('button', { name: readText('ja', 'set_password', 'submit') }).click();
  await expect(page).toHaveURL(/\/ja\/my-account\?password_changed=1/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(readText('ja', 'my_account', 'password.result.changed'));
  await expect(page.locator('#current-password')).toBeVisible();
  await page.goto('/ja/set-password');
  await page.locator('#set-password').fill('Another2026!');
  await page.getByRole('button', { name: readText('ja', 'set_password', 'submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('ja', 'set_password', 'problems.has_password'));

  await page
    .getByRole('banner')
    .getByRole('button', { name: readText('ja', 'common', 'account.logout') })
    .click();
  await expect(page).toHaveURL(/\/ja$/);
  await page.goto('/ja/login');
  await page.locator('#login-email').fill(identity.email);
  await page.locator('#login-password').fill('Google2026!');
  await page.getByRole('button', { name: readText('ja', 'login', 'submit') }).click();
  await expect(page).toHaveURL(/\/ja\/my-account$/);
});

test('Google sign-in does not take over a password account whose address was never confirmed', async ({ page }) => {
  const identity = uniqueIdentity('joined');
  const sum = await readJson(await page.request.get('/api/captcha?kind=sum'), sumCaptchaSchema);
  const registered = await page.request.post('/api/account/register', {
    headers: FROM_SITE,
    data: {
      name: 'Joined',
      email: identity.email,
      password: 'Joined2026!',
      captcha_token: sum.token,
      captcha_answer: answerPictureCaptcha(sum.token),
      locale: 'en',
    },
  });
  expect(registered.status()).toBe(200);
  await page.context().clearCookies();

  await chooseGoogleIdentity(identity);
  await page.goto('/de/login');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('de', 'member', 'google.exists'));
  expect((await readJson(await page.request.get('/api/account/session'), sessionSchema)).signedIn).toBe(false);
  // The visitor stays on the page and signs in with the password.
  await page.locator('#login-email').fill(identity.email);
  await page.locator('#login-password').fill('Joined2026!');
  await page.getByRole('button', { name: readText('de', 'login', 'submit') }).click();
  await expect(page).toHaveURL(/\/de\/my-account$/);
});

test('forged, foreign, expired, unverified and replayed Google tokens are refused with one clear answer', async ({ request }) => {
  const key = await readStandInKey();
  const { privateKey: strangerKey } = await generateKeyPair('RS256');
  const identity = uniqueIdentity('forge');
  const now = Math.floor(Date.now() / 1000);
  const post = (credential: string) => request.post('/api/account/google', { data: { credential, locale: 'en' } });

  const refused = [
    await signGoogleIdToken(strangerKey, { ...identity, aud: E2E_GOOGLE_CLIENT_ID }),
    await signGoogleIdToken(key, { ...identity, aud: 'someone-else.apps.googleusercontent.com' }),
    await signGoogleIdToken(key, { ...identity, aud: E2E_GOOGLE_CLIENT_ID, iss: 'https://evil.example.com' }),
    await signGoogleIdToken(key, { ...identity, aud: E2E_GOOGLE_CLIENT_ID, iat: now - 7200, exp: now - 3600 }),
    await signGoogleIdToken(key, { ...identity, aud: E2E_GOOGLE_CLIENT_ID, email_verified: false }),
    'not-a-token',
  ];
  for (const credential of refused) {
    const answer = await post(credential);
    expect([400, 401]).toContain(answer.status());
    expect((await readJson(answer, googleSignInAnswerSchema)).problems?.form).toBe('google_invalid');
  }
  expect(await (await request.get('/api/account/session')).json()).toMatchObject({ signedIn: false });

  const valid = await signGoogleIdToken(key, { ...identity, aud: E2E_GOOGLE_CLIENT_ID });
  expect((await post(valid)).status()).toBe(200);
  expect(sessionSchema.parse(await (await request.get('/api/account/session')).json()).user?.email).toBe(identity.email);
  // The same token a second time (captured, say) is refused.
  const replayed = await post(valid);
  expect(replayed.status()).toBe(401);
});

test('a failed Google sign-in says so, then takes the visitor home after two seconds', async ({ page }) => {
  await chooseGoogleIdentity({ ...uniqueIdentity('broken'), mode: 'bad-signature' });
  await page.goto('/fr/login');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(readText('fr', 'member', 'google.failed'));
  await expect(page).toHaveURL(/\/fr$/, { timeout: 5000 });
});

test('without JavaScript, a Google account sets its first password with a plain form post', async ({ browser }) => {
  const key = await readStandInKey();
  const identity = uniqueIdentity('nojs');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/account/google', {
    headers: FROM_SITE,
    data: { credential: await signGoogleIdToken(key, { ...identity, aud: E2E_GOOGLE_CLIENT_ID }), locale: 'pt' },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto('/pt/set-password');
  await page.locator('#set-password').fill('short');
  await page
    .getByRole('main')
    .getByRole('button', { name: readText('pt', 'set_password', 'submit') })
    .click();
  await expect(page).toHaveURL(/\/pt\/set-password\?error=password$/);
  await expect(page.getByRole('alert')).toHaveText(readText('pt', 'set_password', 'problems.password'));
  await page.locator('#set-password').fill('NoScript2026!');
  await page
    .getByRole('main')
    .getByRole('button', { name: readText('pt', 'set_password', 'submit') })
    .click();
  await expect(page).toHaveURL(/\/pt\/my-account\?password_changed=1#password$/);
  await expect(page.locator('#current-password')).toBeVisible();
  await context.close();
});
