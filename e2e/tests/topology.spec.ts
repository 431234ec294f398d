import { execFile } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTopology, stopAbandonedTopology, stopPid, type Topology } from '@reelkeep/platform/topology';
import { expect, readJson, registerWithoutJavaScript, test } from '../fixtures.ts';
import { adminReleasesAnswerSchema } from '../operator-answers.ts';
import { E2E_CONSENT_STATE, E2E_ENV, E2E_RELEASES_DIR } from '../test-site.ts';

/**
 * docs/operations.md "The topology", docs/releases.md "Artifact origin": every journey of the production topology
 * (PostgreSQL, Redis, the nginx artifact origin, three instances on empty releases folders, Varnish in front with the
 * repository's VCL), started once for this file with the journeys' builds. Pages come from Varnish, kept apart by
 * variant and purged by tag on a promote under load; client addresses come through the trusted proxy; a new instance
 * pulls what the registry says is live; a copy that went bad on the origin is refused and the last good version stays
 * live; promotion refuses what the origin lacks.
 */
const BASE_PORT = Number(process.env.E2E_TOPOLOGY_PORT ?? 24_420);
/** A fresh instance loads and checks every release it pulls: on a busy two-core machine that takes a while. */
const START_TIMEOUT_MS = 480_000;
const TOPOLOGY_DIR = path.join(tmpdir(), `reelkeep-e2e-topology-${BASE_PORT}`);
const WINDOWS_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';

let topology: Topology;
let isStarted = false;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ fixtures }) => {
  test.setTimeout(START_TIMEOUT_MS);
  topology = await startTopology({
    dir: TOPOLOGY_DIR,
    basePort: BASE_PORT,
    build: { releasesDir: E2E_RELEASES_DIR, live: fixtures.initial },
    publishAlso: [{ 'mf-campaign': fixtures.campaignNext }],
    env: {
      REMOTE_LOAD_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'info',
      CHECKOUT_RATE_LIMIT: E2E_ENV.CHECKOUT_RATE_LIMIT!,
      // The signed-in visitor registers through the picture captcha (answered with the test site's key) and gets its mail.
      CAPTCHA_HMAC_KEY: E2E_ENV.CAPTCHA_HMAC_KEY!,
      SMTP_URL: E2E_ENV.SMTP_URL!,
      AB_PLAN_PRICE_OPEN: 'true',
      // ACCOUNT_RATE_LIMIT stays at its default (10): the lock-out journey counts the production number of guesses.
      ACCOUNT_GUARD_DELAY_MS: E2E_ENV.ACCOUNT_GUARD_DELAY_MS!,
    },
  });
  isStarted = true;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  // A start cut by its time-out left its parts running: they are stopped by the pids it recorded.
  await (isStarted ? topology.stop() : stopAbandonedTopology(TOPOLOGY_DIR));
});

const admin = () => ({ authorization: `Bearer ${topology.apiKey}` });

/** An instance's live versions, as `GET /admin/releases` tells them. */
async function readLive(site: string): Promise<Record<string, string>> {
  return (await readJson(await fetch(`${site}/admin/releases`, { headers: admin() }), adminReleasesAnswerSchema)).live;
}

let unique = 0;
/** A page path no journey visited yet (the landing page ignores the `e2e` query, the cache keeps it apart). */
const freshPath = (path: string) => `${path}?e2e=${Date.now()}-${(unique += 1)}`;
/** How the edge served an answer (`x-cache`). */
const xCache = (response: Response) => response.headers.get('x-cache');
const priceVariantOf = (html: string) => /"abPlanPrice":"([a-z_]+)"/.exec(html)?.[1];
/** A returning visitor of one price variant, through Varnish, as a browser asks. */
const visitEdge = (path: string, cookie: string) =>
  fetch(`${topology.url}${path}`, { headers: { cookie, 'user-agent': WINDOWS_AGENT, 'accept-encoding': 'gzip' } });

