import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { listTestDatabases, openTestPglite } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { CLIENT_IP_HEADER } from '@reelkeep/shared-contracts';
import * as z from 'zod/mini';
import siteApi from './api.ts';
import { newsletterConfirmRoute, newsletterPreferenceRoutes, newsletterRoute, newsletterUnsubscribeRoutes } from './newsletter.ts';
import { CONFIRM_MAIL_INTERVAL_MS } from './newsletter-rules.ts';
import { hashToken, isSubscribed, setAccountChoice } from './newsletter-subscriptions.ts';
import type { SiteSettings } from './settings.ts';

const SITE_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const SITE_URL = 'https://www.reelkeep.test';
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const [oneClickRoute, unsubscribePageRoute] = newsletterUnsubscribeRoutes as [ApiRoute<SiteSettings>, ApiRoute<SiteSettings>];

/** A translation of the newsletter namespace, as the mails use it. */
async function readMailText(locale: string, key: string): Promise<string> {
  const { default: texts } = (await import(path.join(LOCALES_DIR, locale, 'newsletter.json'), { with: { type: 'json' } })) as {
    default: Record<string, unknown>;
  };
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
}

const OUTBOX_ROW = z.object({ subject: z.string(), body_text: z.string(), headers: z.nullable(z.record(z.string(), z.string())) });
const ANSWER = z.looseObject({ cscode: z.number() });
/** A JSON answer of any status, parsed. */
const readAnswer = async (response: Response) => ANSWER.parse(await response.json());

