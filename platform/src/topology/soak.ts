import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { registryStateSchema, releaseManifestSchema } from '@reelkeep/shared-contracts/schemas';
import { hashFile, RELEASE_MANIFEST_FILE, toReleaseDir } from '../release/releases.ts';
import { startTopology, type Topology } from './topology.ts';

/**
 * `npm run soak` (docs/operations.md "Soak"): the topology under page load and sandbox purchases while releases
 * are promoted every 30 s, an instance is killed with SIGKILL and restarted, Redis, Varnish and the artifact
 * origin are restarted (the origin while a promote runs: it must refuse). It prints a table and exits non-zero
 * unless no page answered 5xx, every purchase completed, and no order was lost or doubled. `--seconds 60` is
 * the short run CI makes; every interval scales with the length.
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const { values: flags } = parseArgs({ options: { seconds: { type: 'string', default: '600' } } });
const SECONDS = z.coerce.number().int().min(30).max(7_200).parse(flags.seconds);
const settings = z
  .object({
    SOAK_PORT: z.coerce.number().int().min(1024).max(65_000).default(45_440),
    RELEASES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'releases')),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));

/** The full run's rhythm, scaled to the length asked for. */
const SCALE = SECONDS / 600;
const PROMOTE_EVERY_MS = Math.max(5_000, 30_000 * SCALE);
const PURCHASES = 50;
const PAGE_LOADERS = 3;
const PAGES = ['/', '/netflix-downloader', '/fr/blog/', '/de/login', '/checkout', '/ja/', '/robots.txt'];
const REQUEST_TIMEOUT_MS = 15_000;
/** A buyer whose request failed tries again for half a minute (longer than any restart), as a person would. */
const BUYER_ATTEMPTS = 15;
const BUYER_RETRY_MS = 2_000;
/** When each fault starts, as a share of the run. */
const FAULTS = { instance: 0.15, redis: 0.35, varnish: 0.55, origin: 0.75 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The live version of every app as `npm run build` left it (its file registry), or a fresh build's. */
async function readBuild(): Promise<Record<string, string>> {
  const registry = await readFile(path.join(settings.RELEASES_DIR, 'registry.json'), 'utf8').then(
    (text) => registryStateSchema.parse(JSON.parse(text)),
    () => undefined,
  );
  const live = Object.fromEntries(Object.entries(registry?.apps ?? {}).map(([app, entry]) => [app, entry.live]));
  if (Object.keys(live).length >= 6) return live;
  log('no promoted build in RELEASES_DIR: building every app');
  const { stdout } = await run(process.execPath, ['platform/src/release/cli.ts', 'build'], {
    cwd: ROOT_DIR,
    env: { ...process.env, RELEASES_DIR: settings.RELEASES_DIR, DATABASE_URL: '', REDIS_URL: '', ARTIFACT_ORIGIN: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return Object.fromEntries([...stdout.matchAll(/^(shell|mf-[a-z]+)@(\S+) (?:built|unchanged)/gm)].map((match) => [match[1]!, match[2]!]));
}

/**
 * A second build of an app to switch to and back: the same release with one comment more in its browser entry,
 * hashed and named as the build names versions (package version, then the digest of its file list).
 */
async function makeSecondBuild(app: string, version: string): Promise<string> {
  const source = toReleaseDir(settings.RELEASES_DIR, app, version);
  const manifest = releaseManifestSchema.parse(JSON.parse(await readFile(path.join(source, RELEASE_MANIFEST_FILE), 'utf8')));
  const staging = path.join(settings.RELEASES_DIR, '.staging', `soak-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await cp(source, staging, { recursive: true });
  await appendFile(path.join(staging, 'browser', 'remoteEntry.js'), '\n/* soak: a second build */\n');
  const files = { ...manifest.files, 'browser/remoteEntry.js': await hashFile(path.join(staging, 'browser', 'remoteEntry.js')) };
  const digest = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
  const next = `${version.slice(0, version.lastIndexOf('-'))}-${digest}`;
  await writeFile(
    path.join(staging, RELEASE_MANIFEST_FILE),
    JSON.stringify({ ...manifest, version: next, files, builtAt: new Date().toISOString() }, null, 2),
  );
  const target = toReleaseDir(settings.RELEASES_DIR, app, next);
  await rm(target, { recursive: true, force: true });
  await cp(staging, target, { recursive: true });
  await rm(staging, { recursive: true, force: true });
  return next;
}

/** Counts of one kind of outcome. */
function createTally() {
  const counts = new Map<string, number>();
  return {
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    get: (key: string) => counts.get(key) ?? 0,
    entries: () => [...counts].sort(),
  };
}

const orderAnswerSchema = z.object({ order: z.object({ id: z.string(), status: z.string() }) });

/** A buyer through Varnish: places an order and pays it on the sandbox card step (as the checkout journeys do). */
function createBuyer(site: string) {
  const cookies: string[] = [];
  const call = async (pathname: string, body: object) => {
    const response = await fetch(site + pathname, {
      method: 'POST',
      headers: { origin: site, 'content-type': 'application/json', cookie: cookies.join('; ') },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    for (const cookie of response.headers.getSetCookie()) cookies.push(cookie.split(';')[0]!);
    return { status: response.status, text: await response.text() };
  };
  return {
    placeOrder: (email: string) => call('/api/checkout/orders', { product: 'aio', pid: '107211Y', email, locale: 'en' }),
    pay: (order: string) => call('/api/checkout/sandbox/pay', { order, number: '4242424242424242', expiry: '12/34', cvc: '123' }),
  };
}

/** The app whose two builds the soak promotes in turn. */
const SWITCHED_APP = 'mf-landing';

async function soak(topology: Topology, live: Record<string, string>, secondBuild: string) {
  const started = Date.now();
  const endsAt = started + SECONDS * 1000;
  const pages = createTally();
  const apis = createTally();
  const events: string[] = [];
  const note = (line: string) => {
    events.push(`${Math.round((Date.now() - started) / 1000)} s  ${line}`);
    log(line);
  };
  let varnishDown = false;
  /** Varnish restarts begun so far: a request under way when one began may be cut by it. */
  let varnishRestarts = 0;
  let originDown = false;
  let originOutages = 0;
  let refusedOutsideRestart = 0;

  const loadPages = async (lane: number) => {
    for (let i = lane; Date.now() < endsAt; i += 1) {
      const page = PAGES[i % PAGES.length]!;
      // A body cut while it is read (Varnish stopped under it) fails like a refused connection, never the soak itself.
      const restartsBefore = varnishRestarts;
      const answer = await fetch(`${topology.url}${page}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'manual' })
        .then(async (response) => {
          const body = await response.text();
          if (response.status >= 500) {
            // Who answered: Varnish's own error page (its backend fetch failed) or an instance.
            const by = body.includes('Guru Meditation') || body.includes('Backend fetch failed') ? 'Varnish' : 'an instance';
            note(`${response.status} ${page} from ${by}`);
          }
          return response.status;
        })
        .catch((error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.name);
      if (typeof answer === 'number') pages.add(answer >= 500 ? `${answer} ${page}` : `${Math.floor(answer / 100)}xx`);
      else if (varnishDown || varnishRestarts !== restartsBefore) pages.add('refused while Varnish restarted');
      else {
        refusedOutsideRestart += 1;
        pages.add(`${answer} ${page}`);
      }
    }
  };

  const acknowledged = new Map<string, string>();
  const paid = new Set<string>();
  let completed = 0;
  const buy = async () => {
    const spacing = (SECONDS * 1000 * 0.85) / PURCHASES;
    for (let n = 0; n < PURCHASES; n += 1) {
      const dueAt = started + n * spacing;
      if (Date.now() < dueAt) await wait(dueAt - Date.now());
      const email = `soak-${started}-${n}@example.com`;
      const buyer = createBuyer(topology.url);
      let orderId: string | undefined;
      // A buyer whose request failed tries again, as the checkout page does; the order must still be one.
      for (let attempt = 0; attempt < BUYER_ATTEMPTS && !orderId; attempt += 1) {
        const placed = await buyer.placeOrder(email).catch(() => ({ status: 0, text: '' }));
        apis.add(`order ${placed.status}`);
        if (placed.status === 200) orderId = orderAnswerSchema.parse(JSON.parse(placed.text)).order.id;
        else await wait(BUYER_RETRY_MS);
      }
      if (!orderId) continue;
      acknowledged.set(orderId, email);
      for (let attempt = 0; attempt < BUYER_ATTEMPTS; attempt += 1) {
        const payment = await buyer.pay(orderId).catch(() => ({ status: 0, text: '' }));
        apis.add(`pay ${payment.status}`);
        if (payment.status === 200) {
          paid.add(orderId);
          completed += 1;
          break;
        }
        await wait(BUYER_RETRY_MS);
      }
    }
  };

  // Promotions: the landing squad's two builds in turn; one more while the origin is down (it must refuse).
  const builds = [live[SWITCHED_APP]!, secondBuild];
  const app = SWITCHED_APP;
  await topology.publish(app, secondBuild);
  let promotions = 0;
  let failedPromotions = 0;
  const promote = async () => {
    for (let n = 1; Date.now() + PROMOTE_EVERY_MS < endsAt; n += 1) {
      await wait(PROMOTE_EVERY_MS);
      if (originDown) continue;
      const target = builds[n % 2]!;
      const outagesBefore = originOutages;
      const result = await topology.release('promote', app, target);
      if (result.code === 0) promotions += 1;
      // A promote under way when the origin stopped is refused, as it must be.
      else if ((originDown || originOutages !== outagesBefore) && result.output.includes('the artifact origin did not answer'))
        note(`promote ${app}@${target} refused: the origin is down`);
      else {
        failedPromotions += 1;
        note(`promote ${app}@${target} failed: ${result.output.trim().split('\n').slice(0, 3).join(' ')}`);
      }
    }
  };

  let originPromoteRefused = false;
  const at = (share: number) => wait(Math.max(0, started + share * SECONDS * 1000 - Date.now()));
  const faults = [
    at(FAULTS.instance).then(async () => {
      note('instance 2 killed (SIGKILL)');
      await topology.restartInstance(1, 'SIGKILL');
      note('instance 2 serves again');
    }),
    at(FAULTS.redis).then(async () => {
      note('Redis stopped');
      await topology.restartRedis(Math.min(3_000, 1_000 + 2_000 * SCALE));
      note('Redis started again (empty)');
    }),
    at(FAULTS.varnish).then(async () => {
      note('Varnish stopped');
      varnishDown = true;
      varnishRestarts += 1;
      try {
        await topology.restartVarnish();
      } finally {
        // Connections refused while it came back are counted as such, not as the site's failures.
        await wait(500);
        varnishDown = false;
      }
      note('Varnish started again (cache empty)');
    }),
    at(FAULTS.origin).then(async () => {
      originDown = true;
      originOutages += 1;
      await topology.origin.stop();
      note('artifact origin stopped');
      const result = await topology.release('promote', app, builds[1]!);
      originPromoteRefused = result.code !== 0 && result.output.includes('the artifact origin did not answer');
      note(`promote while the origin is down: ${originPromoteRefused ? 'refused' : `NOT refused (${result.output.trim().slice(0, 200)})`}`);
      await topology.origin.start();
      originDown = false;
      note('artifact origin started again');
    }),
  ];

  await Promise.all([...Array.from({ length: PAGE_LOADERS }, (_, lane) => loadPages(lane)), buy(), promote(), ...faults]);

  // Nothing lost or doubled: each acknowledged order stored once; each paid one paid, with one licence.
  const db = new pg.Client({ connectionString: topology.postgresUrl });
  await db.connect();
  const { rows } = await db.query<{ id: string; email: string; status: string; licences: number }>(
    `SELECT o.id, o.email, o.status, (SELECT count(*)::int FROM checkout.licences l WHERE l.order_id = o.id) AS licences
       FROM checkout.orders o WHERE o.email LIKE $1`,
    [`soak-${started}-%`],
  );
  await db.end();
  const stored = new Map(rows.map((row) => [row.id, row]));
  const lost = [...acknowledged.keys()].filter((id) => !stored.has(id)).length + [...paid].filter((id) => stored.get(id)?.status !== 'paid').length;
  const paidPerEmail = createTally();
  for (const row of rows) if (row.status === 'paid') paidPerEmail.add(row.email);
  const doubled = rows.filter((row) => row.licences > 1).length + paidPerEmail.entries().filter(([, count]) => count > 1).length;
  const serverErrors = pages.entries().filter(([key]) => /^5\d\d /.test(key));

  return {
    started,
    pages,
    apis,
    events,
    promotions,
    failedPromotions,
    originPromoteRefused,
    completed,
    acknowledged,
    lost,
    doubled,
    serverErrors,
    refusedOutsideRestart,
  };
}

const wallStarted = Date.now();
const live = await readBuild();
const dir = path.join(tmpdir(), `reelkeep-soak-${settings.SOAK_PORT}`);
log(`starting the topology in ${dir}`);
const topology = await startTopology({
  dir,
  basePort: settings.SOAK_PORT,
  build: { releasesDir: settings.RELEASES_DIR, live },
  // 50 purchases come from one client address; the soak is not about rate limits.
  env: { CHECKOUT_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
  log,
});
const startSeconds = Math.round((Date.now() - wallStarted) / 1000);
log(`topology up in ${startSeconds} s at ${topology.url}; soaking for ${SECONDS} s`);
let exitCode = 1;
const secondBuild = await makeSecondBuild(SWITCHED_APP, live[SWITCHED_APP]!);
try {
  const result = await soak(topology, live, secondBuild);
  const rows: [string, string, boolean][] = [
    ['pages answered 2xx', String(result.pages.get('2xx')), result.pages.get('2xx') > 0],
    ['pages answered 3xx / 4xx', `${result.pages.get('3xx')} / ${result.pages.get('4xx')}`, true],
    ['pages answered 5xx', String(result.serverErrors.reduce((sum, [, count]) => sum + count, 0)), result.serverErrors.length === 0],
    ['connections refused while Varnish restarted', String(result.pages.get('refused while Varnish restarted')), true],
    ['requests failed otherwise', String(result.refusedOutsideRestart), result.refusedOutsideRestart === 0],
    ['promotions', `${result.promotions} done, ${result.failedPromotions} failed`, result.promotions > 0 && result.failedPromotions === 0],
    ['promote while the origin is down', result.originPromoteRefused ? 'refused' : 'not refused', result.originPromoteRefused],
    ['purchases completed (sandbox)', `${result.completed} of ${PURCHASES}`, result.completed === PURCHASES],
    ['orders acknowledged', String(result.acknowledged.size), result.acknowledged.size >= result.completed],
    ['orders lost', String(result.lost), result.lost === 0],
    ['orders doubled', String(result.doubled), result.doubled === 0],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nSoak of ${SECONDS} s (topology started in ${startSeconds} s):\n`);
  console.log(`| ${'check'.padEnd(width)} | result                 | ok  |`);
  console.log(`| ${'-'.repeat(width)} | ---------------------- | --- |`);
  for (const [name, value, ok] of rows) console.log(`| ${name.padEnd(width)} | ${value.padEnd(22)} | ${ok ? 'yes' : 'NO '} |`);
  console.log(`\nfaults:\n  ${result.events.join('\n  ')}`);
  console.log(
    `API answers: ${result.apis
      .entries()
      .map(([key, count]) => `${key} × ${count}`)
      .join(', ')}`,
  );
  if (result.serverErrors.length > 0) console.log(`5xx: ${result.serverErrors.map(([key, count]) => `${key} × ${count}`).join(', ')}`);
  exitCode = rows.every(([, , ok]) => ok) ? 0 : 1;
  console.log(`\n${exitCode === 0 ? 'soak passed' : 'soak FAILED'} in ${Math.round((Date.now() - wallStarted) / 1000)} s wall time`);
} finally {
  await topology.stop();
  // The second build leaves the folder: it must not become the `latest` a developer promotes.
  await rm(toReleaseDir(settings.RELEASES_DIR, SWITCHED_APP, secondBuild), { recursive: true, force: true });
}
process.exit(exitCode);
