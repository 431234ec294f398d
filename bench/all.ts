/**
 * Every budget of issue 16 in one run (docs/budgets.md "Budgets"), printed as one table; exits 1 when one is missed:
 * - first-load JavaScript of the landing page (bench/measure-landing-js.ts) against 150 kB gzip (issue 23: the design
 *   card's i18next, react-i18next and Redux Toolkit in it; Next.js 16 serves the same page at 150.7 kB);
 * - uncached rendering (page cache off) beside the monolith baseline, at least 0.9 × its req/s;
 * - cached pages through Varnish (the repository's VCL) beside nginx serving the same bytes, at least 0.8 × nginx,
 *   with Varnish's hit rate (bench/edge-throughput.ts);
 * - the server's RSS before and after that load, and through the memory run (bench/memory-under-releases.ts),
 *   under 512 MB with no failed request.
 * The baseline (and nginx for the uncached page) come from `side-by-side.sh` in `BENCH_SHARED_DIR` (by default `bench` in the `shared`
 * folder beside the repository; interleaved passes: the ratios are the figures). Needs `npm run build` first,
 * wrk, nginx, varnishd and Chromium. `--quick`: a few seconds per measurement, a smoke test of the benchmark itself, not a
 * measurement. Ports: `BENCH_PORT` (3310) and the next 19.
 *   npm run bench [-- --quick]
 */
import { execFile, execFileSync } from 'node:child_process';
import { access, cp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BENCH_DATABASE_KIND,
  BENCH_PORT,
  formatFigure,
  readLatencyMs,
  readRssMb,
  requireTool,
  RESULTS_DIR,
  ROOT_DIR,
  startSite,
  syncBenchRegistry,
  type BenchSite,
} from './bench-support.ts';
import { measureEdgeThroughput } from './edge-throughput.ts';
import { readFirstLoadOutput } from './first-load-report.ts';
import { measureMemoryUnderReleases, RSS_BUDGET_MB } from './memory-under-releases.ts';

/** Issue 16's budgets, with issue 23's first load. */
const FIRST_LOAD_BUDGET_KB = 150;
const MONOLITH_FIRST_LOAD_KB = 129.5;
const UNCACHED_MIN_RATIO = 0.9;
const CACHED_MIN_RATIO = 0.8;

const run = promisify(execFile);
const quick = process.argv.includes('--quick');
const PAGE_PATH = '/netflix-downloader';
const SHARED_BENCH_DIR = process.env.BENCH_SHARED_DIR ?? path.resolve(ROOT_DIR, '..', 'shared', 'bench');

/** One side of a side-by-side pass, averaged over the passes. */
interface SideFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

type Side = 'baseline' | 'ours' | 'nginx-b' | 'nginx-o';

/** Averages side-by-side.sh's lines (`ours  512 req/s  p50 95.1ms  p99 210ms  non-2xx 0`) per side. */
export function parseSideBySide(output: string): Partial<Record<Side, SideFigures>> {
  const sums = new Map<Side, SideFigures & { passes: number }>();
  for (const match of output.matchAll(/^(baseline|ours|nginx-b|nginx-o)\s+([\d.]+) req\/s\s+p50 (\S+)\s+p99 (\S+)\s+non-2xx (\d+)/gm)) {
    const side = match[1] as Side;
    const sum = sums.get(side) ?? { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, non2xx: 0, passes: 0 };
    sum.requestsPerSecond += Number(match[2]);
    sum.p50Ms += readLatencyMs(match[3]);
    sum.p99Ms += readLatencyMs(match[4]);
    sum.non2xx += Number(match[5]);
    sum.passes += 1;
    sums.set(side, sum);
  }
  return Object.fromEntries(
    [...sums].map(([side, sum]) => [
      side,
      { requestsPerSecond: sum.requestsPerSecond / sum.passes, p50Ms: sum.p50Ms / sum.passes, p99Ms: sum.p99Ms / sum.passes, non2xx: sum.non2xx },
    ]),
  );
}

/**
 * The shared benchmark folder when its baseline is built, else a copy of it under bench/results (side-by-side.sh
 * installs and builds the baseline beside itself on first use, and the shared folder is never written: a
 * permission check cannot tell, since root may write a read-only folder).
 */