describe.each(listTestDatabases())('newsletter double opt-in on %s', (_kind, open) => {
  let db: Database;
  let context: HostContext<SiteSettings>;
  // Each run uses its own addresses: a shared PostgreSQL keeps earlier runs' rows.
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const address = (name: string) => `${name}.${run}@example.com`;
  let clientIp = 0;

  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await applyMigrations(db, 'site', SITE_MIGRATIONS_DIR);
    context = createTestHostContext(db, { module: siteApi, env: { NEWSLETTER_RATE_LIMIT: '3', SITE_URL } });
  });
  afterAll(() => db.close());

  /** A request from the site's page, each from its own client address unless one is given. */
  const request = (url: string, init: { method?: string; body?: BodyInit; type?: string; headers?: Record<string, string> } = {}) =>
    new Request(`${SITE_URL}${url}`, {
      method: init.method ?? 'POST',
      body: init.body,
      headers: { ...(init.type ? { 'content-type': init.type } : {}), [CLIENT_IP_HEADER]: `10.1.0.${(clientIp += 1)}`, ...init.headers },
    });
  /** A sign-up as the footer box's script sends it, with a solved captcha. */
  const signUp = (email: string, locale = 'en', headers: Record<string, string> = {}) => {
    const { question, answer } = context.captcha.createArithmetic();
    const body = JSON.stringify({ email, type: 2, locale, captcha_token: question.token, captcha_answer: answer });
    return newsletterRoute.handle(request('/email/report', { body, type: 'application/json', headers }), context);
  };
  const confirm = (token: string, locale = 'fr') =>
    newsletterConfirmRoute.handle(
      request('/api/site/newsletter/confirm', { body: new URLSearchParams({ token, locale }).toString(), type: 'application/x-www-form-urlencoded' }),
      context,
    );
  /** The one-click POST a mail provider sends (RFC 8058): no cookie, no origin, no CSRF token. */
  const oneClick = (url: string, body: string | FormData = 'List-Unsubscribe=One-Click') =>
    oneClickRoute.handle(
      // A FormData body brings its own multipart/form-data type.
      new Request(url, { method: 'POST', body, headers: typeof body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {} }),
      context,
    );
  const mailsTo = async (email: string) =>
    (await db.query(`SELECT subject, body_text, headers FROM platform.mail_outbox WHERE recipient = $1 ORDER BY id`, [email])).map((row) =>
      OUTBOX_ROW.parse(row),
    );
  const linkIn = (text: string, name: 'confirm' | 'unsubscribe') => {
    const match = new RegExp(`(https://\\S+/newsletter\\?${name}=([\\w.-]+))`).exec(text);
    if (!match) throw new Error(`no ${name} link in ${text}`);
    return { url: match[1]!, token: match[2]! };
  };
  const readRow = async (email: string) => {
    const [row] = await db.query<{ confirm_token_hash: string | null; source: string }>(
      'SELECT confirm_token_hash, source FROM site.newsletter_subscriptions WHERE email_normalized = $1',
      [email.toLowerCase()],
    );
    return row;
  };

  it('keeps a sign-up pending and mails one confirmation link in the visitor language, stored only as a hash', async () => {
    const email = address('Mei');
    expect(await readAnswer(await signUp(email, 'ja'))).toEqual({ cscode: 200, status: 'succ' });
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(await readMailText('ja', 'mail.confirm.subject'));
    expect(mail!.body_text).toContain(await readMailText('ja', 'mail.confirm.ignore'));
    // The confirmation is not a newsletter mail: it carries no list fields.
    expect(mail!.headers).toBeNull();
    const link = linkIn(mail!.body_text, 'confirm');
    expect(link.url.startsWith(`${SITE_URL}/ja/newsletter?confirm=`)).toBe(true);
    const row = await readRow(email);
    expect(row?.confirm_token_hash).toBe(hashToken(link.token));
    expect(row?.confirm_token_hash).not.toContain(link.token);
    expect(await isSubscribed(db, email)).toBe(false);
  });

  it('answers a new, a pending and a confirmed address alike, and mails an address at most once a window', async () => {
    const email = address('ana');
    const answers = [await signUp(email), await signUp(email.toUpperCase())];
    expect((await mailsTo(email)).length).toBe(1);
    expect(await confirm(linkIn((await mailsTo(email))[0]!.body_text, 'confirm').token)).toHaveProperty('status', 303);
    answers.push(await signUp(email));
    for (const answer of answers) expect(await readAnswer(answer)).toEqual({ cscode: 200, status: 'succ' });
    // One confirmation and the welcome: the confirmed address got no second confirmation.
    expect((await mailsTo(email)).map((mail) => mail.headers === null)).toEqual([true, false]);

    const pending = address('bea');
    await signUp(pending);
    await signUp(pending);
    expect((await mailsTo(pending)).length).toBe(1);
    const first = linkIn((await mailsTo(pending))[0]!.body_text, 'confirm');
    // A window later, a sign-up mails a new link, which replaces the first one.
    await db.query(
      `UPDATE site.newsletter_subscriptions SET confirm_sent_at = confirm_sent_at - $2 * interval '1 millisecond' WHERE email_normalized = $1`,
      [pending, CONFIRM_MAIL_INTERVAL_MS],
    );
    await signUp(pending);
    const mails = await mailsTo(pending);
    expect(mails.length).toBe(2);
    expect((await confirm(first.token)).headers.get('location')).toBe('/fr/newsletter?result=invalid');
    expect((await confirm(linkIn(mails[1]!.body_text, 'confirm').token)).headers.get('location')).toBe('/fr/newsletter?result=confirmed');
  });

  it('confirms once (pending → confirmed), takes a second click as harmless, and sends one welcome mail with a one-click unsubscribe', async () => {
    const email = address('camille');
    await signUp(email, 'fr');
    const link = linkIn((await mailsTo(email))[0]!.body_text, 'confirm');
    const first = await confirm(link.token);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/fr/newsletter?result=confirmed');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await isSubscribed(db, email)).toBe(true);
    expect((await confirm(link.token)).headers.get('location')).toBe('/fr/newsletter?result=confirmed');

    const [, welcome, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(welcome!.subject).toBe(await readMailText('fr', 'mail.welcome.subject'));
    const visible = linkIn(welcome!.body_text, 'unsubscribe');
    expect(visible.url).toBe(`${SITE_URL}/fr/newsletter?unsubscribe=${visible.token}`);
    expect(welcome!.headers).toEqual({
      'List-Unsubscribe': `<${SITE_URL}/api/site/newsletter/unsubscribe/${visible.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // A script's call gets the outcome as JSON.
    const json = await newsletterConfirmRoute.handle(
      request('/api/site/newsletter/confirm', { body: JSON.stringify({ token: link.token }), type: 'application/json' }),
      context,
    );
    expect(await readAnswer(json)).toEqual({ cscode: 200, result: 'confirmed' });
  });

  it('refuses an expired link, a forged one and a malformed one, and confirms nothing with them', async () => {
    const email = address('dora');
    await signUp(email, 'de');
    const link = linkIn((await mailsTo(email))[0]!.body_text, 'confirm');
    // CONFIRM_TOKEN_TTL_MS later: the link's expiry is behind us.
    await db.query(
      `UPDATE site.newsletter_subscriptions SET confirm_expires_at = confirm_sent_at - interval '1 second' WHERE email_normalized = $1`,
      [email],
    );
    expect((await confirm(link.token, 'de')).headers.get('location')).toBe('/de/newsletter?result=expired');
    expect((await confirm(`${link.token.slice(0, -2)}xx`, 'de')).headers.get('location')).toBe('/de/newsletter?result=invalid');
    expect((await confirm('short', 'de')).headers.get('location')).toBe('/de/newsletter?result=invalid');
    expect(await isSubscribed(db, email)).toBe(false);
  });

  it('unsubscribes with the RFC 8058 POST and a valid token only; a GET changes nothing; a used confirmation link never subscribes again', async () => {
    const email = address('eve');
    await signUp(email, 'it');
    const link = linkIn((await mailsTo(email))[0]!.body_text, 'confirm');
    await confirm(link.token, 'it');
    const welcome = (await mailsTo(email))[1]!;
    const url = /^<(.+)>$/.exec(welcome.headers!['List-Unsubscribe']!)![1]!;
    const token = url.slice(url.lastIndexOf('/') + 1);

    // Opening the URL (a person, a scanner) leads to the page's button.
    const opened = await unsubscribePageRoute.handle(new Request(url), context);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/it/newsletter?unsubscribe=${token}`);
    expect(await isSubscribed(db, email)).toBe(true);

    // A token for another row, or with another hash, is refused.
    const [id, hash] = token.split('.') as [string, string];
    expect((await oneClick(url.replace(token, `${Number(id) + 1}.${hash}`))).status).toBe(404);
    expect((await oneClick(url.replace(token, `${id}.${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`))).status).toBe(404);
    expect((await oneClick(url, 'List-Unsubscribe=Yes')).status).toBe(400);
    expect(await isSubscribed(db, email)).toBe(true);

    expect(await readAnswer(await oneClick(url))).toEqual({ cscode: 200 });
    expect(await isSubscribed(db, email)).toBe(false);
    // Again, and as multipart/form-data (RFC 8058 allows both): harmless.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await oneClick(url, form)).status).toBe(200);
    // The page's own button adds its locale and gets the page back.
    const fromPage = await oneClick(url, 'List-Unsubscribe=One-Click&locale=it');
    expect(fromPage.headers.get('location')).toBe('/it/newsletter?result=unsubscribed');

    expect((await confirm(link.token, 'it')).headers.get('location')).toBe('/it/newsletter?result=invalid');
    expect(await isSubscribed(db, email)).toBe(false);
    expect(oneClickRoute.callers).toBe('any');
    expect(newsletterConfirmRoute.callers ?? 'site').toBe('site');
  });

  it('needs the captcha: a wrong answer fails, and a form post without one goes to the page that asks it', async () => {
    const email = address('fay');
    const json = await newsletterRoute.handle(
      request('/email/report', { body: JSON.stringify({ email, type: 2 }), type: 'application/json' }),
      context,
    );
    expect(await readAnswer(json)).toEqual({ cscode: 400, status: 'fail' });
    const form = await newsletterRoute.handle(
      request('/email/report', { body: `email=${encodeURIComponent(email)}&type=2&locale=de`, type: 'application/x-www-form-urlencoded' }),
      context,
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/de/newsletter?step=captcha#subscribe');
    const { question } = context.captcha.createArithmetic();
    const wrong = await newsletterRoute.handle(
      request('/email/report', {
        body: new URLSearchParams({ email, type: '2', captcha_token: question.token, captcha_answer: '999' }).toString(),
        type: 'application/x-www-form-urlencoded',
        headers: { referer: `${SITE_URL}/de/newsletter?step=captcha` },
      }),
      context,
    );
    expect(wrong.headers.get('location')).toBe('/de/newsletter?step=captcha&newsletter=fail#newsletter');
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a wrong type and a malformed address, and limits sign-ups per client address', async () => {
    const ip = { [CLIENT_IP_HEADER]: '10.0.0.9' };
    const post = (body: unknown) =>
      newsletterRoute.handle(request('/email/report', { body: JSON.stringify(body), type: 'application/json', headers: ip }), context);
    expect((await post({ email: address('a'), type: 1 })).status).toBe(400);
    expect(await readAnswer(await post({ email: 'a@b', type: 2 }))).toEqual({ cscode: 400, status: 'format' });
    await post({ email: address('a'), type: 2 });
    const limited = await post({ email: address('a'), type: 2 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('600');
  });

  it("My account's switch on an address the account has not proven mails a confirmation instead of subscribing it; a proven one is confirmed", async () => {
    const [, choose] = newsletterPreferenceRoutes as [ApiRoute<SiteSettings>, ApiRoute<SiteSettings>];
    const signedIn = (email: string, emailVerified: boolean) =>
      createTestHostContext(db, {
        module: siteApi,
        env: { SITE_URL },
        fetchApi: async (path) =>
          path === '/api/account/session'
            ? Response.json({ signedIn: true, user: { id: 'u1', email, name: 'Owner', hasPassword: true, emailVerified } })
            : new Response(null, { status: 404 }),
      });
    const post = (owner: HostContext<SiteSettings>) =>
      choose.handle(
        request('/api/site/newsletter-preference', {
          body: JSON.stringify({ subscribed: 'true', locale: 'it' }),
          type: 'application/json',
          headers: { cookie: 'session=1' },
        }),
        owner,
      );

    const unproven = address('someone-else');
    expect(await readAnswer(await post(signedIn(unproven, false)))).toEqual({ cscode: 200, subscribed: false, pending: true });
    expect(await isSubscribed(db, unproven)).toBe(false);
    expect((await mailsTo(unproven)).map((mail) => mail.subject)).toEqual([await readMailText('it', 'mail.confirm.subject')]);
    // Asking again within the hour sends no second mail.
    await post(signedIn(unproven, false));
    expect(await mailsTo(unproven)).toHaveLength(1);

    const proven = address('google-user');
    expect(await readAnswer(await post(signedIn(proven, true)))).toEqual({ cscode: 200, subscribed: true, pending: false });
    expect(await isSubscribed(db, proven)).toBe(true);
    expect(await mailsTo(proven)).toEqual([]);
  });

  it("My account's switch is the signed-in owner's own choice: on is confirmed, off unsubscribed", async () => {
    const email = address('gil');
    await setAccountChoice(db, { email, locale: 'pt', subscribed: true });
    expect(await isSubscribed(db, email)).toBe(true);
    await setAccountChoice(db, { email, locale: 'pt', subscribed: false });
    expect(await isSubscribed(db, email)).toBe(false);
    expect((await readRow(email))?.source).toBe('account');
  });
});

describe('subscribers from before double opt-in', () => {
  it('are pending after the migration: not counted, and a new sign-up mails them a confirmation', async () => {
    const db = await openTestPglite();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    // The schema as the previous release left it, with a row its footer box wrote.
    const before = await mkdtemp(path.join(tmpdir(), 'newsletter-migrations-'));
    for (const file of (await readdir(SITE_MIGRATIONS_DIR)).filter((name) => name < '0004'))
      await copyFile(path.join(SITE_MIGRATIONS_DIR, file), path.join(before, file));
    await applyMigrations(db, 'site', before);
    await db.query(
      `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source) VALUES ('old@example.com', 'old@example.com', 'es', 'footer')`,
    );
    expect(await applyMigrations(db, 'site', SITE_MIGRATIONS_DIR)).toContain('0004_newsletter_double_opt_in.sql');
    expect(await isSubscribed(db, 'old@example.com')).toBe(false);

    const context = createTestHostContext(db, { module: siteApi, env: { SITE_URL } });
    const { question, answer } = context.captcha.createArithmetic();
    const body = JSON.stringify({ email: 'old@example.com', type: 2, locale: 'es', captcha_token: question.token, captcha_answer: answer });
    await newsletterRoute.handle(
      new Request(`${SITE_URL}/email/report`, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
      context,
    );
    const [mail] = await db.query<{ subject: string }>(`SELECT subject FROM platform.mail_outbox WHERE recipient = 'old@example.com'`);
    expect(mail?.subject).toBe(await readMailText('es', 'mail.confirm.subject'));
    await db.close();
  });
});
