/**
 * What the benchmarks share (README "Budgets"): starting the site on a port of the benchmark's range with a
 * database of its own, wrk runs parsed into figures, and the server's resident memory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');
/** Throw-away files of the benchmarks (git-ignored). */
export const RESULTS_DIR = path.join(ROOT_DIR, 'bench', 'results');
/** The first of the ports the benchmarks use (`BENCH_PORT`, 3310 by default; they take up to 20 from it). */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3310);

/** Exits with a clear message when a tool the benchmark needs is not installed. */
export function requireTool(name: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
  } catch {
    console.error(`${name} is not installed: apt-get install -y nginx wrk`);
    process.exit(2);
  }
}

/** Resolves once the URL answers 200; throws after about 30 s. */
export async function waitForOk(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
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
 * Runs `wrk -t2 -c<connections> --latency` against a URL, asynchronously (the benchmark samples meanwhile);
 * an answer slower than `timeoutSeconds` (10) counts as a socket error.
 */
export function runWrk(url: string, options: { seconds: number; connections?: number; timeoutSeconds?: number }): Promise<WrkFigures> {
  return new Promise((resolve, reject) => {
    const args = [
      '-t2',
      `-c${options.connections ?? 50}`,
      `-d${options.seconds}s`,
      `--timeout`,
      `${options.timeoutSeconds ?? 10}s`,
      '--latency',
      url,
    ];
    const wrk = spawn('wrk', args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    wrk.on('error', reject);
    wrk.on('close', (code) => (code === 0 ? resolve(parseWrkReport(output)) : reject(new Error(`wrk exited with ${code}: ${output}`))));
  });
}

/** Resident memory of a process, in MB (from /proc). */
export function readRssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/** A site server the benchmark started. */
export interface BenchSite {
  url: string;
  pid: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the shell server (`node shell/server/main.ts`, the Node of this npm run) on a port with its own
 * embedded database. `env` is its environment (the benchmark's own by default; `PAGE_CACHE_MAX_BYTES=0` turns
 * the page cache off); port, host, log level and database folder are set over it.
 */
export async function startSite(options: { port: number; pgliteDir: string; env?: Record<string, string>; probePath?: string }): Promise<BenchSite> {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'shell/server/main.ts')], {
    env: { ...(options.env ?? process.env), PORT: String(options.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PGLITE_DIR: options.pgliteDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForOk(url + (options.probePath ?? '/netflix-downloader'));
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
