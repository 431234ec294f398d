import { expect, readText, test } from '../fixtures.ts';

const PASSWORD = 'Secret123!';
const t = (key: string) => readText('fr', 'checkout', key);
/** Cents of an amount as French pages write it (`1 234,50 $`). */
const toCents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);

test('spec: upgrade_id / applied_id give upgrade pricing against the existing licence: My account links it, the page shows what is charged', async ({
  page,
}) => {
  const email = `upgrade.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/fr/register');
  await page.locator('#register-name').fill('Uma');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: readText('fr', 'register', 'submit') }).click();
  await expect(page).toHaveURL(/\/fr\/my-account$/);

  const pay = async () => {
    await page
      .getByRole('button', { name: t('continue') })
      .last()
      .click();
    await page.locator('#card-number').fill('4242 4242 4242 4242');
    await page.locator('#card-expiry').fill('12/34');
    await page.locator('#card-cvc').fill('123');
    await page.locator('[data-order-id] button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: t('thanks_heading') })).toBeVisible();
  };
  await page.goto('/fr/checkout?plan=1M&os=win');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const paid = toCents(await page.getByTestId('total').textContent());
  await pay();

  // My account offers the upgrade of the 1-month licence to lifetime; the page prices it against the licence.
  await page.goto('/fr/my-account');
  await page.getByRole('link', { name: readText('fr', 'my_account', 'orders.upgrade') }).click();
  await expect(page).toHaveURL(/\/fr\/checkout\?upgrade_id=ord_[\w-]+&applied_id=10721LFT$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The credit is what was paid (in the visitor's price variant), less the cent its first seconds took; the
  // total is the lifetime price less the credit.
  const summary = page.getByRole('complementary', { name: t('summary_heading') });
  const planPrice = toCents(await summary.locator('dd').first().textContent());
  const credit = toCents((await page.getByTestId('upgrade-credit').textContent())!.replace('−', ''));
  expect(paid - credit).toBeGreaterThanOrEqual(0);
  expect(paid - credit).toBeLessThanOrEqual(1);
  const total = (await page.getByTestId('total').textContent())!;
  expect(toCents(total)).toBe(planPrice - credit);
  await expect(page.locator('#coupon-code')).toHaveCount(0);
  // Shown = charged: the card step asks for the same amount.
  await page
    .getByRole('button', { name: t('continue') })
    .last()
    .click();
  await expect(page.locator('[data-order-id] button[type="submit"]')).toContainText(total);
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  await page.locator('[data-order-id] button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: t('thanks_heading') })).toBeVisible();

  // The old licence is replaced: revoked in My account, and no longer offered for an upgrade.
  await page.goto('/fr/my-account');
  const orders = page.locator('[data-order]');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(1)).toContainText(readText('fr', 'my_account', 'orders.revoked'));
  await expect(orders.nth(1).getByRole('link', { name: readText('fr', 'my_account', 'orders.upgrade') })).toHaveCount(0);
});
