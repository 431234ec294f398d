import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import { createRedisClient } from '@reelkeep/platform/redis';
import { readServiceUrl } from '@reelkeep/platform/testing/external-services';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import api from './api.ts';
import { CAPTCHA_AFTER, GUARD_DELAY_MS, listTestDatabases, PASSWORD, sessionOf, useAccountApi, type AccountApi } from './testing/account-harness.ts';
import { passAccountGuard, recordAccountFailure, RESET_MAILS_PER_HOUR } from './account-gate.ts';

/** A PostgreSQL test database keeps its outbox across runs: every address of this suite is new to it. */
const RUN = randomUUID().slice(0, 8);

/** A fresh answer to the no-JavaScript question, as a visitor who read it would send it. */
function answerCaptcha(account: AccountApi): { captcha_token: string; captcha_answer: string } {
  const { question, answer } = account.context.captcha.createArithmetic();
  return { captcha_token: question.token, captcha_answer: answer };
}

/** The outbox messages to one address (newest first). */
async function readMails(account: AccountApi, recipient: string) {
  return account.db.query<{ subject: string; body_text: string }>(
    'SELECT subject, body_text FROM platform.mail_outbox WHERE recipient = $1 ORDER BY id DESC',
    [recipient],
  );
}

/** Asks for a reset link from an address of its own and returns the mailed token. */
async function requestResetToken(account: AccountApi, email: string): Promise<string> {
  const asked = await account.send('/api/account/forgot-password', {
    body: JSON.stringify({ email, locale: 'en', ...answerCaptcha(account) }),
    from: account.newAddress(),
  });
  expect(asked.status).toBe(200);
  const [mail] = await readMails(account, email);
  return new URL(/(http:\S+)/.exec(mail!.body_text)![1]!).searchParams.get('token')!;
}

