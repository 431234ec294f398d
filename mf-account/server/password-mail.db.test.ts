import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createMailer } from '@reelkeep/platform/mail';
import { startSmtpInbox } from '@reelkeep/platform/testing/smtp-inbox';
import { getAuth } from './auth.ts';
import { listTestDatabases, useAccountApi } from './testing/account-harness.ts';

type MailTexts = { mail: Record<'reset' | 'invite', { subject: string; body: string }> };
const textsOf = (locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales', locale, 'forgot_password.json'), 'utf8')) as MailTexts;

/** The body of a mail text up to its first placeholder: the greeting line in the mail's language. */
const opening = (body: string) => body.slice(0, body.indexOf('{{')).trim() || body.split('\n')[0]!;

describe.each(listTestDatabases())('password mails on the local SMTP server, on %s', (_kind, open) => {
  const account = useAccountApi(open);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // The suite's host sends through SMTP, as a site with SMTP_URL does, instead of its outbox (the mailer the
    // gateway's copy of the context holds is this same object).
    Object.assign(account.context.mailer, createMailer({ smtpUrl: inbox.url, from: 'ReelKeep <support@reelkeep.test>', db: account.db }));
  });
  afterAll(async () => {
    await inbox?.close();
  });

  it.each([
    ['en', ''],
    ['de', '/de'],
  ])('a reset asked for from the %s page arrives in that language', async (locale, prefix) => {
    const email = `reset-${locale}-${Date.now()}@example.com`;
    await account.register(email);
    const { question, answer } = account.context.captcha.createArithmetic();
    const sent = await account.send('/api/account/forgot-password', {
      body: JSON.stringify({ email, locale, captcha_token: question.token, captcha_answer: answer }),
      from: account.newAddress(),
    });
    expect(sent.status).toBe(200);
    const mail = await inbox.waitFor(email);
    const texts = textsOf(locale).mail.reset;
    expect(mail.subject).toBe(texts.subject);
    expect(mail.text.startsWith(opening(texts.body))).toBe(true);
    expect(mail.text).toContain(texts.body.split('{{link}}')[1]!.trim());
    expect(mail.text).toMatch(new RegExp(`^https?://[^/]+${prefix}/reset-password\\?token=[\\w-]+$`, 'm'));
    expect(mail.text).not.toContain('{{');
  });

  it('the invitation of an account made at a German checkout is German, in English for an English one', async () => {
    const auth = await getAuth(account.context);
    for (const [locale, prefix] of [
      ['de', '/de'],
      ['en', ''],
    ] as const) {
      const email = `buyer-${locale}-${Date.now()}@example.com`;
      await (await auth.$context).internalAdapter.createUser({ email, name: 'buyer', emailVerified: false }, { method: 'email-password' });
      // What the checkout's account route asks for a buyer of that locale (internal-routes.ts).
      await auth.api.requestPasswordReset({ body: { email, redirectTo: `${prefix}/reset-password` } });
      const mail = await inbox.waitFor(email);
      const texts = textsOf(locale).mail.invite;
      expect(mail.subject).toBe(texts.subject);
      expect(mail.text).toContain(
        texts.body
          .replace(/\{\{link\}\}[\s\S]*$/, '')
          .replace('{{email}}', email)
          .trim(),
      );
      expect(mail.text).toMatch(new RegExp(`^https?://[^/]+${prefix}/reset-password\\?token=[\\w-]+$`, 'm'));
    }
  });
});
