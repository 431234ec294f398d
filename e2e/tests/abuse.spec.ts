import { createECDH, createHash, randomBytes } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createTcpServer } from 'node:net';
import type { Browser, BrowserContext } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { Redis } from 'ioredis';
import { proofOfWorkChallengeSchema, sessionSchema } from '@reelkeep/shared-contracts';
import { CLUSTER_DATABASE_URL, CLUSTER_HOOK_TIMEOUT_MS, startCluster, type Cluster } from '../cluster.ts';
import {
  expect,
  listMails,
  readAdminStatus,
  readJson,
  readText,
  registerWithoutJavaScript,
  runRelease,
  test,
  waitForLive,
  waitForMail,
} from '../fixtures.ts';
import { adminReleasesAnswerSchema, oneTimeTokenAnswerSchema } from '../operator-answers.ts';
import { sendRaw } from '../raw-client.ts';
import { E2E_OWNER_KEY, E2E_BASE_URL, E2E_DIR, E2E_ENV, E2E_PORT, E2E_RELEASES_DIR, FROM_SITE } from '../test-site.ts';

/**
 * The audit's walk-arounds, replayed from outside (docs/security.md): password guessing through every
 * sign-in path, form posts from another origin riding the visitor's session, open-redirect variants after
 * sign-in, a request header naming an unverified build, and admin token guessing. The API calls come from
 * their own loopback addresses, so the limits they trip stay away from the other journeys.
 */