/** One request to the edge (or an instance) from a chosen loopback address: each is a client of its own. */
function requestFrom(
  base: string,
  options: { from: string; path: string; headers?: Record<string, string>; method?: string; body?: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${options.path}`,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, localAddress: options.from },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A wrk script: GETs of `paths` in turn, as a returning visitor of one price variant with a browser's headers. */
async function writeLoadScript(file: string, paths: readonly string[]): Promise<string> {
  await writeFile(
    file,
    [
      `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }`,
      'local i = 0',
      'request = function()',
      '  i = i + 1',
      `  return wrk.format("GET", paths[(i % #paths) + 1], { ["Cookie"] = "abPlanPrice=price_a", ["Accept-Encoding"] = "gzip", ["User-Agent"] = ${JSON.stringify(WINDOWS_AGENT)} })`,
      'end',
    ].join('\n'),
  );
  return file;
}

test('a fourth instance started on an empty releases folder serves the live versions after pulling them', async ({ fixtures }) => {
  test.setTimeout(START_TIMEOUT_MS);
  const fourth = await topology.spawnInstance('instance-4', topology.ports.extra(0));
  try {
    expect(await readdir(fourth.releasesDir).then((apps) => apps.filter((app) => !app.startsWith('.')).sort())).toEqual(
      Object.keys(fixtures.initial).sort(),
    );
    expect(await readLive(fourth.url)).toEqual(fixtures.initial);
    const page = await fetch(`${fourth.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Browser files come from the artifact origin (ASSET_ORIGIN), kept for good.
    const script = new RegExp(`${topology.origin.url}/static/shell/${fixtures.initial.shell}/[^"]+\\.js`).exec(html)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(script!);
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(await readFile(fourth.logFile, 'utf8')).toContain('"msg":"release pulled from the artifact origin","app":"mf-landing"');
  } finally {
    await stopPid(fourth.pid);
  }
});

test('a page comes from Varnish the second time; two price variants and a signed-in visitor never see each other’s page', async ({ browser }) => {
  const path = freshPath('/fr/netflix-downloader');
  const firstA = await visitEdge(path, 'abPlanPrice=price_a');
  expect(xCache(firstA)).toBe('MISS');
  expect(priceVariantOf(await firstA.text())).toBe('price_a');
  const againA = await visitEdge(path, 'abPlanPrice=price_a; rk_consent=denied');
  expect(xCache(againA)).toBe('HIT');
  // Two transaction ids: this request's and the one of the fetch whose object it was served.
  expect(againA.headers.get('x-varnish')).toMatch(/^\d+ \d+$/);
  expect(Number(againA.headers.get('age'))).toBeGreaterThanOrEqual(0);
  const firstB = await visitEdge(path, 'abPlanPrice=price_b');
  expect(xCache(firstB)).toBe('MISS');
  expect(priceVariantOf(await firstB.text())).toBe('price_b');
  const againB = await visitEdge(path, 'abPlanPrice=price_b');
  expect(xCache(againB)).toBe('HIT');
  expect(priceVariantOf(await againB.text())).toBe('price_b');

  // A signed-in visitor through the edge: registered through it (its POSTs pass), their page never kept.
  const email = `edge-${Date.now()}@example.com`;
  const context = await browser.newContext({ baseURL: topology.url, javaScriptEnabled: false, storageState: E2E_CONSENT_STATE });
  await context.addCookies([{ name: 'abPlanPrice', value: 'price_a', domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }]);
  await registerWithoutJavaScript(await context.newPage(), 'en', { name: 'Edge Visitor', email, password: 'Edge2026pass' });
  for (let i = 0; i < 2; i += 1) {
    const own = await context.request.get(path, { headers: { 'user-agent': WINDOWS_AGENT } });
    expect(own.headers()['x-cache']).toBe('PASS');
    expect(own.headers()['cache-control']).toBe('private, no-store');
    expect(await own.text()).toContain(email);
  }
  await context.close();
  const laterA = await visitEdge(path, 'abPlanPrice=price_a');
  expect(xCache(laterA)).toBe('HIT');
  const htmlA = await laterA.text();
  expect(htmlA).not.toContain(email);
  expect(priceVariantOf(htmlA)).toBe('price_a');
  // A first visit is assigned its variant (a cookie): it reaches an instance, and nobody else gets that answer.
  const newcomers = [await fetch(`${topology.url}${path}`), await fetch(`${topology.url}${path}`)];
  for (const newcomer of newcomers) expect(newcomer.headers.get('set-cookie')).toContain('abPlanPrice=');
  for (const newcomer of newcomers) expect(xCache(newcomer)).not.toBe('HIT');
});

test('behind Varnish, ten wrong passwords lock out the guessing client address only; a forged X-Forwarded-For counts under the real address', async () => {
  // ACCOUNT_RATE_LIMIT (10, the default) wrong passwords for one e-mail from one client address, then 429
  // (docs/security.md "Ways into an account"); the address is the client's, read behind the trusted Varnish.
  const target = `guessed-${Date.now()}@example.com`;
  const wrongPassword = (base: string, from: string, forwardedFor?: string) =>
    requestFrom(base, {
      from,
      method: 'POST',
      path: '/api/account/login',
      headers: { origin: topology.url, 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ email: target, password: 'WrongPass1' }),
    });
  const guesses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) guesses.push(await wrongPassword(topology.url, '127.0.0.96'));
  expect(guesses).toEqual([...Array(10).fill(401), 429]);
  // Another visitor behind the same Varnish still gets an answer about the password, not the lock-out.
  expect(await wrongPassword(topology.url, '127.0.0.97')).toBe(401);

  // A client forging X-Forwarded-For through Varnish: Varnish appends its real address, which the instances count.
  const forged: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) forged.push(await wrongPassword(topology.url, '127.0.0.93', `198.51.100.${attempt + 1}`));
  expect(forged).toEqual([...Array(10).fill(401), 429]);
  // The same straight to an instance from a peer it does not trust (it trusts only Varnish's address): the header is
  // not read at all, the guesses count under the peer's address.
  const direct: number[] = [];
  const instance = topology.instances[0]!.url;
  for (let attempt = 0; attempt < 11; attempt += 1) direct.push(await wrongPassword(instance, '127.0.0.94', `198.51.100.${attempt + 101}`));
  expect(direct).toEqual([...Array(10).fill(401), 429]);
  expect(await wrongPassword(topology.url, '127.0.0.95')).toBe(401);

  // The admin guard counts the same address: wrong tokens lock out the guessing client, never another one.
  const tokenGuesses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) {
    tokenGuesses.push(
      await requestFrom(topology.url, { from: '127.0.0.91', path: '/admin/cache', headers: { authorization: `Bearer wrong-${attempt}-0123456789` } }),
    );
  }
  expect(tokenGuesses).toEqual([...Array(10).fill(401), 429]);
  expect(await requestFrom(topology.url, { from: '127.0.0.92', path: '/admin/cache', headers: admin() })).toBe(200);
});

