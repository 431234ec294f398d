import { describe, expect, it } from '@jest/globals';
import { LIMIT, listTestDatabases, PASSWORD, useAccountApi } from './testing/account-harness.ts';

describe.each(listTestDatabases())('password routes on %s', (_kind, open) => {
  const account = useAccountApi(open);

  it('limits guessing of issued tokens (reset links, desktop hand-off) together, per address', async () => {
    const from = account.newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) {
      const answer =
        i % 2 === 0
          ? await account.send('/api/account/reset-password', {
              body: JSON.stringify({ token: `guessed-token-${i}-0123456789`, password: PASSWORD, locale: 'en' }),
              from,
            })
          : await account.send('/api/account/handoff', { body: { token: `guessed-token-${i}-0123456789`, locale: 'en' }, from });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 303, 400, 303, 400]);
    expect(
      (
        await account.send('/api/account/reset-password', {
          body: JSON.stringify({ token: 'guessed-token-x-0123456789', password: PASSWORD, locale: 'en' }),
          from,
        })
      ).status,
    ).toBe(429);
  });

  it('mails a reset link that opens the reset page of the locale with the token, not a library route', async () => {
    await account.register('reset@example.com');
    const { question, answer } = account.context.captcha.createArithmetic();
    expect(
      (
        await account.send('/api/account/forgot-password', {
          body: JSON.stringify({ email: 'reset@example.com', locale: 'ja', captcha_token: question.token, captcha_answer: answer }),
          from: account.newAddress(),
        })
      ).status,
    ).toBe(200);
    const [mail] = await account.db.query<{ body_text: string }>(
      `SELECT body_text FROM platform.mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      ['reset@example.com'],
    );
    const link = /(http:\S+)/.exec(mail!.body_text)![1]!;
    expect(link).toMatch(new RegExp(`^${account.origin}/ja/reset-password\\?token=[\\w-]+$`));
    const resetToken = new URL(link).searchParams.get('token')!;
    const reset = await account.send('/api/account/reset-password', {
      body: { token: resetToken, password: 'Renewed2026x', locale: 'ja' },
      from: account.newAddress(),
    });
    expect(reset.location).toBe('/ja/login?reset=1');
  });
});