describe.each(listTestDatabases())('account guards on %s', (_kind, open) => {
  const account = useAccountApi(open);

  describe('desktop hand-off (audit: a link on any site replaced the visitor’s session)', () => {
    /** A hand-off token issued to the signed-in app of `email`. */
    async function issueHandoffToken(email: string): Promise<string> {
      const session = await account.register(email);
      const issued = await account.send('/api/account/auth/one-time-token/generate', { cookie: session });
      expect(issued.status).toBe(200);
      return issued.body.token as string;
    }

    it('a GET from any link only leads to the confirmation page: no session, the token still unused', async () => {
      const token = await issueHandoffToken('app-owner@example.com');
      const link = await account.send(`/api/account/handoff?token=${token}&client_e=${btoa('app-owner@example.com')}&locale=de`, {
        origin: 'http://evil.test',
        from: account.newAddress(),
      });
      expect(link.status).toBe(303);
      expect(link.location).toBe(`/de/login?token=${token}&client_e=${encodeURIComponent(btoa('app-owner@example.com'))}`);
      expect(sessionOf(link)).toBe('');
      // Whose token it is stays between the site's servers (no oracle for outsiders)…
      expect((await account.send(`/api/account/internal/handoff-token?token=${token}`)).status).toBe(404);
      // …and the token is still there for the visitor's confirmation.
      const confirmed = await account.send('/api/account/handoff', { body: { token, locale: 'de' }, from: account.newAddress() });
      expect(confirmed.location).toBe('/de/my-account');
      expect(sessionOf(confirmed)).not.toBe('');
    });

    it('is used only by a confirmation posted from the site, never from another origin', async () => {
      const token = await issueHandoffToken('confirmer@example.com');
      const foreign = await account.send('/api/account/handoff', {
        body: { token, locale: 'en' },
        origin: 'http://evil.test',
        from: account.newAddress(),
      });
      expect(foreign.status).toBe(403);
      expect(sessionOf(foreign)).toBe('');
      const confirmed = await account.send('/api/account/handoff', { body: { token, locale: 'en' }, from: account.newAddress() });
      expect(confirmed.status).toBe(303);
      expect(confirmed.location).toBe('/my-account');
      const session = await account.send('/api/account/session', { cookie: sessionOf(confirmed) });
      expect((session.body.user as { email: string }).email).toBe('confirmer@example.com');
    });

    it('never replaces the session of another account unasked, and does when the visitor confirms the switch', async () => {
      const attackerToken = await issueHandoffToken('attacker@example.com');
      const victim = await account.register('victim@example.com');
      const unasked = await account.send('/api/account/handoff', {
        body: { token: attackerToken, locale: 'en' },
        cookie: victim,
        from: account.newAddress(),
      });
      expect(unasked.status).toBe(303);
      expect(unasked.location).toBe(`/login?token=${attackerToken}&client_e=&error=handoff_other_session`);
      expect(sessionOf(unasked)).toBe('');
      const still = await account.send('/api/account/session', { cookie: victim });
      expect((still.body.user as { email: string }).email).toBe('victim@example.com');
      const asked = await account.send('/api/account/handoff', {
        body: { token: attackerToken, locale: 'en', replace: '1' },
        cookie: victim,
        from: account.newAddress(),
      });
      const switched = await account.send('/api/account/session', { cookie: sessionOf(asked) });
      expect((switched.body.user as { email: string }).email).toBe('attacker@example.com');
    });
  });

  describe('per-account limits (audit: 30 addresses × 10 guesses on one account were all evaluated)', () => {
    const login = (email: string, password: string, extra: Record<string, string> = {}) =>
      account.send('/api/account/login', { body: JSON.stringify({ email, password, locale: 'en', ...extra }), from: account.newAddress() });

    it('after a few failures from many addresses, every attempt needs a fresh captcha and waits, the right password included', async () => {
      const email = 'targeted@example.com';
      await account.register(email);
      for (let i = 0; i < CAPTCHA_AFTER; i += 1) expect((await login(email, `Wrong${i}pass1`)).body.problems).toEqual({ form: 'invalid' });
      for (let i = 0; i < 4; i += 1) {
        const started = Date.now();
        const guessed = await login(email, i === 3 ? PASSWORD : `Again${i}pass1`);
        expect(Date.now() - started).toBeGreaterThanOrEqual(GUARD_DELAY_MS - 5);
        expect(guessed.status).toBe(401);
        expect(guessed.body.problems).toEqual({ form: 'captcha_required' });
        expect(sessionOf(guessed)).toBe('');
      }
      // Another spelling of the same address is the same account.
      expect((await login('Targeted@Example.com', PASSWORD)).body.problems).toEqual({ form: 'captcha_required' });
      // The owner is never locked out: a fresh captcha and the right password open the account.
      const captcha = answerCaptcha(account);
      const owner = await login(email, PASSWORD, captcha);
      expect(owner.status).toBe(200);
      expect(sessionOf(owner)).not.toBe('');
      // A captcha is good for one attempt only.
      expect((await login(email, PASSWORD, captcha)).body.problems).toEqual({ form: 'captcha_required' });
    });

    it('a burst of parallel guesses cannot slip in before its failures are counted: only a few are evaluated', async () => {
      const email = `burst-${RUN}@example.com`;
      await account.register(email);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, i === 39 ? PASSWORD : `Burst${i}pass1`)));
      const evaluated = answers.filter((answer) => answer.body.problems && (answer.body.problems as { form?: string }).form !== 'captcha_required');
      expect(evaluated.length).toBeLessThanOrEqual(CAPTCHA_AFTER * 4);
      expect(answers.filter((answer) => (answer.body.problems as { form?: string }).form === 'captcha_required').length).toBeGreaterThanOrEqual(
        40 - CAPTCHA_AFTER * 4,
      );
    });

    it('a form post without JavaScript is sent back to the login page, which then asks its question', async () => {
      const email = 'no-script@example.com';
      await account.register(email);
      for (let i = 0; i < CAPTCHA_AFTER; i += 1) await login(email, `Wrong${i}pass1`);
      const form = await account.send('/api/account/login', { body: { email, password: PASSWORD, locale: 'fr' }, from: account.newAddress() });
      expect(form.status).toBe(303);
      expect(new URLSearchParams(form.location!.split('?')[1]).get('error')).toBe('captcha_required');
      const answered = await account.send('/api/account/login', {
        body: { email, password: PASSWORD, locale: 'fr', ...answerCaptcha(account) },
        from: account.newAddress(),
      });
      expect(answered.location).toBe('/fr/my-account');
    });

    it('tells the owner by mail once per window, however many attempts follow, and an unknown address mails nobody', async () => {
      const email = `warned-${RUN}@example.com`;
      await account.register(email);
      for (let i = 0; i < CAPTCHA_AFTER + 3; i += 1) await login(email, `Wrong${i}pass1`, answerCaptcha(account));
      const warnings = (await readMails(account, email)).filter((mail) => mail.body_text.includes('/forgot-password'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.subject).toBe('Failed sign-in attempts on your ReelKeep account');
      for (let i = 0; i < CAPTCHA_AFTER + 1; i += 1) await login(`nobody-here-${RUN}@example.com`, `Wrong${i}pass1`, answerCaptcha(account));
      expect(await readMails(account, `nobody-here-${RUN}@example.com`)).toHaveLength(0);
    });

    it('sends a recipient at most a few reset mails an hour, with the same answer for the ones it does not send', async () => {
      const email = `reset-flood-${RUN}@example.com`;
      await account.register(email);
      const statuses: number[] = [];
      for (let i = 0; i < RESET_MAILS_PER_HOUR + 4; i += 1)
        statuses.push(
          (
            await account.send('/api/account/forgot-password', {
              body: JSON.stringify({ email, locale: 'en', ...answerCaptcha(account) }),
              from: account.newAddress(),
            })
          ).status,
        );
      expect(statuses).toEqual(Array(RESET_MAILS_PER_HOUR + 4).fill(200));
      expect((await readMails(account, email)).filter((mail) => mail.body_text.includes('/reset-password?token='))).toHaveLength(
        RESET_MAILS_PER_HOUR,
      );
    });
  });

  const redisUrl = readServiceUrl('TEST_REDIS_URL');
  (redisUrl ? it : it.skip)('counts the failures of an account across instances through Redis, and mails its owner once', async () => {
    const redis = createRedisClient(redisUrl!);
    try {
      while (redis.status !== 'ready') await sleep(20);
      const run = randomUUID();
      // Two instances: each its own context and limiters, one Redis.
      const [first, second] = [1, 2].map(() => ({
        ...createTestHostContext(account.db, {
          module: api,
          env: { ACCOUNT_CAPTCHA_AFTER: String(CAPTCHA_AFTER), ACCOUNT_GUARD_DELAY_MS: '0' },
        }),
        createRateLimiter: (name: string, limit: number, windowMs: number) => createRateLimiter({ name: `${name}-${run}`, limit, windowMs, redis }),
      }));
      const email = `shared-${run}@example.com`;
      await account.register(email);
      await Promise.all(Array.from({ length: CAPTCHA_AFTER * 4 }, (_, i) => recordAccountFailure(i % 2 ? first! : second!, email, 'en')));
      expect(await passAccountGuard(first!, email, {})).toBe('captcha_required');
      expect(await passAccountGuard(second!, email, {})).toBe('captcha_required');
      expect((await readMails(account, email)).filter((mail) => mail.body_text.includes('/forgot-password'))).toHaveLength(1);
      expect(await passAccountGuard(second!, `other-${run}@example.com`, {})).toBe('open');
    } finally {
      redis.disconnect();
    }
  });

  describe('reset links (audit: an older link still worked after another was used)', () => {
    it('using one link ends every other link of the account and every session', async () => {
      const email = `two-links-${RUN}@example.com`;
      const session = await account.register(email);
      const first = await requestResetToken(account, email);
      const second = await requestResetToken(account, email);
      expect(first).not.toBe(second);
      const reset = await account.send('/api/account/reset-password', {
        body: { token: second, password: 'Renewed2026x', locale: 'en' },
        from: account.newAddress(),
      });
      expect(reset.location).toBe('/login?reset=1');
      const old = await account.send('/api/account/reset-password', {
        body: JSON.stringify({ token: first, password: 'Hijacked2026x', locale: 'en' }),
        from: account.newAddress(),
      });
      expect(old.status).toBe(400);
      expect(old.body.problems).toEqual({ form: 'token_invalid' });
      expect((await account.send('/api/account/session', { cookie: session })).body.signedIn).toBe(false);
      const signIn = await account.send('/api/account/login', {
        body: JSON.stringify({ email, password: 'Renewed2026x', locale: 'en' }),
        from: account.newAddress(),
      });
      expect(signIn.status).toBe(200);
    });
  });
});
