import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createMailer } from '@reelkeep/platform/mail';
import { startSmtpInbox } from '@reelkeep/platform/testing/smtp-inbox';
import { listTestDatabases, useSandboxCheckout } from '../testing/checkout-harness.ts';

type Receipt = Record<'subject' | 'greeting' | 'key_line' | 'signature', string>;
const receiptOf = (locale: string) =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../locales', locale, 'checkout.json'), 'utf8')) as { receipt: Receipt }).receipt;

describe.each(listTestDatabases())('the receipt on the local SMTP server, on %s', (_kind, open) => {
  const checkout = useSandboxCheckout(open);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // The checkout sends through SMTP, as a site with SMTP_URL does, instead of its outbox.
    Object.assign(checkout.context.mailer, createMailer({ smtpUrl: inbox.url, from: 'ReelKeep <support@reelkeep.test>', db: checkout.db }));
  });
  afterAll(async () => {
    await inbox?.close();
  });

  it.each(['de', 'en'])('arrives in the language the order was placed in (%s)', async (locale) => {
    const email = `receipt-${locale}-${Date.now()}@example.com`;
    const placed = await checkout.order('107211Y', { email, locale });
    expect((await checkout.pay(placed.id, '4242424242424242')).body.order).toMatchObject({ status: 'paid' });
    const mail = await inbox.waitFor(email);
    const texts = receiptOf(locale);
    expect(mail.subject).toBe(texts.subject.replace('{{order}}', placed.id));
    expect(mail.text.startsWith(`${texts.greeting}\n`)).toBe(true);
    expect(mail.text).toMatch(new RegExp(`^${texts.key_line.replace('{{key}}', '\\S+')}$`, 'm'));
    expect(mail.text.trimEnd().endsWith(texts.signature)).toBe(true);
    expect(mail.text).not.toContain('{{');
  });
});
