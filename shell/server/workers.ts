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

/**
 * The primary process of a host with several workers: forks them (each runs the whole host: its own
 * registry polling, API modules and in-process page cache), starts another when one dies after it was
 * serving, stops when one dies before it ever listened (a configuration or release problem every worker
 * would meet), and on SIGTERM or SIGINT passes the signal on and exits once every worker has finished its
 * requests.
 */
export function superviseWorkers(options: { workers: number; logger: Logger; graceMs: number }): void {
  const { logger } = options;
  let stopping = false;
  const listening = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
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
    if (!listening.has(worker)) {
      logger.error('a worker exited before it served; stopping', { pid: worker.process.pid, code, signal });
      stop('SIGTERM', 1);
      return;
    }
    logger.warn('a worker exited; starting another', { pid: worker.process.pid, code, signal });
    fork();
  });
  for (let started = 0; started < options.workers; started += 1) fork();
  logger.info('site workers started', { workers: options.workers });
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
}
