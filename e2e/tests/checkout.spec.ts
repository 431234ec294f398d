import { expect, readText, test, waitForMail, waitForReceivedMail } from '../fixtures.ts';

const PASSWORD = 'Secret123!';
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const t = (key: string, locale = 'en') => readText(locale, 'checkout', key);

test('buy 1Y for Windows with a running coupon: sandbox card, licence key, receipt mail, My account, desktop activation', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('buyer');
  await page.goto('/register');
  await page.locator('#register-name').fill('Bea');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('en', 'register', 'submit') }).click();
  await expect(page).toHaveURL(/\/my-account$/);

  // The price variant is assigned by the server (cookie) and shown; this visitor is put in B by an affiliate link.
  await page.goto('/checkout?abPlanPrice=price_b');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('[data-variant]')).toHaveAttribute('data-variant', 'price_b');
  await page.getByRole('button', { name: 'Windows' }).click();
  // A lifetime coupon applied, then a plan it is not for: the page says why it no longer counts.
  await page.locator('button[data-plan="LFT"]').click();
  await page.locator('#coupon-code').fill('reel40');
  await page.getByRole('button', { name: t('coupon_apply') }).click();
  await expect(page.locator('#coupon-status')).toContainText('REEL40');
  await page.locator('button[data-plan="1Y"]').click();
  await expect(page.locator('#coupon-status')).toHaveText(t('errors.coupon_plan'));
  await expect(page.getByTestId('total')).toHaveText('$104.90');
  await page.getByRole('button', { name: t('coupon_remove') }).click();
  await page.locator('#coupon-code').fill('reel20');
  await page.getByRole('button', { name: t('coupon_apply') }).click();
  await expect(page.locator('#coupon-status')).toContainText('REEL20');
  await expect(page.getByTestId('total')).toHaveText('$84.90');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole('button', { name: t('continue') }).click();

  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  await page.getByRole('button', { name: 'Pay $84.90' }).click();
  await expect(page.getByRole('heading', { name: t('thanks_heading') })).toBeVisible();
  const key = (await page.getByTestId('licence-key').textContent())!;
  expect(key).toMatch(/^RK-[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);

  const receipt = await waitForMail(email, 10_000, new RegExp(key));
  expect(receipt).toContain('$84.90');
  expect(receipt).toContain(t('receipt.key_line').replace('{{key}}', key));
  expect(receipt).toContain(t('receipt.devices_one').replace('{{count}}', '1'));

  await page.goto('/my-account');
  const order = page.locator('[data-order]').first();
  await expect(order).toContainText(key);
  await expect(order).toContainText('$84.90');

  // The desktop app: one device takes the 1-device licence, a second is refused.
  const first = await request.post('/api/checkout/licence/activate', { data: { key, device_id: 'e2e-device-one', device_name: 'Bea’s laptop' } });
  expect(first.status()).toBe(200);
  expect((await first.json()).licence).toMatchObject({ status: 'active', devicesUsed: 1, allowNum: 1 });
  const second = await request.post('/api/checkout/licence/activate', { data: { key, device_id: 'e2e-device-two' } });
  expect(second.status()).toBe(409);
  expect(await second.json()).toMatchObject({ ok: false, error: 'device_limit' });

  // My account shows the device and frees its seat.
  await page.reload();
  await expect(order).toContainText('Bea’s laptop');
  await order.getByRole('button', { name: readText('en', 'my_account', 'orders.deactivate') }).click();
  await expect(page.getByText(readText('en', 'my_account', 'orders.device_result.removed'))).toBeVisible();
  expect((await request.post('/api/checkout/licence/activate', { data: { key, device_id: 'e2e-device-two' } })).status()).toBe(200);

  // The newsletter for the account's address: a password account has not proven the address is its own, so the
  // switch mails a confirmation first (docs/forms.md "Newsletter"); once confirmed, it stays on across visits.
  const newsletter = page.locator('form[aria-labelledby="newsletter"]');
  await expect(newsletter.getByRole('checkbox')).not.toBeChecked();
  await newsletter.getByRole('checkbox').check();
  await newsletter.getByRole('button', { name: readText('en', 'my_account', 'newsletter.save') }).click();
  await expect(newsletter.getByRole('status')).toHaveText(readText('en', 'my_account', 'newsletter.pending'));
  await expect(newsletter.getByRole('checkbox')).not.toBeChecked();
  const confirmation = await waitForReceivedMail(email, /\/newsletter\?confirm=/);
  await page.goto(/(http:\S+\/newsletter\?confirm=[\w-]+)/.exec(confirmation.text)![1]!);
  await page.getByRole('button', { name: readText('en', 'newsletter', 'confirm.submit') }).click();
  await expect(page).toHaveURL(/\/newsletter\?result=confirmed$/);
  await page.goto('/my-account');
  await expect(newsletter.getByRole('checkbox')).toBeChecked();
});

