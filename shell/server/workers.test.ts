import { describe, expect, it } from '@jest/globals';
import { decideAfterWorkerExit, planWorkers } from './workers.ts';

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