const LIMIT = Number(E2E_ENV.ACCOUNT_RATE_LIMIT);
const PASSWORD = 'Abuse2026pass';
const uniqueEmail = (label: string) => `abuse-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const json = (body: object) => ({ ...FROM_SITE, 'content-type': 'application/json', body: JSON.stringify(body) });
const post = (pathname: string, body: object, from: string) => {
  const { body: text, ...headers } = json(body);
  return sendRaw({ method: 'POST', path: pathname, headers, body: text, from });
};

test.describe.configure({ timeout: 120_000 });

/** A signed-in visitor of a browser context (registered through the form, as without JavaScript). */
async function signUp(browser: Browser, email: string): Promise<BrowserContext> {
  const setup = await browser.newContext({ javaScriptEnabled: false });
  await registerWithoutJavaScript(await setup.newPage(), 'en', { name: 'Visitor', email, password: PASSWORD });
  const state = await setup.storageState();
  await setup.close();
  return browser.newContext({ storageState: state });
}

test('password guessing gets nowhere, whichever sign-in path it takes', async ({ browser }) => {
  const email = uniqueEmail('guess');
  await (await signUp(browser, email)).close();

  // The auth library's own routes are not there to be guessed against.
  for (const pathname of ['/api/account/auth/sign-in/email', '/api/account/auth/sign-up/email', '/api/account/auth/sign-in/social']) {
    expect((await post(pathname, { email, password: 'aaaaaaaa', name: 'x' }, '127.0.0.81')).status).toBe(404);
  }
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i += 1)
    statuses.push((await post('/api/account/login', { email, password: `Wrong${i}guess`, locale: 'en' }, '127.0.0.81')).status);
  expect(statuses.slice(0, LIMIT).every((status) => status === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  // The right password is refused too while the limit holds, as JSON and as a form.
  expect((await post('/api/account/login', { email, password: PASSWORD, locale: 'en' }, '127.0.0.81')).status).toBe(429);
  const form = await sendRaw({
    method: 'POST',
    path: '/api/account/login',
    headers: { ...FROM_SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    from: '127.0.0.81',
  });
  expect(form.headers.location).toMatch(/\/login\?error=rate_limited/);

  // Tokens that open an account (reset links, the desktop hand-off, Google) are limited together.
  const tokens: number[] = [];
  for (let i = 0; i <= LIMIT; i += 1) {
    const answer =
      i % 3 === 0
        ? await post('/api/account/reset-password', { token: `guess-${i}-0123456789abcdef`, password: PASSWORD }, '127.0.0.82')
        : i % 3 === 1
          ? await post('/api/account/handoff', { token: `guess-${i}-0123456789abcdef`, locale: 'en' }, '127.0.0.82')
          : await post('/api/account/google', { credential: `a${i}.b.c` }, '127.0.0.82');
    const location = String(answer.headers.location ?? '');
    tokens.push(answer.status === 303 ? (location.includes('error=rate_limited') ? 429 : 401) : answer.status);
  }
  expect(tokens.at(-1)).toBe(429);
  // Registration through the site's route needs the captcha and password_v2.
  const weak = await post('/api/account/register', { email: uniqueEmail('weak'), password: 'aaaaaaaa', locale: 'en' }, '127.0.0.84');
  expect(weak.status).toBe(400);
  expect(JSON.parse(weak.text).problems).toMatchObject({ password: 'invalid', captcha: 'invalid' });
});

/** A page on another origin whose form posts itself to the site as soon as it loads. */
function startForeignSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://foreign.test');
    const fields = JSON.parse(url.searchParams.get('fields') ?? '{}') as Record<string, string>;
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Win a prize</title><form method="post" action="${E2E_BASE_URL}${url.pathname}">${inputs}</form><script>document.forms[0].submit()</script></html>`,
    );
  });
  return new Promise((resolve) => server.listen(E2E_PORT + 7, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${E2E_PORT + 7}` })));
}

test('form posts from another origin cannot act for a signed-in visitor, nor sign one in', async ({ browser }) => {
  const foreign = await startForeignSite();
  const email = uniqueEmail('csrf');
  const context = await signUp(browser, email);
  try {
    const page = await context.newPage();
    const attacks: [string, Record<string, string>][] = [
      ['/api/account/delete', { confirm_email: email, locale: 'en' }],
      ['/api/account/password', { current_password: PASSWORD, new_password: 'Stolen2026pass', locale: 'en' }],
      ['/api/site/newsletter-preference', { subscribed: 'true', locale: 'en' }],
      ['/api/account/share-visit', { invite_code: 'FOREIGN-CODE' }],
      ['/logout', { locale: 'en' }],
    ];
    for (const [pathname, fields] of attacks) {
      const refused = page.waitForResponse((response) => response.url() === `${E2E_BASE_URL}${pathname}`);
      await page.goto(`${foreign.origin}${pathname}?fields=${encodeURIComponent(JSON.stringify(fields))}`);
      expect((await refused).status(), pathname).toBe(403);
    }
    // Nothing happened: still signed in, same password, newsletter untouched.
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.locator('dl')).toContainText(email);
    await expect(page.getByRole('checkbox', { name: readText('en', 'my_account', 'newsletter.label') })).not.toBeChecked();

    // Login CSRF: a foreign page cannot sign the visitor into the attacker's account.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    const refused = strangerPage.waitForResponse((response) => response.url() === `${E2E_BASE_URL}/api/account/login`);
    await strangerPage.goto(`${foreign.origin}/api/account/login?fields=${encodeURIComponent(JSON.stringify({ email, password: PASSWORD }))}`);
    expect((await refused).status()).toBe(403);
    await strangerPage.goto('/my-account');
    await expect(strangerPage).toHaveURL(/\/login$/);
    await stranger.close();
  } finally {
    await context.close();
    await new Promise((resolve) => foreign.server.close(resolve));
  }
});

test('return paths after sign-in never leave the site, with and without JavaScript', async ({ browser }) => {
  const email = uniqueEmail('return');
  await (await signUp(browser, email)).close();
  for (const javaScriptEnabled of [true, false]) {
    for (const value of ['/.//evil.com', '/..//evil.com', '/./\\evil.com', '/%2F%2Fevil.com', '//evil.com', 'https://evil.com/', '/\\/evil.com']) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`/login?return=${encodeURIComponent(value)}`);
      if (javaScriptEnabled) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.locator('#login-email').fill(email);
      await page.locator('#login-password').fill(PASSWORD);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      expect(new URL(page.url()).origin, `${value} (JavaScript ${javaScriptEnabled})`).toBe(E2E_BASE_URL);
      await context.close();
    }
  }
});

test('a request header cannot make the server run a build the registry never made live', async ({ fixtures }) => {
  // A copy of a broken build under a version name nobody promoted (as a refused promotion leaves it on disk).
  const unverified = path.join(E2E_RELEASES_DIR, 'mf-blog', '0.1.0-unverified');
  await cp(path.join(E2E_RELEASES_DIR, 'mf-blog', fixtures.blogBroken), unverified, { recursive: true });
  try {
    const answer = await sendRaw({ path: '/_data/fr/blog/', headers: { 'x-remote-versions': 'mf-blog@0.1.0-unverified' }, from: '127.0.0.85' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).payload.status).toBe(200);
  } finally {
    await rm(unverified, { recursive: true, force: true });
  }
});

test('admin tokens cannot be guessed, and HEAD is answered like GET', async () => {
  const from = '127.0.0.86';
  expect((await sendRaw({ method: 'HEAD', path: '/admin/releases', from })).status).toBe(401);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1)
    statuses.push((await sendRaw({ path: '/admin/releases', headers: { authorization: `Bearer guess-${i}-0123456789` }, from })).status);
  expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
  expect(statuses.at(-1)).toBe(429);
  expect((await sendRaw({ path: '/api/site/admin/tracking', headers: { authorization: 'Bearer guess-0123456789' }, from })).status).toBe(429);
});

test.describe('push subscriptions never reach our own network (docs/push.md "Push services")', () => {
  /** A browser's subscription at `endpoint`, as a page reports it, for one campaign. */
  const subscriptionAt = (endpoint: string, campaign: string) => ({
    language: 'en',
    diff_time: 0,
    device_model: 'Win32',
    app_id: 'reelkeep-site',
    endpoint,
    auth: randomBytes(16).toString('base64url'),
    pdhkey: createECDH('prime256v1').generateKeys().toString('base64url'),
    explorer: 'Chrome',
    explorer_version: '131',
    campaign,
  });

  test('internal push endpoints are refused at registration, and a send connects to none of them', async () => {
    // Something of ours listening on loopback, as Redis, PostgreSQL or a metadata service would.
    const connections: string[] = [];
    const listener = createTcpServer((socket) => {
      connections.push(String(socket.remotePort));
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    const campaign = `abuse-push-${Date.now()}`;
    try {
      const internal = [
        `https://127.0.0.1:${port}/push/a`,
        `https://localhost:${port}/push/a`,
        `https://[::ffff:127.0.0.1]:${port}/push/a`,
        `https://2130706433:${port}/push/a`,
        `https://0x7f.1:${port}/push/a`,
        `https://push.e2e.invalid@127.0.0.1:${port}/push/a`,
        `https://push.e2e.invalid:${port}/push/a`,
        'https://[::1]/push/a',
        'https://169.254.169.254/latest/meta-data/',
        'https://[fd00::1]/push/a',
        'https://10.0.0.5/push/a',
        'https://192.168.1.1/push/a',
        'https://100.64.0.1/push/a',
        'https://push.e2e.invalid.127.0.0.1.nip.io/push/a',
        'http://push.e2e.invalid/push/a',
      ];
      const answers: [string, number, string][] = [];
      for (const [i, endpoint] of internal.entries()) {
        // Ten per address, under PUSH_RATE_LIMIT: the refusal is the rule's, not the limit's.
        const answer = await post('/sub/register', subscriptionAt(endpoint, campaign), `127.0.4.${1 + Math.floor(i / 10)}`);
        answers.push([endpoint, answer.status, answer.text]);
      }
      expect(answers).toEqual(internal.map((endpoint) => [endpoint, 400, expect.stringContaining('endpoint')]));
      // The test site's own push service is still welcome.
      expect((await post('/sub/register', subscriptionAt('https://push.e2e.invalid/send/abuse', `${campaign}-ok`), '127.0.4.9')).status).toBe(200);

      const queued = await fetch(`${E2E_BASE_URL}/api/site/admin/push/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${E2E_OWNER_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'sale', path: '/store', campaign }),
      });
      expect(queued.status).toBe(202);
      expect(await queued.json()).toMatchObject({ recipients: 0 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(connections).toEqual([]);
    } finally {
      listener.close();
    }
  });
});

test.describe('release integrity at load (docs/releases.md "Loading")', () => {
  test.describe.configure({ mode: 'serial' });

  test('a history version whose files changed after promotion is refused when a request pins it', async ({ fixtures }) => {
    const version = fixtures.campaignNext;
    const initial = fixtures.initial['mf-campaign']!;
    const dir = path.join(E2E_RELEASES_DIR, 'mf-campaign', version);
    const serverEntry = path.join(dir, 'server', 'remoteEntry.cjs');
    const browserEntry = path.join(dir, 'browser', 'remoteEntry.js');
    const [serverCode, browserCode] = [await readFile(serverEntry), await readFile(browserEntry)];
    // Promoted (verified) and rolled back at once, no page rendered with it and no status probing it: a version
    // in the history whose server container this process never loaded.
    await runRelease('promote', 'mf-campaign', version);
    await runRelease('rollback', 'mf-campaign');
    await waitForLive('mf-campaign', initial);
    const pinnedData = () =>
      sendRaw({
        path: `/_data/it/sales-campaign?integrity=${Date.now()}`,
        headers: { 'x-remote-versions': `mf-campaign@${version}` },
        from: '127.0.0.87',
      });
    const browserFile = () => sendRaw({ path: `/static/mf-campaign/${version}/remoteEntry.js`, from: '127.0.0.87' });
    expect((await browserFile()).status).toBe(200);
    try {
      await writeFile(serverEntry, "throw new Error('e2e: a file changed on disk after promotion');\n");
      await writeFile(browserEntry, `${browserCode.toString('utf8')}\n;document.title = 'changed';\n`);
      const answer = await pinnedData();
      expect(answer.status).toBe(200);
      const { payload } = JSON.parse(answer.text) as { payload: { status: number; unavailable: string[] } };
      // The live version answered: the changed server container was never evaluated.
      expect(payload).toMatchObject({ status: 200, unavailable: [] });
      expect((await browserFile()).status).toBe(404);
      expect((await readAdminStatus()).live['mf-campaign']).toBe(initial);
    } finally {
      await writeFile(serverEntry, serverCode);
      await writeFile(browserEntry, browserCode);
    }
    // The restored files are the promoted build again: served and pinnable.
    expect((await browserFile()).status).toBe(200);
    expect(JSON.parse((await pinnedData()).text).payload.status).toBe(200);
  });

  test.describe('with the registry in PostgreSQL and Redis', () => {
    test.skip(!CLUSTER_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL)');
    let cluster: Cluster;
    test.beforeAll(async ({ fixtures }) => {
      test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
      cluster = await startCluster({ name: 'reelkeep_e2e_registry_forgery', offset: 40, instances: 1, live: fixtures.initial });
    });
    test.afterAll(async () => {
      test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
      await cluster?.stop();
    });

    test('a registry forged in Redis with a higher revision never runs, and is written over with one warning', async ({ fixtures }) => {
      test.setTimeout(120_000);
      const site = cluster.sites[0]!;
      const readLive = async () =>
        (await readJson(await fetch(`${site}/admin/releases`, { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } }), adminReleasesAnswerSchema))
          .live;
      const redis = new Redis(cluster.redisPort, '127.0.0.1');
      try {
        const copy = JSON.parse((await redis.get('reelkeep:registry'))!) as {
          revision: number;
          apps: Record<string, { live: string; previous: string[] }>;
        };
        // The build promotion refused (its migration drops a column the live version uses), named by a higher revision.
        const forged = {
          ...copy,
          revision: copy.revision + 1000,
          apps: { ...copy.apps, 'mf-checkout': { live: fixtures.checkoutDropsColumn, previous: [] } },
        };
        await redis.set('reelkeep:registry', JSON.stringify(forged));
        // Ten polls of the registry later the instance still serves what PostgreSQL says, and Redis says it again.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect((await readLive())['mf-checkout']).toBe(fixtures.initial['mf-checkout']);
        expect(JSON.parse((await redis.get('reelkeep:registry'))!).revision).toBe(copy.revision);
        expect((await fetch(`${site}/checkout`)).status).toBe(200);
        // Forged again at the durable revision: the same.
        await redis.set('reelkeep:registry', JSON.stringify({ ...forged, revision: copy.revision }));
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect((await readLive())['mf-checkout']).toBe(fixtures.initial['mf-checkout']);
      } finally {
        redis.disconnect();
      }
      const log = await readFile(path.join(E2E_DIR, 'logs', `reelkeep_e2e_registry_forgery-${E2E_PORT + 41}.log`), 'utf8');
      expect(log.match(/registry copy in redis differs from the durable store/g) ?? []).toHaveLength(1);
      expect(log).not.toMatch(/stale or invalid/);
    });
  });
});

/** Solves the site's proof-of-work captcha as a script can (it costs CPU, which is its point), from an address. */
async function solveProofOfWork(from: string): Promise<string> {
  const challenge = proofOfWorkChallengeSchema.parse(JSON.parse((await sendRaw({ path: '/api/captcha', from })).text));
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) {
      return Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
    }
  }
  throw new Error('the proof of work has no solution');
}

/** The reset links mailed to an address so far, oldest first. */
const listResetLinks = (email: string) => listMails(email).flatMap((mail) => /(http:\S+\/reset-password\?token=[\w-]+)/.exec(mail)?.[1] ?? []);

test.describe('account guards (issue 28: hand-off CSRF, per-account limits, old reset links)', () => {
  test('a link from another site cannot sign a visitor into someone else’s account through the desktop hand-off', async ({ browser }) => {
    const attacker = await signUp(browser, uniqueEmail('handoff-attacker'));
    const { token } = oneTimeTokenAnswerSchema.parse(await (await attacker.request.get('/api/account/auth/one-time-token/generate')).json());
    await attacker.close();
    const victimEmail = uniqueEmail('handoff-victim');
    const victim = await signUp(browser, victimEmail);
    const foreign = await startForeignSite();
    try {
      const page = await victim.newPage();
      // Both links the app uses lead to a confirmation; the session stays the victim's.
      for (const link of [`/api/account/handoff?token=${token}&locale=en`, `/my-account?token=${token}&client_e=${btoa('x@example.com')}`]) {
        await page.goto(link);
        await expect(page).toHaveURL(/\/login\?token=/);
        await expect(page.locator('form[action="/api/account/handoff"]')).toHaveAttribute('method', 'post');
        await expect(page.getByRole('alert')).toContainText(victimEmail);
        expect((await readJson(await victim.request.get('/api/account/session'), sessionSchema)).user?.email).toBe(victimEmail);
      }
      // A foreign page posting the confirmation itself is refused.
      const refused = page.waitForResponse((response) => response.url() === `${E2E_BASE_URL}/api/account/handoff`);
      await page.goto(`${foreign.origin}/api/account/handoff?fields=${encodeURIComponent(JSON.stringify({ token, locale: 'en', replace: '1' }))}`);
      expect((await refused).status()).toBe(403);
      expect((await readJson(await victim.request.get('/api/account/session'), sessionSchema)).user?.email).toBe(victimEmail);
      // The visitor's own click on the site's page is what uses the token.
      await page.goto(`/login?token=${token}&client_e=${btoa('x@example.com')}`);
      await page.locator('form[action="/api/account/handoff"] button[type=submit]').click();
      await expect(page).toHaveURL(/\/my-account$/);
      expect((await readJson(await victim.request.get('/api/account/session'), sessionSchema)).user?.email).not.toBe(victimEmail);
    } finally {
      await victim.close();
      await new Promise((resolve) => foreign.server.close(resolve));
    }
  });

  test('guesses on one account from many addresses need a fresh captcha each, the owner is told once and still gets in', async ({ browser }) => {
    const email = uniqueEmail('many-addresses');
    await (await signUp(browser, email)).close();
    const answers: { status: number; problem: unknown; session: boolean }[] = [];
    for (let i = 0; i < 16; i += 1) {
      const answer = await post('/api/account/login', { email, password: i === 15 ? PASSWORD : `Wrong${i}guess`, locale: 'en' }, `127.0.1.${10 + i}`);
      answers.push({
        status: answer.status,
        problem: (JSON.parse(answer.text) as { problems?: { form?: string } }).problems?.form,
        session:
          String(answer.headers['set-cookie'] ?? '').includes('rk.session_token=') &&
          !/rk\.session_token=;/.test(String(answer.headers['set-cookie'])),
      });
    }
    const guarded = answers.findIndex((answer) => answer.problem === 'captcha_required');
    expect(guarded).toBeGreaterThan(0);
    expect(guarded).toBeLessThanOrEqual(5);
    // From then on nothing is evaluated without a captcha, the right password included.
    expect(answers.slice(guarded)).toEqual(answers.slice(guarded).map(() => ({ status: 401, problem: 'captcha_required', session: false })));
    await waitForMail(email, 10_000, /\/forgot-password/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(listMails(email).filter((mail) => /\/forgot-password/.test(mail))).toHaveLength(1);
    // A solved captcha is good for one attempt.
    const altcha = await solveProofOfWork('127.0.1.40');
    expect((await post('/api/account/login', { email, password: 'Wrong99guess', locale: 'en', altcha }, '127.0.1.41')).status).toBe(401);
    const replayed = await post('/api/account/login', { email, password: PASSWORD, locale: 'en', altcha }, '127.0.1.42');
    expect(JSON.parse(replayed.text).problems).toEqual({ form: 'captcha_required' });
    // The owner signs in on the page as usual: the browser solves the captcha by itself.
    const owner = await browser.newContext();
    const page = await owner.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/my-account$/);
    await owner.close();
    // Without JavaScript the page asks its question instead.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto('/login');
    await plainPage.locator('#login-email').fill(email);
    await plainPage.locator('#login-password').fill(PASSWORD);
    await plainPage.locator('form button[type=submit]').click();
    await expect(plainPage).toHaveURL(/\/login\?error=captcha_required/);
    await expect(plainPage.getByRole('alert')).toHaveText(readText('en', 'login', 'problems.captcha_required'));
    await expect(plainPage.locator('#login-captcha')).toBeVisible();
    await plain.close();
  });

  test('the no-JavaScript captcha gives a script nothing to read: a picture and a signed token, in the JSON and in the page', async ({ browser }) => {
    const question = JSON.parse((await sendRaw({ path: '/api/captcha?kind=sum', from: '127.0.1.80' })).text) as Record<string, unknown>;
    expect(Object.keys(question).sort()).toEqual(['image', 'token']);
    expect(String(question.image)).toMatch(/^data:image\/svg\+xml;base64,/);
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto('/register');
    await expect(page.locator('label[for=register-captcha]')).toHaveText(readText('en', 'register', 'captcha_question'));
    await expect(page.locator('label[for=register-captcha] + img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await plain.close();
  });

  test('reset mails are limited per recipient, and using one reset link ends the older ones and every session', async ({ browser }) => {
    const email = uniqueEmail('reset-links');
    const signedIn = await signUp(browser, email);
    for (let i = 0; i < 6; i += 1) {
      const from = `127.0.1.${60 + i}`;
      expect((await post('/api/account/forgot-password', { email, locale: 'en', altcha: await solveProofOfWork(from) }, from)).status).toBe(200);
    }
    await waitForMail(email, 10_000, /reset-password\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const links = listResetLinks(email);
    expect(links).toHaveLength(3);
    const used = new URL(links.at(-1)!).searchParams.get('token')!;
    expect((await post('/api/account/reset-password', { token: used, password: 'Renewed2026pass', locale: 'en' }, '127.0.1.70')).status).toBe(200);
    const older = new URL(links[0]!).searchParams.get('token')!;
    const refused = await post('/api/account/reset-password', { token: older, password: 'Hijack2026pass', locale: 'en' }, '127.0.1.71');
    expect(JSON.parse(refused.text).problems).toEqual({ form: 'token_invalid' });
    const page = await signedIn.newPage();
    await page.goto(new URL(links[1]!).pathname + new URL(links[1]!).search);
    await expect(page.getByRole('alert')).toHaveText(readText('en', 'reset_password', 'problems.token_invalid'));
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/login$/);
    await signedIn.close();
  });
});
