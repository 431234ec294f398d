import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@reelkeep/platform/logger';
import { workerExecArgv, type WorkerHeapLimits } from './worker-heap.ts';

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

/** What a worker tells the primary when the live or canary versions it serves changed since it started. */
export const RELEASE_SWITCHED_MESSAGE = 'reelkeep:release-switched';

/** The primary's view of one worker, for the rollover rule. */
export interface WorkerView {
  id: number;
  /** The rollover that started it (0: the first workers). */
  generation: number;
  listening: boolean;
  /** Told to finish its requests and exit. */
  draining: boolean;
  /** It switched releases in process since it started (it holds versions it no longer serves). */
  switched: boolean;
}

/** The primary's next step in a rollover. */
export type RolloverStep = { action: 'wait' } | { action: 'start'; generation: number; workers: number } | { action: 'drain'; ids: number[] };

/**
 * docs/adr/0016-process-rollover.md: after a release switch, a new generation of workers starts on the new
 * snapshot; once as many of them listen as the host runs, the older workers drain. A worker of the newest
 * generation that switched (it started while the switch was under way) starts the next rollover then.
 */
export function decideRollover(state: { workers: readonly WorkerView[]; generation: number; target: number }): RolloverStep {
  const running = state.workers.filter((worker) => !worker.draining);
  const older = running.filter((worker) => worker.generation < state.generation);
  const newest = running.filter((worker) => worker.generation === state.generation);
  if (older.length > 0) {
    if (newest.filter((worker) => worker.listening).length < state.target) return { action: 'wait' };
    return { action: 'drain', ids: older.map((worker) => worker.id) };
  }
  if (newest.some((worker) => worker.switched)) return { action: 'start', generation: state.generation + 1, workers: state.target };
  return { action: 'wait' };
}

/**
 * The primary process of a host with several workers: forks them (each runs the whole host: its own
 * registry polling, API modules and in-process page cache; its heap bounded by `heap`), starts another when one dies (see
 * `decideAfterWorkerExit`), rolls them over after a release switch (see `decideRollover`), and on SIGTERM or
 * SIGINT passes the signal on and exits once every worker has finished its requests.
 */
export function superviseWorkers(options: { workers: number; logger: Logger; graceMs: number; heap?: WorkerHeapLimits }): void {
  const { logger } = options;
  // Each worker's heap is bounded (worker-heap.ts); without bounds it starts with the primary's options, as before.
  if (options.heap) cluster.setupPrimary({ execArgv: workerExecArgv(options.heap, process.execArgv) });
  let stopping = false;
  let hostServed = false;
  let failedStarts = 0;
  let generation = 0;
  const views = new Map<Worker, WorkerView>();

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    const view: WorkerView = { id: worker.id, generation, listening: false, draining: false, switched: false };
    views.set(worker, view);
    worker.once('listening', () => {
      view.listening = true;
      hostServed = true;
      failedStarts = 0;
      advance();
    });
    worker.on('message', (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== RELEASE_SWITCHED_MESSAGE) return;
      view.switched = true;
      advance();
    });
  };
  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  /** Takes the rollover's next step, as often as one is due. */
  const advance = () => {
    if (stopping) return;
    const step = decideRollover({ workers: [...views.values()], generation, target: options.workers });
    if (step.action === 'start') {
      generation = step.generation;
      logger.info('releases switched: starting workers on the new releases', { generation, workers: step.workers });
      for (let started = 0; started < step.workers; started += 1) fork();
      return;
    }
    if (step.action === 'drain') {
      for (const [worker, view] of views) {
        if (!step.ids.includes(view.id)) continue;
        view.draining = true;
        worker.process.kill('SIGTERM');
        // A worker whose shutdown hangs past its grace does not stay beside the new ones.
        setTimeout(() => worker.isDead() || worker.process.kill('SIGKILL'), options.graceMs + 5_000).unref();
      }
      logger.info('releases switched: older workers finish their requests and exit', { generation, draining: step.ids.length });
      advance();
    }
  };

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
    const view = views.get(worker);
    views.delete(worker);
    if (stopping) return;
    // A drained worker is done; one of an older generation that died meanwhile is replaced by the rollover.
    if (!view || view.draining || view.generation < generation) return void advance();
    const listened = view.listening;
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
