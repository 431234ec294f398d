import { describe, expect, it } from '@jest/globals';
import { computeRetryDelayMs, MAX_RETRY_DELAY_MS, retryWhileDatabaseUnavailable } from './wait-for-database.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('computeRetryDelayMs', () => {
  it.each([
    [1, 250],
    [2, 500],
    [3, 1_000],
    [4, 2_000],
    [5, MAX_RETRY_DELAY_MS],
    [50, MAX_RETRY_DELAY_MS],
  ])('before retry %i waits %i ms', (attempt, delay) => {
    expect(computeRetryDelayMs(attempt)).toBe(delay);
  });
});

describe('retryWhileDatabaseUnavailable', () => {
  it('tries again while the database cannot be reached, then returns what the work gave', async () => {
    let calls = 0;
    const result = await retryWhileDatabaseUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw refused();
        return 'migrated';
      },
      { step: 'migrations' },
    );
    expect({ result, calls }).toEqual({ result: 'migrated', calls: 3 });
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const wrong = retryWhileDatabaseUnavailable(
      async () => {
        calls += 1;
        throw Object.assign(new Error('syntax error at or near "CREAT"'), { code: '42601' });
      },
      { step: 'migrations' },
    );
    await expect(wrong).rejects.toThrow('syntax error');
    expect(calls).toBe(1);
  });
});