test('a promote of one remote under wrk load purges exactly the pages naming it: no error, no page naming the retired version', async ({
  fixtures,
}) => {
  const next = fixtures.campaignNext;
  const retired = fixtures.initial['mf-campaign']!;
  const names = (html: string, version: string) => html.includes(`/static/mf-campaign/${version}/`);
  // Pages (each names every live remote's container today, so each carries the remote's tag) and answers the edge
  // keeps without tags (robots.txt, the sitemap index): a purge by tag must leave the latter alone.
  const candidates = ['/store', '/fr/store', '/netflix-downloader', '/de/event-center', '/robots.txt', '/sitemap.xml'];
  // Which answers name the remote: the instances' own answers carry their tags.
  const tagged = new Map<string, boolean>();
  for (const path of candidates) {
    const own = await fetch(`${topology.instances[0]!.url}${path}`, { headers: { cookie: 'abPlanPrice=price_a', 'user-agent': WINDOWS_AGENT } });
    if (own.status !== 200) continue;
    tagged.set(path, (own.headers.get('surrogate-key') ?? '').split(' ').includes(`mf-campaign@${retired}`));
  }
  const paths = [...tagged.keys()];
  expect([...tagged.values()]).toContain(true);
  expect([...tagged.values()]).toContain(false);
  for (const path of paths) await visitEdge(path, 'abPlanPrice=price_a');
  for (const path of paths) expect(xCache(await visitEdge(path, 'abPlanPrice=price_a')), path).toBe('HIT');

  const script = await writeLoadScript(path.join(topology.dir, 'edge-load.lua'), paths);
  const load = new Promise<string>((resolve, reject) =>
    execFile('wrk', ['-t1', '-c8', '-d8s', '--latency', '-s', script, `${topology.url}/`], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const promoted = await topology.release('promote', 'mf-campaign', next);
    expect(promoted.code, promoted.output).toBe(0);
    for (const instance of topology.instances)
      await expect.poll(async () => (await readLive(instance.url))['mf-campaign'], { timeout: 20_000 }).toBe(next);
    const report = await load;
    expect(report, report).not.toMatch(/Non-2xx or 3xx responses/);
    expect(report, report).not.toMatch(/Socket errors/);
    expect(Number(/(\d+) requests in/.exec(report)?.[1])).toBeGreaterThan(100);

    // Afterwards: no page names the retired version; what never named it was not purged.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const path of paths) {
      const answer = await visitEdge(path, 'abPlanPrice=price_a');
      const html = await answer.text();
      expect(names(html, retired), path).toBe(false);
      if (tagged.get(path)) expect(names(html, next), path).toBe(true);
      else expect(Number(answer.headers.get('age')), `${path} kept through the promote`).toBeGreaterThanOrEqual(8);
    }
  } finally {
    await load.catch(() => undefined);
    const rolledBack = await topology.release('rollback', 'mf-campaign');
    expect(rolledBack.code, rolledBack.output).toBe(0);
  }
});

