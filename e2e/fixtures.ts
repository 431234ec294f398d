import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod/mini';
import { stopLeftoverLoads } from './load.ts';
import { adminReleasesAnswerSchema } from './operator-answers.ts';
import {
  E2E_OWNER_KEY,
  E2E_BASE_URL,
  E2E_CAPTCHA_HMAC_KEY,
  E2E_CONSENT_STATE,
  E2E_ENV,
  E2E_FIXTURES_FILE,
  E2E_MAILBOX_FILE,
  FROM_SITE,
  type E2EFixtures,
} from './test-site.ts';

const run = promisify(execFile);
const ROOT_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Reads a JSON answer (a `fetch` Response or a Playwright APIResponse) with its schema: parsed, never cast. An
 * answer that does not fit fails the journey here, naming the fields that differ.
 */
export async function readJson<Answer>(response: { json(): Promise<unknown> }, schema: { parse(value: unknown): Answer }): Promise<Answer> {
  return schema.parse(await response.json());
}

type Dictionary = { [key: string]: string | Dictionary };

/** A translation as the site shows it: `readText('de', 'common', 'nav.posts')`. */
export function readText(locale: string, namespace: string, key: string): string {
  const dictionary = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', locale, `${namespace}.json`), 'utf8')) as Dictionary;
  const value = key
    .split('.')
    .reduce<string | Dictionary | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), dictionary);
  if (typeof value !== 'string') throw new Error(`no text ${locale}/${namespace}:${key}`);
  return value;
}

/** The title of a guide or policy document in a locale, from its front matter. */
export function readDocumentTitle(kind: 'articles' | 'policies', locale: string, slug: string): string {
  const text = readFileSync(path.join(ROOT_DIR, 'mf-blog', 'content', kind, locale, `${slug}.md`), 'utf8');
  return (parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)![1]!) as { title: string }).title;
}

/** Decodes a quoted-printable body (soft line breaks and =XX bytes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** One mail as the test site's SMTP server appends it to the mailbox file: its recipients and raw text. */
const MAILBOX_ENTRY = z.looseObject({ to: z.array(z.string()), raw: z.string() });

/** Every mail to an address the test site's SMTP server has received so far, decoded, oldest first. */
export function listMails(to: string): string[] {
  const lines = existsSync(E2E_MAILBOX_FILE) ? readFileSync(E2E_MAILBOX_FILE, 'utf8').trim().split('\n').filter(Boolean) : [];
  return lines
    .map((line) => MAILBOX_ENTRY.parse(JSON.parse(line)))
    .filter((entry) => entry.to.includes(to))
    .map((entry) => decodeQuotedPrintable(entry.raw));
}

/** Waits for a mail to an address (optionally one whose text matches) on the test site's SMTP server and returns its decoded text. */
export async function waitForMail(to: string, timeoutMs = 10_000, matching?: RegExp): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = existsSync(E2E_MAILBOX_FILE) ? readFileSync(E2E_MAILBOX_FILE, 'utf8').trim().split('\n').filter(Boolean) : [];
    const mail = lines
      .map((line) => MAILBOX_ENTRY.parse(JSON.parse(line)))
      .reverse()
      .find((entry) => entry.to.includes(to) && (!matching || matching.test(decodeQuotedPrintable(entry.raw))));
    if (mail) return decodeQuotedPrintable(mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** A mail as a mail client reads it: its header fields (names lowercased, folded lines joined), subject and text. */
export interface ReceivedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); the space between two of them is not text. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Reads a raw single-part mail: headers, then a base64 or quoted-printable (or plain) body. */
export function parseMail(raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, subject: decodeEncodedWords(headers.subject ?? ''), text: text.replace(/\r\n/g, '\n') };
}

