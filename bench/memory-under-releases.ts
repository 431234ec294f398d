/**
 * Memory under load while releases switch (docs/budgets.md "Budgets"): wrk loads a landing page (page cache off) for
 * `--seconds` (300), while `mf-landing`, the remote that renders it, is promoted to a second build and rolled
 * back every `--every` seconds (30) through the release CLI. On PostgreSQL the site runs `--workers` (2) worker
 * processes, which the supervisor rolls over after each switch (docs/adr/0016-process-rollover.md); on the embedded
 * PGlite it is one process switching in place. Samples the RSS of every process of the site every second; prints
 * the largest process before, at its highest and at the end, the whole host at its highest, how many worker
 * processes served, and the failed requests by kind (status, connect/read/write error, time-out), each failed answer
 * and the site's rollovers, drains (connections answered, closed silent or cut) and worker exits placed against the
 * switches (bench/failure-report.ts). Exits 1 when a process reaches 512 MB or any request fails. Its own
 * releases, registry and database live in bench/results/memory (never releases/); with `BENCH_DATABASE_URL` (or
 * `DATABASE_URL`) the site and its registry are on that PostgreSQL instead, as in production (the embedded PGlite
 * is for demos: docs/operations.md "Memory").
 *   [BENCH_DATABASE_URL=postgres://…] npm run bench:memory -- [--seconds 300] [--every 30] [--workers 2] [--connections 50] [--path /netflix-downloader]
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, APPS } from '../platform/src/release/build-app.ts';
import { applyPromotion } from '../platform/src/release/registry.ts';
import { describeFailures, parseWrkFailures, readSiteEvent, WRK_FAILURES_SCRIPT, type SiteEvent } from './failure-report.ts';
import {
  BENCH_DATABASE_KIND,
  BENCH_DATABASE_URL,
  BENCH_PORT,
  formatFigure,
  openBenchRegistry,
  readProcessTreeRssMb,
  requireTool,
  RESULTS_DIR,
  ROOT_DIR,
  runWrk,
  startSite,
} from './bench-support.ts';

/** Issue 16: every process of the server stays under this through the run. */
export const RSS_BUDGET_MB = 512;

const run = promisify(execFile);
const WORK_DIR = path.join(RESULTS_DIR, 'memory');
const RELEASES_DIR = path.join(WORK_DIR, 'releases');
const SWITCHED_APP = 'mf-landing';

/** What one run measured. */
export interface MemoryFigures {
  /** The largest process of the site (a worker, or the one process), before the load, at its highest and at the end. */
  rssBeforeMb: number;
  rssMaxMb: number;
  rssFinalMb: number;
  /** The whole host (primary and workers, two generations at once during a rollover) at its highest. */
  hostMaxMb: number;
  /** Worker processes the site runs at once (1: one process, no supervisor). */
  workers: number;
  /** Worker processes that served during the run (each rollover starts `workers` new ones). */
  workerProcesses: number;
  switches: number;
  requests: number;
  /** Answers that were not 2xx/3xx, and socket errors (time-outs included: over 10 s). */
  failed: number;
  non2xx: number;
  socketErrors: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** The failures by kind and the site's rollovers, drains and worker exits, placed against the switches (failure-report.ts). */
  failureReport: string[];
}

/** Builds every app into the benchmark's releases (reused when unchanged), live, plus a second build of the switched remote. */
async function prepareReleases(): Promise<{ first: string; second: string }> {
  await mkdir(RELEASES_DIR, { recursive: true });
  const store = await openBenchRegistry(RELEASES_DIR);
  let first = '';
  for (const app of APPS) {
    const { version } = await buildApp(ROOT_DIR, RELEASES_DIR, app);
    if (app === SWITCHED_APP) first = version;
    await store.update((state) => (state.apps[app]?.live === version ? state : applyPromotion(state, app, version, 'bench')));
  }
  // The same remote under another package version: the same code, a distinct version with its own containers.
  const sourceDir = path.join(RESULTS_DIR, 'sources', SWITCHED_APP);
  await rm(sourceDir, { recursive: true, force: true });
  await cp(path.join(ROOT_DIR, SWITCHED_APP), sourceDir, { recursive: true, filter: (source) => !source.includes('node_modules') });
  const packageFile = path.join(sourceDir, 'package.json');
  const packageJson = JSON.parse(await readFile(packageFile, 'utf8')) as { version: string };
  await writeFile(packageFile, JSON.stringify({ ...packageJson, version: `${packageJson.version}-bench` }, null, 2));
  const { version: second } = await buildApp(ROOT_DIR, RELEASES_DIR, SWITCHED_APP, { sourceDir });
  await store.close();
  return { first, second };
}

/**
 * The environment of the benchmark's server and CLI: its own releases, the benchmark's PostgreSQL
 * (`BENCH_DATABASE_URL`) or its own embedded database, no Redis.
 */
function toBenchEnv(): Record<string, string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return { ...env, RELEASES_DIR, ...(BENCH_DATABASE_URL ? { DATABASE_URL: BENCH_DATABASE_URL } : {}) };
}

/** Runs the release CLI on the benchmark's releases. */
async function runRelease(args: string[]): Promise<void> {
  await run(process.execPath, [path.join(ROOT_DIR, 'platform/src/release/cli.ts'), ...args], { env: toBenchEnv() });
}

