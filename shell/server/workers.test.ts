import { describe, expect, it } from '@jest/globals';
import { decideAfterWorkerExit, decideRollover, planWorkers, type WorkerView } from './workers.ts';

describe('planWorkers', () => {
  it.each([
    [1, true, { workers: 1 }],
    [4, true, { workers: 4 }],
    [1, false, { workers: 1 }],
    [2, false, { workers: 1, reducedBecause: 'embedded-database' }],
  ])('WEB_CONCURRENCY=%s with DATABASE_URL %s → %j', (requested, hasDatabaseUrl, plan) => {
    expect(planWorkers(requested, hasDatabaseUrl)).toEqual(plan);
  });
});

describe('decideAfterWorkerExit', () => {
  it.each([
    ['a worker that served', { listened: true, hostServed: true, failedStarts: 0 }, { action: 'restart', delayMs: 0 }],
    ['the first start failing (a bad setting every worker meets)', { listened: false, hostServed: false, failedStarts: 1 }, { action: 'stop' }],
    ['a replacement failing once the host has served', { listened: false, hostServed: true, failedStarts: 1 }, { action: 'restart', delayMs: 500 }],
    ['the same, a third time', { listened: false, hostServed: true, failedStarts: 3 }, { action: 'restart', delayMs: 2_000 }],
    ['the same, for a long outage', { listened: false, hostServed: true, failedStarts: 40 }, { action: 'restart', delayMs: 10_000 }],
  ])('%s', (_case, exit, decision) => {
    expect(decideAfterWorkerExit(exit)).toEqual(decision);
  });
});

/** A worker of generation `generation`, listening unless told. */
const worker = (id: number, generation: number, state: Partial<WorkerView> = {}): WorkerView => ({
  id,
  generation,
  listening: true,
  draining: false,
  switched: false,
  ...state,
});

describe('decideRollover', () => {
  it.each<[string, WorkerView[], number, ReturnType<typeof decideRollover>]>([
    ['no worker switched: nothing to do', [worker(1, 0), worker(2, 0)], 0, { action: 'wait' }],
    [
      'one worker switched releases: a new generation starts, as many as the host runs',
      [worker(1, 0, { switched: true }), worker(2, 0)],
      0,
      { action: 'start', generation: 1, workers: 2 },
    ],
    [
      'the new generation is starting: the old ones keep serving',
      [worker(1, 0, { switched: true }), worker(2, 0), worker(3, 1), worker(4, 1, { listening: false })],
      1,
      { action: 'wait' },
    ],
    [
      'the new generation listens: the old ones drain',
      [worker(1, 0, { switched: true }), worker(2, 0, { switched: true }), worker(3, 1), worker(4, 1)],
      1,
      { action: 'drain', ids: [1, 2] },
    ],
    ['the old ones are draining: nothing more to do', [worker(1, 0, { draining: true }), worker(3, 1), worker(4, 1)], 1, { action: 'wait' }],
    [
      'a new worker switched while it started (a second switch): the next rollover starts once the last one is done',
      [worker(1, 0, { draining: true }), worker(3, 1, { switched: true }), worker(4, 1)],
      1,
      { action: 'start', generation: 2, workers: 2 },
    ],
    [
      'a second switch during a rollover waits for the rollover',
      [worker(1, 0, { switched: true }), worker(3, 1, { switched: true, listening: false }), worker(4, 1)],
      1,
      { action: 'wait' },
    ],
    [
      'a new worker that died and is being replaced: the old ones keep serving',
      [worker(1, 0, { switched: true }), worker(2, 0), worker(4, 1)],
      1,
      { action: 'wait' },
    ],
  ])('%s', (_case, workers, generation, step) => {
    expect(decideRollover({ workers, generation, target: 2 })).toEqual(step);
  });
});
