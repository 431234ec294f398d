import { spawn, type ChildProcess } from 'node:child_process';

/** What one wrk run did: a failure is an answer other than 2xx/3xx or any socket error. */
export interface LoadResult {
  url: string;
  requests: number;
  failed: number;
  output: string;
}

/** The runs not stopped yet, so a journey that fails half-way leaves no wrk behind to load the journeys after it. */
const running = new Set<ChildProcess>();

function readSummary(url: string, output: string): LoadResult {
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return { url, requests, failed: non2xx + socketErrors, output };
}

/**
 * wrk against a URL until stopped (SIGINT: wrk prints its summary and exits) or for `seconds`. The timeout is wrk's
 * limit for one answer; on a shared two-core machine a slow answer is not a failed one.
 */
export function startLoad(
  url: string,
  options: { connections?: number; seconds?: number; headers?: string[] } = {},
): { stop: () => Promise<LoadResult>; done: Promise<LoadResult> } {
  const args = ['-t1', `-c${options.connections ?? 4}`, `-d${options.seconds ?? 240}s`, '--timeout', '10s'];
  const wrk = spawn('wrk', [...args, ...(options.headers ?? []).flatMap((header) => ['-H', header]), url]);
  running.add(wrk);
  let output = '';
  wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<LoadResult>((resolve, reject) => {
    wrk.on('error', reject);
    wrk.on('exit', () => {
      running.delete(wrk);
      resolve(readSummary(url, output));
    });
  });
  return {
    done,
    stop: () => {
      wrk.kill('SIGINT');
      return done;
    },
  };
}

/** Stops every run a journey left going (it failed before its `stop`); the fixtures call it after each journey. */
export function stopLeftoverLoads(): number {
  const left = running.size;
  for (const wrk of running) wrk.kill('SIGKILL');
  running.clear();
  return left;
}