test('a declined card leaves an unpaid order and a clear message; a visitor without an account gets one by mail', async ({ page, browser }) => {
  const email = uniqueEmail('guest');
  await page.goto('/fr/checkout');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('button[data-plan="6M"]').click();
  await page.getByRole('button', { name: t('continue', 'fr') }).click();
  await expect(page.locator('#checkout-email-hint')).toHaveText(readText('fr', 'checkout', 'errors.empty'));
  await page.locator('#checkout-email').fill(email);
  await page.getByRole('button', { name: t('continue', 'fr') }).click();

  await page.locator('#card-number').fill('4000 0000 0000 0002');
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  await page.locator('form[aria-labelledby="pay-heading"] button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText(readText('fr', 'checkout', 'errors.card_declined'));
  const orderId = (await page.locator('[data-order-id]').getAttribute('data-order-id'))!;
  // The buyer's browser holds the order's secret cookie; page.request sends the page's cookies.
  const unpaid = await (await page.request.get(`/api/checkout/orders/${orderId}`)).json();
  expect(unpaid.order).toMatchObject({ status: 'pending', failureCode: 'card_declined', licence: null });

  // Another card on the same order goes through; the buyer's new account is announced by mail.
  await page.locator('#card-number').fill('4000 0027 6000 3184');
  await page.locator('form[aria-labelledby="pay-heading"] button[type="submit"]').click();
  await page.getByRole('button', { name: t('confirm_approve', 'fr') }).click();
  await expect(page.getByRole('heading', { name: t('thanks_heading', 'fr') })).toBeVisible();
  const key = (await page.getByTestId('licence-key').textContent())!;
  const mail = await waitForMail(email, 10_000, /reset-password/);
  // The invitation is written in the language of the checkout it came from (docs/i18n.md "Mails").
  expect(mail).toContain(readText('fr', 'forgot_password', 'mail.invite.subject'));

  // docs/commerce.md "Who may see an order": the guest, now with an account made for the address, still sees
  // the key on the return page; a browser without the buyer's cookies learns nothing, not even that the order exists.
  await page.goto(`/fr/checkout?tid=${orderId}`);
  await expect(page.getByTestId('licence-key')).toHaveText(key);
  const stranger = await browser.newContext();
  try {
    const answer = await stranger.request.get(new URL(`/api/checkout/orders/${orderId}`, page.url()).href);
    expect(answer.status()).toBe(404);
    expect(await answer.json()).toEqual({ cscode: 404, error: 'order_unknown' });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(new URL(`/fr/checkout?tid=${orderId}`, page.url()).href);
    await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText(t('heading', 'fr'));
    await expect(strangerPage.getByTestId('licence-key')).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test('a campaign link with a date out of range renders the checkout as if the date were not there', async ({ page }) => {
  const response = await page.goto('/checkout?start_time=99999999999999&ac_endtime=20261399000000&ac_source=email');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('heading'));
  expect((await page.request.get('/api/checkout/offer?start_time=99999999999999')).status()).toBe(400);
});

test("a link with the buyer's address fills the e-mail field, and a value that is not an address fills nothing", async ({ page }) => {
  await page.goto('/fr/checkout?email=acheteur%40example.com');
  await expect(page.locator('#checkout-email')).toHaveValue('acheteur@example.com');
  await page.goto('/checkout?email=%3Cb%3Enot-an-address');
  await expect(page.locator('#checkout-email')).toHaveValue('');
});

test('each plan button is named with its plan for screen readers, not four times "Select"', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.locator('button[data-plan]')).toHaveCount(4);
  for (const [name, plan] of [
    [`${t('select_plan')} ${t('plan_names.1M')}`, '1M'],
    [`${t('selected_plan')} ${t('plan_names.1Y')}`, '1Y'],
    [`${t('select_plan')} ${t('plan_names.LFT')}`, 'LFT'],
  ])
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('data-plan', plan!);
});

test('on a phone the chosen plan and its total stay in view while the cards scroll, and lead to the summary', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/checkout');
  await page.getByRole('button', { name: `${t('select_plan')} ${t('plan_names.6M')}`, exact: true }).click();
  const toSummary = page.getByRole('link', { name: t('continue') });
  await expect(toSummary).toBeInViewport();
  const total = await page.getByTestId('total').textContent();
  await expect(toSummary.locator('xpath=..')).toContainText(total!);
  await toSummary.click();
  await expect(page.getByRole('heading', { name: t('summary_heading') })).toBeInViewport();
  await expect(page.locator('#checkout-email')).toBeInViewport();
});

test('the card provider\'s return URL is reduced before the page shows (docs/commerce.md "Payment providers")', async ({ request }) => {
  const answer = await request.get(
    '/de/checkout?pay=stripe&tid=ord_AAAAAAAAAAAAAAAAAAAAAA&payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456&redirect_status=succeeded',
    { maxRedirects: 0 },
  );
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe('/de/checkout?pay=stripe&tid=ord_AAAAAAAAAAAAAAAAAAAAAA');
});
