import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable } from './connection-errors.ts';

/** The first wait before a step that needed an unavailable database is tried again; it doubles up to the cap. */
export const FIRST_RETRY_DELAY_MS = 250;
/** The longest wait between two tries: once PostgreSQL is back, a step runs again within this time. */
export const MAX_RETRY_DELAY_MS = 2_000;

/** The wait before try number `attempt` (1 for the first retry). */
export function computeRetryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1));
}

/**
 * docs/operations.md "When PostgreSQL is down": runs `work` until it succeeds, trying again while it fails because
 * the database cannot be reached (a starting host waits for PostgreSQL instead of exiting). Any other error is
 * thrown at once: a migration that is wrong stays a failed start. Warns once when it starts waiting.
 */
export async function retryWhileDatabaseUnavailable<T>(work: () => Promise<T>, options: { logger?: Logger; step: string }): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await work();
      if (attempt > 1) options.logger?.info('database reachable again', { step: options.step, attempts: attempt });
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (attempt === 1)
        options.logger?.warn('database unavailable: waiting for it', {
          step: options.step,
          error: error instanceof Error ? error.message : String(error),
        });
      await new Promise((resolve) => setTimeout(resolve, computeRetryDelayMs(attempt)));
    }
  }
}
