import { describe, expect, it } from '@jest/globals';
import { planWorkers } from './workers.ts';

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