async function locateSideBySide(): Promise<string> {
  const built = path.join(SHARED_BENCH_DIR, 'mono-baseline', 'mono-rr7', 'dist', 'server', 'server.cjs');
  const present = await access(built).then(
    () => true,
    () => false,
  );
  if (present) return path.join(SHARED_BENCH_DIR, 'side-by-side.sh');
  const copy = path.join(RESULTS_DIR, 'shared-bench');
  const copied = await access(path.join(copy, 'side-by-side.sh')).then(
    () => true,
    () => false,
  );
  if (!copied) {
    await cp(SHARED_BENCH_DIR, copy, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', copy]);
  }
  return path.join(copy, 'side-by-side.sh');
}

/** Runs side-by-side.sh against a running site. */
async function runSideBySide(script: string, site: BenchSite): Promise<Partial<Record<Side, SideFigures>>> {
  const { stdout } = await run('bash', [script, site.url, PAGE_PATH], {
    env: {
      ...process.env,
      BASELINE_PORT: String(BENCH_PORT + 1),
      NGINX_PORT: String(BENCH_PORT + 2),
      DUR: quick ? '2s' : '10s',
      PASSES: quick ? '1' : '3',
    },
    maxBuffer: 1 << 20,
  });
  process.stdout.write(stdout);
  return parseSideBySide(stdout);
}

/**
 * The landing page's first-load JavaScript in kB gzip, as bench/measure-landing-js.ts counts it (it exits 1 over
 * budget, with its figure); when it measured nothing, why is printed, not swallowed.
 */
async function measureFirstLoad(site: BenchSite): Promise<number> {
  const output = await run(process.execPath, [path.join(ROOT_DIR, 'bench/measure-landing-js.ts'), site.url + PAGE_PATH]).catch(
    (error: { stdout?: string; stderr?: string; message?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr || (error.message ?? ''),
    }),
  );
  process.stdout.write(output.stdout);
  const reading = readFirstLoadOutput(output);
  if (reading.ok) return reading.kb;
  console.error(`first-load JavaScript not measured: ${reading.problem}`);
  return Number.NaN;
}

requireTool('wrk');
requireTool('nginx');
requireTool('varnishd');
const script = await locateSideBySide();
const pgliteDir = path.join(RESULTS_DIR, 'all', 'pglite');
await rm(pgliteDir, { recursive: true, force: true });
await syncBenchRegistry(process.env.RELEASES_DIR ?? path.join(ROOT_DIR, 'releases'));

console.log('— uncached: page cache off, beside the monolith baseline');
let site = await startSite({ port: BENCH_PORT, pgliteDir, env: { ...process.env, PAGE_CACHE_MAX_BYTES: '0' } as Record<string, string> });
const rssBeforeMb = readRssMb(site.pid);
const uncached = await runSideBySide(script, site);
const rssAfterUncachedMb = readRssMb(site.pid);
await site.stop();

console.log('— cached: through Varnish in front of the site, beside nginx serving the same bytes');
site = await startSite({ port: BENCH_PORT, pgliteDir });
const edge = await measureEdgeThroughput({
  site,
  pagePath: PAGE_PATH,
  varnishPort: BENCH_PORT + 3,
  nginxPort: BENCH_PORT + 5,
  seconds: quick ? 2 : 10,
  passes: quick ? 1 : 3,
});
const rssAfterCachedMb = readRssMb(site.pid);
console.log('— first-load JavaScript');
const firstLoadKb = await measureFirstLoad(site);
await site.stop();

console.log(`— memory: load while mf-landing switches (${quick ? '20 s, every 5 s' : '300 s, every 30 s'})`);
const memory = await measureMemoryUnderReleases({
  seconds: quick ? 20 : 300,
  everySeconds: quick ? 5 : 30,
  pagePath: PAGE_PATH,
  port: BENCH_PORT + 10,
});

const uncachedRatio = (uncached.ours?.requestsPerSecond ?? 0) / (uncached.baseline?.requestsPerSecond ?? Number.NaN);
const cachedRatio = edge.ratio;
const rows: [string, string, string, boolean][] = [
  [
    'first-load JS (gzip)',
    `${formatFigure(firstLoadKb, 1)} kB (monolith ${MONOLITH_FIRST_LOAD_KB} kB)`,
    `≤ ${FIRST_LOAD_BUDGET_KB} kB`,
    firstLoadKb <= FIRST_LOAD_BUDGET_KB,
  ],
  [
    'uncached req/s',
    `${formatFigure(uncached.ours?.requestsPerSecond)} vs monolith ${formatFigure(uncached.baseline?.requestsPerSecond)} = ${formatFigure(uncachedRatio, 2)} ×`,
    `≥ ${UNCACHED_MIN_RATIO} ×`,
    uncachedRatio >= UNCACHED_MIN_RATIO,
  ],
  [
    'uncached p50 / p99',
    `${formatFigure(uncached.ours?.p50Ms)} / ${formatFigure(uncached.ours?.p99Ms)} ms (monolith ${formatFigure(uncached.baseline?.p50Ms)} / ${formatFigure(uncached.baseline?.p99Ms)} ms)`,
    '',
    true,
  ],
  [
    'cached req/s (Varnish, gzip)',
    `${formatFigure(edge.varnish.requestsPerSecond)} vs nginx ${formatFigure(edge.nginx.requestsPerSecond)} (same ${edge.bodyBytes} bytes) = ${formatFigure(cachedRatio, 2)} ×`,
    `≥ ${CACHED_MIN_RATIO} ×`,
    cachedRatio >= CACHED_MIN_RATIO,
  ],
  [
    'cached p50 / p99',
    `${formatFigure(edge.varnish.p50Ms, 2)} / ${formatFigure(edge.varnish.p99Ms, 2)} ms (nginx ${formatFigure(edge.nginx.p50Ms, 2)} / ${formatFigure(edge.nginx.p99Ms, 2)} ms)`,
    '',
    true,
  ],
  ['Varnish hit rate / RSS', `${formatFigure(edge.hitRate * 100, 2)} % / ${formatFigure(edge.varnishRssMb)} MB`, '', true],
  [
    'failed answers (side by side)',
    String((uncached.ours?.non2xx ?? 0) + edge.varnish.non2xx + edge.varnish.socketErrors),
    '0',
    (uncached.ours?.non2xx ?? 0) + edge.varnish.non2xx + edge.varnish.socketErrors === 0,
  ],
  [
    'RSS before / after load',
    `${formatFigure(rssBeforeMb)} / ${formatFigure(rssAfterUncachedMb)} MB uncached, ${formatFigure(rssAfterCachedMb)} MB cached`,
    `< ${RSS_BUDGET_MB} MB`,
    rssAfterUncachedMb < RSS_BUDGET_MB && rssAfterCachedMb < RSS_BUDGET_MB,
  ],
  [
    `RSS under releases (per ${memory.workers === 1 ? 'process' : 'worker'})`,
    `before ${formatFigure(memory.rssBeforeMb)}, max ${formatFigure(memory.rssMaxMb)}, final ${formatFigure(memory.rssFinalMb)} MB; ${memory.switches} switches, ${memory.workerProcesses} worker processes`,
    `< ${RSS_BUDGET_MB} MB`,
    memory.rssMaxMb < RSS_BUDGET_MB,
  ],
  [
    'failed requests under releases',
    `${memory.failed} of ${memory.requests} (${formatFigure(memory.requestsPerSecond)} req/s)`,
    '0',
    memory.failed === 0,
  ],
];

console.log(
  `\nReelKeep budgets, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (load ${os.loadavg()[0]!.toFixed(1)}), ${BENCH_DATABASE_KIND}, ${PAGE_PATH}${quick ? ' (--quick: smoke run)' : ''}`,
);
const width = Math.max(...rows.map(([name]) => name.length));
const valueWidth = Math.max(...rows.map(([, value]) => value.length));
for (const [name, value, budget, met] of rows) {
  console.log(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${budget.padEnd(9)} ${budget ? (met ? 'ok' : 'MISSED') : ''}`);
}
if (rows.some(([, , , met]) => !met)) process.exitCode = 1;