/** Load with a promotion or rollback every `everySeconds`, sampling the RSS of every process of the site. */
export async function measureMemoryUnderReleases(options: {
  seconds: number;
  everySeconds: number;
  pagePath: string;
  port: number;
  /** Worker processes (`WEB_CONCURRENCY`); PGlite runs one whatever is asked. */
  workers?: number;
  /** wrk's connections (50). */
  connections?: number;
}): Promise<MemoryFigures> {
  const { second } = await prepareReleases();
  const pgliteDir = path.join(WORK_DIR, 'pglite');
  await rm(pgliteDir, { recursive: true, force: true });
  const workers = BENCH_DATABASE_URL ? (options.workers ?? 2) : 1;
  // The site's log at info: its supervisor and workers say when rollovers start, what each drain did, which worker died.
  const events: SiteEvent[] = [];
  const site = await startSite({
    logLevel: 'info',
    onLogLine: (line) => {
      const event = readSiteEvent(line);
      if (event) events.push(event);
    },
    port: options.port,
    pgliteDir,
    probePath: options.pagePath,
    env: { ...toBenchEnv(), PAGE_CACHE_MAX_BYTES: '0', WEB_CONCURRENCY: String(workers) },
    startTimeoutMs: 120_000,
  });
  try {
    // With workers, the primary only supervises: the budget is each worker's.
    const sample = () => readProcessTreeRssMb(site.pid).filter((member) => workers === 1 || member.pid !== site.pid);
    const largest = (members: { rssMb: number }[]) => Math.max(0, ...members.map((member) => member.rssMb));
    const rssBeforeMb = largest(sample());
    let rssMaxMb = rssBeforeMb;
    let hostMaxMb = 0;
    const seen = new Set<number>();
    const sampler = setInterval(() => {
      const members = sample();
      for (const member of members) seen.add(member.pid);
      rssMaxMb = Math.max(rssMaxMb, largest(members));
      hostMaxMb = Math.max(
        hostMaxMb,
        readProcessTreeRssMb(site.pid).reduce((sum, member) => sum + member.rssMb, 0),
      );
    }, 1000);
    const startedMs = Date.now();
    const load = runWrk(site.url + options.pagePath, {
      seconds: options.seconds,
      connections: options.connections ?? 50,
      script: WRK_FAILURES_SCRIPT,
    });
    const switchTimes: { atMs: number; action: string }[] = [];
    let switches = 0;
    let promoted = false;
    const deadline = Date.now() + (options.seconds - 1) * 1000;
    while (Date.now() + options.everySeconds * 1000 < deadline) {
      await new Promise((resolve) => setTimeout(resolve, options.everySeconds * 1000));
      switchTimes.push({ atMs: Date.now(), action: promoted ? `rollback ${SWITCHED_APP}` : `promote ${SWITCHED_APP} ${second}` });
      await runRelease(promoted ? ['rollback', SWITCHED_APP] : ['promote', SWITCHED_APP, second]);
      promoted = !promoted;
      switches += 1;
    }
    const figures = await load;
    clearInterval(sampler);
    if (promoted) await runRelease(['rollback', SWITCHED_APP]);
    const rssFinalMb = largest(sample());
    return {
      rssBeforeMb,
      rssMaxMb: Math.max(rssMaxMb, rssFinalMb),
      rssFinalMb,
      hostMaxMb,
      workers,
      workerProcesses: workers === 1 ? 1 : seen.size,
      switches,
      requests: figures.requests,
      failed: figures.non2xx + figures.socketErrors,
      non2xx: figures.non2xx,
      socketErrors: figures.socketErrors,
      requestsPerSecond: figures.requestsPerSecond,
      p99Ms: figures.p99Ms,
      failureReport: describeFailures({ wrk: parseWrkFailures(figures.output), events, startedMs, switches: switchTimes }),
    };
  } finally {
    await site.stop();
  }
}

/** Reads `--name value` from the command line. */
function readOption(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

if (import.meta.main) {
  requireTool('wrk');
  const seconds = Number(readOption('seconds', '300'));
  const everySeconds = Number(readOption('every', '30'));
  const pagePath = readOption('path', '/netflix-downloader');
  const workers = Number(readOption('workers', '2'));
  const connections = Number(readOption('connections', '50'));
  const figures = await measureMemoryUnderReleases({ seconds, everySeconds, pagePath, port: BENCH_PORT + 10, workers, connections });
  const processes =
    figures.workers === 1
      ? 'one process switching in place'
      : `${figures.workers} workers rolled over after each switch (${figures.workerProcesses} worker processes served)`;
  console.log(
    `${pagePath} on ${BENCH_DATABASE_KIND}, ${processes}, wrk -t2 -c${connections} -d${seconds}s, page cache off, ${SWITCHED_APP} switched ${figures.switches} times (every ${everySeconds} s)`,
  );
  console.log(
    `RSS of the largest ${figures.workers === 1 ? 'process' : 'worker'}: before ${formatFigure(figures.rssBeforeMb)} MB, max ${formatFigure(figures.rssMaxMb)} MB, final ${formatFigure(figures.rssFinalMb)} MB (budget ${RSS_BUDGET_MB} MB); whole host at most ${formatFigure(figures.hostMaxMb)} MB`,
  );
  console.log(
    `${figures.requests} requests (${formatFigure(figures.requestsPerSecond)} req/s, p99 ${formatFigure(figures.p99Ms)} ms), ${figures.failed} failed (${figures.non2xx} not 2xx/3xx, ${figures.socketErrors} socket errors or over 10 s)`,
  );
  for (const line of figures.failureReport) console.log(line);
  if (figures.rssMaxMb >= RSS_BUDGET_MB || figures.failed > 0) process.exitCode = 1;
}