test('a corrupt artifact on the origin is refused and the last good version stays live', async ({ fixtures }) => {
  test.setTimeout(START_TIMEOUT_MS);
  const next = fixtures.campaignNext;
  const promoted = await topology.release('promote', 'mf-campaign', next);
  expect(promoted.code, promoted.output).toBe(0);
  // The origin's copy goes bad after the promotion (a disk, an operator): instances that pull it now refuse it.
  const tampered = path.join(topology.origin.dataDir, 'releases', 'mf-campaign', next, 'server', 'remoteEntry.cjs');
  const original = await readFile(tampered);
  await writeFile(tampered, Buffer.concat([original, Buffer.from('\n;globalThis.owned = true;')]));
  let fifth: Awaited<ReturnType<Topology['spawnInstance']>> | undefined;
  try {
    fifth = await topology.spawnInstance('instance-5', topology.ports.extra(1));
    expect(await readLive(fifth.url)).toEqual(fixtures.initial);
    expect((await fetch(`${fifth.url}/`)).status).toBe(200);
    const log = await readFile(fifth.logFile, 'utf8');
    expect(log).toContain('release refused at load: the artifact origin could not give it');
    expect(log).toContain(`mf-campaign@${next}: server/remoteEntry.cjs on the artifact origin does not match its recorded hash`);
    expect(await readdir(path.join(fifth.releasesDir, 'mf-campaign'))).toEqual([fixtures.initial['mf-campaign']]);

    // Repaired on the origin: the instance pulls it on a later poll, without a restart or a new promote.
    await writeFile(tampered, original);
    await expect.poll(async () => (await readLive(fifth!.url))['mf-campaign'], { timeout: 20_000 }).toBe(next);
  } finally {
    await writeFile(tampered, original);
    if (fifth) await stopPid(fifth.pid);
    const rolledBack = await topology.release('rollback', 'mf-campaign');
    expect(rolledBack.code, rolledBack.output).toBe(0);
  }
});

test('promote refuses a version the origin does not hold, and the live one stays', async ({ fixtures }) => {
  const before = await readLive(topology.instances[0]!.url);
  const refused = await topology.release('promote', 'mf-checkout', fixtures.checkoutNextSlice);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain(`refusing to promote mf-checkout@${fixtures.checkoutNextSlice}:`);
  expect(refused.output).toContain(`the artifact origin holds no mf-checkout@${fixtures.checkoutNextSlice}; publish it first`);
  const status = await topology.release('status');
  expect(JSON.parse(status.output.slice(status.output.indexOf('{'))).live['mf-checkout']).toBe(before['mf-checkout']);
  // The site, through Varnish, still answers from every instance.
  for (let i = 0; i < 6; i += 1) expect((await fetch(`${topology.url}/checkout`)).status).toBe(200);
});
