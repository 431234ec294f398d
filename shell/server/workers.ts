import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@reelkeep/platform/logger';

/** How many worker processes a host runs, and why fewer than asked. */
export type WorkerPlan = { workers: number; reducedBecause?: 'embedded-database' };

/**
 * docs/operations.md "Worker processes": `WEB_CONCURRENCY` processes share the port, but only on PostgreSQL;
 * the embedded database (PGlite) lives inside one process, so without DATABASE_URL the host runs one.
 */
export function planWorkers(requested: number, hasDatabaseUrl: boolean): WorkerPlan {
  if (requested > 1 && !hasDatabaseUrl) return { workers: 1, reducedBecause: 'embedded-database' };
  return { workers: Math.max(1, requested) };
}

/** The first wait before a worker that died while starting is replaced; it doubles up to the cap. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;

/** What the primary does when a worker exits. */
export type WorkerExitDecision = { action: 'stop' } | { action: 'restart'; delayMs: number };

/**
 * docs/operations.md "Worker processes": a worker that served is replaced at once. One that died before it
 * listened stops the host only while no worker of this host has ever served (a bad setting, no live shell: every
 * worker would meet it); once the host has served, it is a passing trouble (PostgreSQL restarting while the worker
 * started) and the worker is replaced after a growing delay, never given up for good.
 */
export function decideAfterWorkerExit(exit: { listened: boolean; hostServed: boolean; failedStarts: number }): WorkerExitDecision {
  if (exit.listened) return { action: 'restart', delayMs: 0 };
  if (!exit.hostServed) return { action: 'stop' };
  return { action: 'restart', delayMs: Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, exit.failedStarts - 1)) };
}

/**
 * The primary process of a host with several workers: forks them (each runs the whole host: its own
 * registry polling, API modules and in-process page cache), starts another when one dies (see
 * `decideAfterWorkerExit`), and on SIGTERM or SIGINT passes the signal on and exits once every worker has finished its
 * requests.
 */
export function superviseWorkers(options: { workers: number; logger: Logger; graceMs: number }): void {
  const { logger } = options;
  let stopping = false;
  let hostServed = false;
  let failedStarts = 0;
  const listening = new WeakSet<Worker>();

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening.add(worker);
      hostServed = true;
      failedStarts = 0;
    });
  };
  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  const stop = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping workers', { signal });
    for (const worker of live()) worker.process.kill(signal);
    if (live().length === 0) process.exit(exitCode);
    setTimeout(() => process.exit(exitCode), options.graceMs + 5_000).unref();
    cluster.on('exit', () => {
      if (live().length === 0) process.exit(exitCode);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const listened = listening.has(worker);
    if (!listened) failedStarts += 1;
    const decision = decideAfterWorkerExit({ listened, hostServed, failedStarts });
    if (decision.action === 'stop') {
      logger.error('a worker exited before it served; stopping', { pid: worker.process.pid, code, signal });
      stop('SIGTERM', 1);
      return;
    }
    logger.warn(listened ? 'a worker exited; starting another' : 'a worker exited before it served; starting another', {
      pid: worker.process.pid,
      code,
      signal,
      delayMs: decision.delayMs,
    });
    setTimeout(fork, decision.delayMs);
  });
  for (let started = 0; started < options.workers; started += 1) fork();
  logger.info('site workers started', { workers: options.workers });
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
}
