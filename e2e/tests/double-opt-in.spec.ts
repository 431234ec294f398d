import { AFTER_CAPTCHA, E2E_BASE_URL } from '../test-site.ts';
import { expect, readText, test, waitForReceivedMail } from '../fixtures.ts';

/**
 * docs/forms.md "Newsletter": double opt-in end to end, through the test site's SMTP server. The sign-up mails a
 * link in the visitor's language; opening it changes nothing until the page's button is pressed; the welcome mail
 * carries the RFC 8058 one-click unsubscribe, which a mail provider's bare POST uses.
 *
 * Sign-ups are limited per client address (NEWSLETTER_RATE_LIMIT): the journey that spends the limit does so from an
 * address of its own (frame.spec.ts), so this one may run before, beside or after it.
 */
test('newsletter in Japanese: the mailed link confirms from its page, and one POST to List-Unsubscribe unsubscribes', async ({ page }) => {
  const email = `newsletter-${Date.now().toString(36)}.e2e@example.com`;
  await page.goto('/ja/product-overview');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const box = page.locator('#newsletter');
  await box.getByLabel(readText('ja', 'common', 'newsletter.label')).fill(email);
  await box.getByRole('button', { name: readText('ja', 'common', 'newsletter.submit') }).click();
  // `succ` means "check your mail".
  await expect(box.getByRole('status')).toHaveText(readText('ja', 'common', 'newsletter.status.succ'), AFTER_CAPTCHA);

  const confirmation = await waitForReceivedMail(email, /\/newsletter\?confirm=/);
  expect(confirmation.subject).toBe(readText('ja', 'newsletter', 'mail.confirm.subject'));
  expect(confirmation.text).toContain(readText('ja', 'newsletter', 'mail.confirm.body'));
  expect(confirmation.headers['list-unsubscribe']).toBeUndefined();
  const link = /(http:\S+\/ja\/newsletter\?confirm=([\w-]+))/.exec(confirmation.text)!;

  // A mail scanner opening the link, or another site posting its token, confirms nothing.
  const scanned = await fetch(link[1]!);
  expect(scanned.status).toBe(200);
  expect(scanned.headers.get('cache-control')).toBe('private, no-store');
  const foreign = await fetch(`${E2E_BASE_URL}/api/site/newsletter/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    body: new URLSearchParams({ token: link[2]!, locale: 'ja' }),
  });
  expect(foreign.status).toBe(403);

  await page.goto(link[1]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('ja', 'newsletter', 'confirm.heading'));
  await page.getByRole('button', { name: readText('ja', 'newsletter', 'confirm.submit') }).click();
  await expect(page).toHaveURL(/\/ja\/newsletter\?result=confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(readText('ja', 'newsletter', 'result.confirmed.heading'));

  const welcome = await waitForReceivedMail(email, /\/newsletter\?unsubscribe=/);
  expect(welcome.subject).toBe(readText('ja', 'newsletter', 'mail.welcome.subject'));
  expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const oneClickUrl = /^<(http:\S+\/api\/site\/newsletter\/unsubscribe\/([\w.-]+))>$/.exec(welcome.headers['list-unsubscribe'] ?? '')!;
  // The visible link carries the same token.
  expect(welcome.text).toContain(`/ja/newsletter?unsubscribe=${oneClickUrl[2]}`);

  // As a mail provider sends it (RFC 8058): no session, no cookie, no CSRF token, from its own origin.
  const unsubscribed = await fetch(oneClickUrl[1]!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status).toBe(200);
  // The used confirmation link does not subscribe again (its page's button, posted from the site).
  const again = await fetch(`${E2E_BASE_URL}/api/site/newsletter/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: E2E_BASE_URL },
    body: new URLSearchParams({ token: link[2]!, locale: 'ja' }),
    redirect: 'manual',
  });
  expect(again.headers.get('location')).toBe('/ja/newsletter?result=invalid');
});
