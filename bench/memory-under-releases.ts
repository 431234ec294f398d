/**
 * Memory under load while releases switch (docs/budgets.md "Budgets"): wrk loads a landing page (page cache off) for
 * `--seconds` (300), while `mf-landing`, the remote that renders it, is promoted to a second build and rolled
 * back every `--every` seconds (30) through the release CLI. Samples the server's RSS every second; prints
 * the RSS before, the highest and the last, and the failed requests. Exits 1 when the RSS reaches 512 MB or
 * any request fails. Its own releases, registry and database live in bench/results/memory (never releases/);
 * with `BENCH_DATABASE_URL` (or `DATABASE_URL`) the site and its registry are on that PostgreSQL instead, as in
 * production (the embedded PGlite is for demos: docs/operations.md "Memory").
 *   [BENCH_DATABASE_URL=postgres://…] npm run bench:memory -- [--seconds 300] [--every 30] [--path /netflix-downloader]
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, APPS } from '../platform/src/release/build-app.ts';
import { applyPromotion } from '../platform/src/release/registry.ts';
import {
  BENCH_DATABASE_KIND,
  BENCH_DATABASE_URL,
  BENCH_PORT,
  formatFigure,
  openBenchRegistry,
  readRssMb,
  requireTool,
  RESULTS_DIR,
  ROOT_DIR,
  runWrk,
  startSite,
} from './bench-support.ts';

/** Issue 16: the server stays under this through the run. */
export const RSS_BUDGET_MB = 512;

const run = promisify(execFile);
const WORK_DIR = path.join(RESULTS_DIR, 'memory');
const RELEASES_DIR = path.join(WORK_DIR, 'releases');
const SWITCHED_APP = 'mf-landing';

/** What one run measured. */
export interface MemoryFigures {
  rssBeforeMb: number;
  rssMaxMb: number;
  rssFinalMb: number;
  switches: number;
  requests: number;
  /** Answers that were not 2xx/3xx, and socket errors (time-outs included: over 10 s). */
  failed: number;
  non2xx: number;
  socketErrors: number;
  requestsPerSecond: number;
  p99Ms: number;
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

/** Load with a promotion or rollback every `everySeconds`, sampling RSS. */
export async function measureMemoryUnderReleases(options: {
  seconds: number;
  everySeconds: number;
  pagePath: string;
  port: number;
}): Promise<MemoryFigures> {
  const { second } = await prepareReleases();
  const pgliteDir = path.join(WORK_DIR, 'pglite');
  await rm(pgliteDir, { recursive: true, force: true });
  const site = await startSite({
    port: options.port,
    pgliteDir,
    probePath: options.pagePath,
    env: { ...toBenchEnv(), PAGE_CACHE_MAX_BYTES: '0' },
  });
  try {
    const rssBeforeMb = readRssMb(site.pid);
    let rssMaxMb = rssBeforeMb;
    const sampler = setInterval(() => (rssMaxMb = Math.max(rssMaxMb, readRssMb(site.pid))), 1000);
    const load = runWrk(site.url + options.pagePath, { seconds: options.seconds });
    let switches = 0;
    let promoted = false;
    const deadline = Date.now() + (options.seconds - 1) * 1000;
    while (Date.now() + options.everySeconds * 1000 < deadline) {
      await new Promise((resolve) => setTimeout(resolve, options.everySeconds * 1000));
      await runRelease(promoted ? ['rollback', SWITCHED_APP] : ['promote', SWITCHED_APP, second]);
      promoted = !promoted;
      switches += 1;
    }
    const figures = await load;
    clearInterval(sampler);
    if (promoted) await runRelease(['rollback', SWITCHED_APP]);
    const rssFinalMb = readRssMb(site.pid);
    return {
      rssBeforeMb,
      rssMaxMb: Math.max(rssMaxMb, rssFinalMb),
      rssFinalMb,
      switches,
      requests: figures.requests,
      failed: figures.non2xx + figures.socketErrors,
      non2xx: figures.non2xx,
      socketErrors: figures.socketErrors,
      requestsPerSecond: figures.requestsPerSecond,
      p99Ms: figures.p99Ms,
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
  const figures = await measureMemoryUnderReleases({ seconds, everySeconds, pagePath, port: BENCH_PORT + 10 });
  console.log(
    `${pagePath} on ${BENCH_DATABASE_KIND}, wrk -t2 -c50 -d${seconds}s, page cache off, ${SWITCHED_APP} switched ${figures.switches} times (every ${everySeconds} s)`,
  );
  console.log(
    `RSS before ${formatFigure(figures.rssBeforeMb)} MB, max ${formatFigure(figures.rssMaxMb)} MB, final ${formatFigure(figures.rssFinalMb)} MB (budget ${RSS_BUDGET_MB} MB)`,
  );
  console.log(
    `${figures.requests} requests (${formatFigure(figures.requestsPerSecond)} req/s, p99 ${formatFigure(figures.p99Ms)} ms), ${figures.failed} failed (${figures.non2xx} not 2xx/3xx, ${figures.socketErrors} socket errors or over 10 s)`,
  );
  if (figures.rssMaxMb >= RSS_BUDGET_MB || figures.failed > 0) process.exitCode = 1;
}
