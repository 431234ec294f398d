import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { toReleaseDir } from '../release/releases.ts';
import { makeSecondBuild, readBuild } from './soak-builds.ts';
import { createFaults, type Outages } from './soak-faults.ts';
import { createPageLoaders, createTally, describeFetchError, REQUEST_TIMEOUT_MS, type FailedRequest } from './soak-pages.ts';
import { describeFailedRequest, type TimedEvent } from './soak-report.ts';
import { startTopology, type Topology } from './topology.ts';

/**
 * `npm run soak` (docs/operations.md "Soak"): the topology under page load and sandbox purchases while releases
 * are promoted every 30 s, an instance is killed with SIGKILL and restarted, Redis, Varnish and the artifact
 * origin are restarted (the origin while a promote runs: it must refuse). It prints a table and exits non-zero
 * unless no page answered 5xx, every purchase completed, and no order was lost or doubled. `--seconds 60` is
 * the short run CI makes; every interval scales with the length.
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const { values: flags } = parseArgs({ options: { seconds: { type: 'string', default: '600' } } });
const SECONDS = z.coerce.number().int().min(30).max(7_200).parse(flags.seconds);
const settings = z
  .object({
    SOAK_PORT: z.coerce.number().int().min(1024).max(65_000).default(24_440),
    RELEASES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'releases')),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));

const PURCHASES = 50;
const PAGE_LOADERS = 3;
/** A buyer whose request failed tries again for half a minute (longer than any restart), as a person would. */
const BUYER_ATTEMPTS = 15;
const BUYER_RETRY_MS = 2_000;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

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
    const head = {
      status: response.status,
      cache: response.headers.get('x-cache') ?? undefined,
      backend: response.headers.get('x-edge-backend') ?? undefined,
    };
    return { status: response.status, head, text: await response.text() };
  };
  /** One call, timed: a failure (an error, or an answer other than 200) is named in `failures` as the page loaders' are. */
  const attempt = async (pathname: string, body: object, failures: FailedRequest[]) => {
    const startedMs = Date.now();
    const answer = await call(pathname, body).catch((error: unknown) => ({ error }));
    if ('error' in answer) {
      failures.push({ method: 'POST', page: pathname, startedMs, failedMs: Date.now(), error: describeFetchError(answer.error) });
      return { status: 0, text: '' };
    }
    if (answer.status !== 200)
      failures.push({ method: 'POST', page: pathname, startedMs, failedMs: Date.now(), error: `answered ${answer.status}`, head: answer.head });
    return answer;
  };
  return {
    placeOrder: (email: string, failures: FailedRequest[]) =>
      attempt('/api/checkout/orders', { product: 'aio', pid: '107211Y', email, locale: 'en' }, failures),
    pay: (order: string, failures: FailedRequest[]) =>
      attempt('/api/checkout/sandbox/pay', { order, number: '4242424242424242', expiry: '12/34', cvc: '123' }, failures),
  };
}

/** The app whose two builds the soak promotes in turn. */
const SWITCHED_APP = 'mf-landing';

/** Runs the page load, the purchases, the promotions and the faults side by side for SECONDS; then audits the orders. */
async function soak(topology: Topology, live: Record<string, string>, secondBuild: string) {
  const started = Date.now();
  const endsAt = started + SECONDS * 1000;
  const pages = createTally();
  const apis = createTally();
  const events: string[] = [];
  // Each fault and promotion with its time: a failed request is placed against them.
  const faultEvents: TimedEvent[] = [];
  const promotionEvents: TimedEvent[] = [];
  const note = (line: string) => {
    events.push(`${Math.round((Date.now() - started) / 1000)} s  ${line}`);
    log(line);
  };
  const noteFault = (line: string) => {
    faultEvents.push({ atMs: Date.now(), text: line });
    note(line);
  };
  const outages: Outages = { varnishDown: false, varnishRestarts: 0, originDown: false, originOutages: 0 };
  const loaders = createPageLoaders({ url: topology.url, endsAt, pages, outages, note });

  const apiFailures: FailedRequest[] = [];
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
        const placed = await buyer.placeOrder(email, apiFailures);
        apis.add(`order ${placed.status}`);
        if (placed.status === 200) orderId = orderAnswerSchema.parse(JSON.parse(placed.text)).order.id;
        else await wait(BUYER_RETRY_MS);
      }
      if (!orderId) continue;
      acknowledged.set(orderId, email);
      for (let attempt = 0; attempt < BUYER_ATTEMPTS; attempt += 1) {
        const payment = await buyer.pay(orderId, apiFailures);
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
  const app = SWITCHED_APP;
  const faults = createFaults({
    topology,
    app,
    builds: [live[app]!, secondBuild],
    started,
    seconds: SECONDS,
    outages,
    note: noteFault,
    onPromoted: (target) => promotionEvents.push({ atMs: Date.now(), text: `promote ${app}@${target}` }),
  });
  await topology.publish(app, secondBuild);

  await Promise.all([...Array.from({ length: PAGE_LOADERS }, (_, lane) => loaders.loadPages(lane)), buy(), faults.promote(), ...faults.inject()]);

  const describe = (failure: FailedRequest) =>
    describeFailedRequest(failure, { started, faults: faultEvents, promotions: promotionEvents, instancePorts: topology.ports.instances });

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
    ...faults.result(),
    completed,
    acknowledged,
    lost,
    doubled,
    serverErrors,
    refusedOutsideRestart: loaders.refusedOutsideRestart(),
    failedRequests: loaders.failures().map(describe),
    failedApiRequests: apiFailures.map(describe),
  };
}

const wallStarted = Date.now();
const live = await readBuild(settings.RELEASES_DIR, log);
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
const secondBuild = await makeSecondBuild(settings.RELEASES_DIR, SWITCHED_APP, live[SWITCHED_APP]!);
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
  if (result.failedRequests.length > 0) console.log(`requests failed otherwise:\n  ${result.failedRequests.join('\n  ')}`);
  if (result.failedApiRequests.length > 0)
    console.log(`purchase requests not answered 200 (each tried again by its buyer):\n  ${result.failedApiRequests.join('\n  ')}`);
  if (result.serverErrors.length > 0) console.log(`5xx: ${result.serverErrors.map(([key, count]) => `${key} × ${count}`).join(', ')}`);
  exitCode = rows.every(([, , ok]) => ok) ? 0 : 1;
  console.log(`\n${exitCode === 0 ? 'soak passed' : 'soak FAILED'} in ${Math.round((Date.now() - wallStarted) / 1000)} s wall time`);
} finally {
  await topology.stop();
  // The second build leaves the folder: it must not become the `latest` a developer promotes.
  await rm(toReleaseDir(settings.RELEASES_DIR, SWITCHED_APP, secondBuild), { recursive: true, force: true });
}
process.exit(exitCode);
