import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import type { Database } from './db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from './db/migrations.ts';
import { createMailer, MAIL_RETRY, planRetry } from './mail.ts';
import { listTestDatabases } from './testing/databases.ts';

/** A real SMTP server on a free port that records what it accepts and refuses while `refusing` is set. */
async function startRelay() {
  const received: { to: string; subject: string; raw: string }[] = [];
  const relay = {
    refusing: false,
    received,
    port: 0,
    server: new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          if (relay.refusing) return callback(Object.assign(new Error('mailbox unavailable, try later'), { responseCode: 451 }));
          received.push({ to: session.envelope.rcptTo[0]!.address, subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', raw });
          callback();
        });
      },
    }),
  };
  await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
  relay.port = (relay.server.server.address() as AddressInfo).port;
  return relay;
}

describe('mail retries', () => {
  it('waits 30 s after the first failure, doubles, caps at an hour and gives up after the last attempt', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(planRetry(1, now)).toEqual({ state: 'queued', nextAttemptAt: new Date('2026-11-28T12:00:30Z') });
    expect(planRetry(2, now).nextAttemptAt).toEqual(new Date('2026-11-28T12:01:00Z'));
    expect(MAIL_RETRY.delayMs(20)).toBe(3_600_000);
    expect(planRetry(MAIL_RETRY.maxAttempts - 1, now).state).toBe('queued');
    expect(planRetry(MAIL_RETRY.maxAttempts, now)).toEqual({ state: 'failed', nextAttemptAt: null });
  });
});

describe.each(listTestDatabases())('the outbox on %s', (_kind, open) => {
  let db: Database;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    relay = await startRelay();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => relay.server.close(() => resolve()));
    await db?.close();
  });

  const smtpUrl = () => `smtp://127.0.0.1:${relay.port}`;
  const received = (to: string) => relay.received.filter((mail) => mail.to === to);

  it('delivers at once and records the mail as sent', async () => {
    const mailer = createMailer({ smtpUrl: smtpUrl(), from: 'ReelKeep <no-reply@example.com>', db });
    const to = `now-${run}@example.com`;
    const result = await mailer.send({ to, subject: `Receipt ${run}`, text: 'Your key' });
    expect(result).toMatchObject({ via: 'smtp', state: 'sent' });
    expect(received(to)).toHaveLength(1);
    expect(await mailer.readOutbox(result.id)).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
  });

  it('keeps a mail the relay refuses, retries it when due, and never sends it twice from two instances', async () => {
    const first = createMailer({ smtpUrl: smtpUrl(), from: 'ReelKeep <no-reply@example.com>', db });
    const second = createMailer({ smtpUrl: smtpUrl(), from: 'ReelKeep <no-reply@example.com>', db });
    const to = `later-${run}@example.com`;
    relay.refusing = true;
    const result = await first.send({ to, subject: `Reset ${run}`, text: 'Choose a password' });
    expect(result).toMatchObject({ via: 'smtp', state: 'queued' });
    const stored = await first.readOutbox(result.id);
    expect(stored).toMatchObject({ state: 'queued', attempts: 1 });
    expect(stored!.last_error).toMatch(/try later/);
    expect(received(to)).toHaveLength(0);

    // Not due yet: nothing happens.
    relay.refusing = false;
    await first.deliverDue();
    expect(received(to)).toHaveLength(0);

    // Due: both instances look at once; the mail goes out once.
    const later = new Date(Date.now() + MAIL_RETRY.delayMs(1) + 1000);
    await Promise.all([first.deliverDue(later), second.deliverDue(later)]);
    expect(received(to)).toHaveLength(1);
    expect(await first.readOutbox(result.id)).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });

  it('takes over a mail whose sender died while sending', async () => {
    const mailer = createMailer({ smtpUrl: smtpUrl(), from: 'ReelKeep <no-reply@example.com>', db });
    const to = `crash-${run}@example.com`;
    // What a sender leaves behind when it is killed between claiming a mail and recording the outcome.
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO platform.mail_outbox (recipient, subject, body_text, state, attempts, lease_until)
       VALUES ($1, 'Welcome', 'Hello', 'sending', 1, now() + interval '2 minutes') RETURNING id::text`,
      [to],
    );
    await mailer.deliverDue();
    expect(received(to)).toHaveLength(0);
    await mailer.deliverDue(new Date(Date.now() + MAIL_RETRY.leaseMs + 1000));
    expect(received(to)).toHaveLength(1);
    expect(await mailer.readOutbox(row!.id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt and keeps the mail, which an operator can send again', async () => {
    const mailer = createMailer({ smtpUrl: smtpUrl(), from: 'ReelKeep <no-reply@example.com>', db });
    const to = `failed-${run}@example.com`;
    relay.refusing = true;
    const result = await mailer.send({ to, subject: `Newsletter ${run}`, text: 'Hello', headers: { 'List-Unsubscribe': '<https://example.com/u>' } });
    await db.query(`UPDATE platform.mail_outbox SET attempts = $2 - 1 WHERE id = $1`, [result.id, MAIL_RETRY.maxAttempts]);
    await mailer.deliverDue(new Date(Date.now() + 3_600_000 * 2));
    expect(await mailer.readOutbox(result.id)).toMatchObject({ state: 'failed', attempts: MAIL_RETRY.maxAttempts });
    await mailer.deliverDue(new Date(Date.now() + 3_600_000 * 4));
    expect(received(to)).toHaveLength(0);

    relay.refusing = false;
    const copy = await mailer.resend(result.id);
    expect(copy).toMatchObject({ state: 'sent' });
    expect(received(to)).toHaveLength(1);
    expect(received(to)[0]!.raw).toMatch(/List-Unsubscribe: <https:\/\/example.com\/u>/);
    expect(await mailer.readOutbox(copy!.id)).toMatchObject({ resent_from: result.id, state: 'sent' });
    expect(await mailer.resend('999999999999')).toBeNull();
    expect(await mailer.resend('not a number')).toBeNull();
  });

  it('without SMTP keeps every mail in the outbox for an operator to read', async () => {
    const mailer = createMailer({ from: 'ReelKeep <no-reply@example.com>', db });
    const result = await mailer.send({ to: `held-${run}@example.com`, subject: 'Choose a password', text: 'https://example.com/set' });
    expect(result).toMatchObject({ via: 'outbox', state: 'held' });
    expect(await mailer.deliverDue(new Date(Date.now() + 86_400_000))).toBe(0);
    expect((await mailer.listOutbox(5)).map((mail) => mail.id)).toContain(result.id);
  });

  it('deletes sent mails after the keeping period, never held or failed ones', async () => {
    const mailer = createMailer({ smtpUrl: smtpUrl(), from: 'ReelKeep <no-reply@example.com>', db });
    const sent = await mailer.send({ to: `old-${run}@example.com`, subject: 'Old', text: 'Old' });
    const held = await createMailer({ from: 'x <x@example.com>', db }).send({ to: `keep-${run}@example.com`, subject: 'Keep', text: 'Keep' });
    await mailer.prune(new Date(Date.now() + MAIL_RETRY.keepSentMs + 60_000));
    expect(await mailer.readOutbox(sent.id)).toBeNull();
    expect(await mailer.readOutbox(held.id)).not.toBeNull();
  });
});
