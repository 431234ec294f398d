/**
 * What the benchmarks share (docs/budgets.md "Budgets"): starting the site on a port of the benchmark's range with a
 * database of its own, wrk runs parsed into figures, and the server's resident memory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '../platform/src/db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../platform/src/db/migrations.ts';
import { applyPromotion, createDatabaseRegistryStore, createFileRegistryStore, type RegistryStore } from '../platform/src/release/registry.ts';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');
/** Throw-away files of the benchmarks (git-ignored). */
export const RESULTS_DIR = path.join(ROOT_DIR, 'bench', 'results');
/** The first of the ports the benchmarks use (`BENCH_PORT`, 3310 by default; they take up to 20 from it). */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3310);

/**
 * The PostgreSQL the benchmarks run the site on (`BENCH_DATABASE_URL`, else `DATABASE_URL`), as production
 * does; empty: the embedded PGlite, which is for demos and alone takes over 500 MB (docs/operations.md "Memory").
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '';

/** Which database the benchmarks' sites run on, for their reports. */
export const BENCH_DATABASE_KIND = BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * The release registry a benchmark's site reads: in the benchmark's PostgreSQL when it has one (the host reads
 * it there), else `registry.json` of the releases folder.
 */
export async function openBenchRegistry(releasesDir: string): Promise<RegistryStore> {
  if (!BENCH_DATABASE_URL) return createFileRegistryStore(path.join(releasesDir, 'registry.json'));
  const db = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, pgliteDir: '' });
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  const store = createDatabaseRegistryStore(db);
  return { ...store, close: () => db.close() };
}

/** Makes the versions live in `registry.json` (what `npm run build` promoted) live in the benchmark's PostgreSQL too. */
export async function syncBenchRegistry(releasesDir: string): Promise<void> {
  if (!BENCH_DATABASE_URL) return;
  const files = createFileRegistryStore(path.join(releasesDir, 'registry.json'));
  const built = await files.read();
  await files.close();
  const store = await openBenchRegistry(releasesDir);
  try {
    await store.update((state) =>
      Object.entries(built.apps).reduce(
        (current, [app, entry]) => (current.apps[app]?.live === entry.live ? current : applyPromotion(current, app, entry.live, 'bench')),
        state,
      ),
    );
  } finally {
    await store.close();
  }
}

/** Exits with a clear message when a tool the benchmark needs is not installed. */
export function requireTool(name: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
  } catch {
    console.error(`${name} is not installed: apt-get install -y nginx wrk`);
    process.exit(2);
  }
}

/** Resolves once the URL answers 200; throws after about `timeoutMs` (30 s). */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  for (let attempt = 0; attempt < timeoutMs / 100; attempt += 1) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200`);
}

/** One wrk run. */
export interface WrkFigures {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx or 3xx. */
  non2xx: number;
  /** Connect, read and write errors and answers slower than wrk's time-out. */
  socketErrors: number;
}

/** wrk prints latencies with their unit (`980.00us`, `12.5ms`, `1.2s`): in milliseconds. */
export function readLatencyMs(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000;
}

/** The figures of wrk's `--latency` report. */
export function parseWrkReport(output: string): WrkFigures {
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    p50Ms: readLatencyMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
    p99Ms: readLatencyMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
    non2xx,
    socketErrors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/**
 * Runs `wrk -t2 -c<connections> --latency` against a URL (with `headers` on every request), asynchronously (the
 * benchmark samples meanwhile); an answer slower than `timeoutSeconds` (10) counts as a socket error.
 */
export function runWrk(
  url: string,
  options: { seconds: number; connections?: number; timeoutSeconds?: number; headers?: Record<string, string>; script?: string },
): Promise<WrkFigures & { output: string }> {
  return new Promise((resolve, reject) => {
    const args = [
      '-t2',
      `-c${options.connections ?? 50}`,
      `-d${options.seconds}s`,
      `--timeout`,
      `${options.timeoutSeconds ?? 10}s`,
      '--latency',
      ...(options.script ? ['-s', options.script] : []),
      ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      url,
    ];
    const wrk = spawn('wrk', args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    wrk.on('error', reject);
    wrk.on('close', (code) =>
      code === 0 ? resolve({ ...parseWrkReport(output), output }) : reject(new Error(`wrk exited with ${code}: ${output}`)),
    );
  });
}

/** The process and its descendants (a host's worker processes), from /proc. */
function listProcessTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // The process has exited, or the kernel does not list children: count the process alone.
  }
  return [pid, ...children.flatMap(listProcessTree)];
}

/** Resident memory of a process and of each of its descendants (a host's primary and its workers), in MB (from /proc). */
export function readProcessTreeRssMb(pid: number): { pid: number; rssMb: number }[] {
  return listProcessTree(pid).flatMap((member) => {
    try {
      return [{ pid: member, rssMb: Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0) / 1024 }];
    } catch {
      // Gone between the listing and the read.
      return [];
    }
  });
}

/** Resident memory of a process and its descendants (all of a host's workers), in MB (from /proc). */
export function readRssMb(pid: number): number {
  return readProcessTreeRssMb(pid).reduce((sum, member) => sum + member.rssMb, 0);
}

/** A site server the benchmark started. */
export interface BenchSite {
  url: string;
  pid: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the shell server (`node shell/server/main.ts`, the Node of this npm run) on a port, on the
 * benchmark's PostgreSQL (`BENCH_DATABASE_URL`) or else its own embedded database. `env` is its environment (the benchmark's own by default; `PAGE_CACHE_MAX_BYTES=0` turns
 * the page cache off); port, host, log level and database folder are set over it.
 */
export async function startSite(options: {
  port: number;
  pgliteDir: string;
  env?: Record<string, string>;
  probePath?: string;
  /** How long the site may take to answer its first page (30 s; workers on a busy machine take longer). */
  startTimeoutMs?: number;
  /** The site's log level (warn). */
  logLevel?: 'info' | 'warn';
  /** Receives each line the site writes to stdout instead of the terminal (its JSON log). */
  onLogLine?: (line: string) => void;
}): Promise<BenchSite> {
  const env: NodeJS.ProcessEnv = {
    ...(options.env ?? process.env),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: options.logLevel ?? 'warn',
    PGLITE_DIR: options.pgliteDir,
    DATABASE_URL: BENCH_DATABASE_URL,
  };
  if (!BENCH_DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'shell/server/main.ts')], {
    env,
    stdio: ['ignore', options.onLogLine ? 'pipe' : 'inherit', 'inherit'],
  });
  if (options.onLogLine && child.stdout) createInterface({ input: child.stdout }).on('line', options.onLogLine);
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A site that exits (a port in use, a bad setting) must not leave the benchmark measuring whatever else answers.
  await Promise.race([
    waitForOk(url + (options.probePath ?? '/netflix-downloader'), options.startTimeoutMs),
    exited.then(() => {
      throw new Error(`the site exited before it answered on ${url}`);
    }),
  ]).catch((error: unknown) => {
    // A site that never answered is not left running behind the benchmark.
    child.kill('SIGTERM');
    throw error;
  });
  return {
    url,
    pid: child.pid!,
    child,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    },
  };
}

/** Formats a number with a fixed count of decimals, or `n/a`. */
export function formatFigure(value: number | undefined, decimals = 0): string {
  return value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(decimals);
}