/** Waits for a mail to an address whose text matches, as a mail client would show it (any transfer encoding). */
export async function waitForReceivedMail(to: string, matching: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = existsSync(E2E_MAILBOX_FILE) ? readFileSync(E2E_MAILBOX_FILE, 'utf8').trim().split('\n').filter(Boolean) : [];
    const mail = lines
      .map((line) => MAILBOX_ENTRY.parse(JSON.parse(line)))
      .filter((entry) => entry.to.includes(to))
      .map((entry) => parseMail(entry.raw))
      .reverse()
      .find((parsed) => matching.test(parsed.text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${matching} within ${timeoutMs} ms`);
}

/** Runs a release command (`promote`, `rollback`) against the test site's registry, as an operator would. */
export async function runRelease(...args: string[]): Promise<string> {
  return runReleaseIn(E2E_ENV, ...args);
}

/** The same against another site's configuration (its own database and Redis). */
export async function runReleaseIn(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['platform/src/release/cli.ts', ...args], { cwd: ROOT_DIR, env: { ...process.env, ...env } });
  return stdout;
}

/** The admin status of the test site. */
export async function readAdminStatus(): Promise<z.infer<typeof adminReleasesAnswerSchema>> {
  const response = await fetch(`${E2E_BASE_URL}/admin/releases`, { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } });
  expect(response.status).toBe(200);
  return readJson(response, adminReleasesAnswerSchema);
}

/** Waits until the server's live version of an app is the one given (registry polling). */
export async function waitForLive(app: string, version: string): Promise<void> {
  await expect.poll(async () => (await readAdminStatus()).live[app], { timeout: 5_000 }).toBe(version);
}

/**
 * The answer to the no-JavaScript question of a captcha token: a person reads the sum in the picture; a journey
 * instead tries the few possible sums against the token's signature with the test site's key (docs/forms.md "Captcha").
 */
export function answerPictureCaptcha(token: string): string {
  const [expiresAt, nonce, signature] = token.split('.');
  for (let sum = 0; sum <= 100; sum += 1) {
    if (createHmac('sha256', E2E_CAPTCHA_HMAC_KEY).update(`${sum}.${expiresAt}.${nonce}`).digest('base64url') === signature) return String(sum);
  }
  throw new Error('no sum fits the captcha token');
}

/**
 * Registers through the form as a browser without JavaScript does (the picture captcha), and waits for the
 * account page of the locale.
 */
export async function registerWithoutJavaScript(
  page: Page,
  locale: string,
  account: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto(locale === 'en' ? '/register' : `/${locale}/register`);
  await page.locator('#register-name').fill(account.name);
  await page.locator('#register-email').fill(account.email);
  await page.locator('#register-password').fill(account.password);
  await page
    .locator('#register-captcha')
    .fill(answerPictureCaptcha(await page.locator('form[action="/api/account/register"] input[name=captcha_token]').inputValue()));
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(new RegExp(`${locale === 'en' ? '' : `/${locale}`}/my-account$`));
}

/** Browser errors of a page: console errors and uncaught exceptions. */
export function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Ends the start of the page at once, as a visitor's first key does (docs/routing.md "After the start"): the work that
 * waits for it (the tracker and the consent card, the client state, the campaign dialogs, the push offer's code)
 * starts without the 3 s a page nobody touches waits for. The listeners are in place before the page hydrates; a
 * Shift alone types nothing, moves no focus and closes nothing.
 */
export async function endTheStart(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.keyboard.press('Shift');
}

/** Ends the start of the page (`endTheStart`) and waits until the tracker listens (docs/tracking.md "Loading"). */
export async function startTracker(page: Page): Promise<void> {
  await endTheStart(page);
  await expect(page.locator('html')).toHaveAttribute('data-tracker', 'ready');
}

/** Marks the demo campaign's coupon modal and bottom ad as closed this session (run in every page of a context). */
export function closeCampaignDialogs(): void {
  try {
    window.sessionStorage.setItem('rk_coupon_modal_closed', '1');
    window.sessionStorage.setItem('rk_bottom_ad_demo', '1');
  } catch {
    // a page without storage shows the dialogs: nothing to set
  }
}

/**
 * Journeys with the fixture versions the test site built. The demo campaign's coupon modal opens by itself 5 s
 * after a page loads, and its bottom ad once per session (docs/campaigns.md "Coupon modal and ads"): a journey
 * starts as a visitor who has already closed both, in its own context and in those it opens, unless it sets
 * `campaignDialogs: true` to test them.
 */
export const test = base.extend<{ fixtures: E2EFixtures; campaignDialogs: boolean; quietCampaignDialogs: void; leftoverLoads: void }>({
  fixtures: async ({}, use) => {
    await use(JSON.parse(readFileSync(E2E_FIXTURES_FILE, 'utf8')) as E2EFixtures);
  },
  campaignDialogs: [false, { option: true }],
  context: async ({ context, campaignDialogs }, use) => {
    if (!campaignDialogs) await context.addInitScript(closeCampaignDialogs);
    await use(context);
  },
  quietCampaignDialogs: [
    async ({ browser, campaignDialogs }, use) => {
      if (campaignDialogs) return use();
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(closeCampaignDialogs);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  // A journey that failed before stopping its wrk runs would leave them loading the machine for the journeys after it.
  leftoverLoads: [
    async ({}, use) => {
      await use();
      stopLeftoverLoads();
    },
    { auto: true },
  ],
  // API calls of the journeys stand for the site's own pages, so they carry its origin as a browser would
  // (docs/security.md "Cross-site requests"); the abuse journey makes its foreign calls on its own.
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: FROM_SITE, storageState: E2E_CONSENT_STATE });
    await use(request);
    await request.dispose();
  },
});

export { expect, FROM_SITE };
