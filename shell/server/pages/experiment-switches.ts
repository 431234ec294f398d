import type { Database } from '@reelkeep/platform/db';
import type { Logger } from '@reelkeep/platform/logger';

/**
 * docs/experiments.md "Opening and closing": experiments an operator opened or closed in the console, over the
 * registry's `open` (`platform.experiment_switches`). Every instance reads the table at most every `refreshMs` and
 * never waits for it: assignment uses the last reading, so a switch reaches every instance within that time and a
 * database outage keeps the last known switches.
 */

/** How often an instance reads the switches again. */
export const EXPERIMENT_SWITCH_REFRESH_MS = 2000;

/** One experiment's switch as stored. */
export interface ExperimentSwitch {
  experiment: string;
  open: boolean;
  changedAt: string;
  changedBy: string;
}

/** Reads every stored switch. */
export async function readExperimentSwitches(db: Database): Promise<ExperimentSwitch[]> {
  const rows = await db.query<{ experiment: string; open: boolean; changed_at: Date | string; changed_by: string }>(
    `SELECT experiment, open, changed_at, changed_by FROM platform.experiment_switches ORDER BY experiment`,
  );
  return rows.map((row) => ({
    experiment: row.experiment,
    open: row.open,
    changedAt: new Date(row.changed_at).toISOString(),
    changedBy: row.changed_by,
  }));
}

/** Opens or closes an experiment; answers whether it was open before (null: never switched, the registry decided). */
export async function writeExperimentSwitch(db: Database, experiment: string, open: boolean, by: string): Promise<{ before: boolean | null }> {
  return db.transaction(async (query) => {
    const [previous] = await query<{ open: boolean }>(`SELECT open FROM platform.experiment_switches WHERE experiment = $1 FOR UPDATE`, [experiment]);
    await query(
      `INSERT INTO platform.experiment_switches (experiment, open, changed_at, changed_by) VALUES ($1, $2, now(), $3)
       ON CONFLICT (experiment) DO UPDATE SET open = EXCLUDED.open, changed_at = now(), changed_by = EXCLUDED.changed_by`,
      [experiment, open, by],
    );
    return { before: previous ? previous.open : null };
  });
}

/** The switches as assignment reads them: synchronous, refreshed in the background. */
export function createExperimentSwitchReader(db: Database, logger: Logger, options: { refreshMs?: number; now?: () => number } = {}) {
  const refreshMs = options.refreshMs ?? EXPERIMENT_SWITCH_REFRESH_MS;
  const now = options.now ?? Date.now;
  let current: Readonly<Record<string, boolean>> = {};
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    reading ??= readExperimentSwitches(db)
      .then((switches) => {
        current = Object.fromEntries(switches.map((entry) => [entry.experiment, entry.open]));
      })
      .catch((error: unknown) => logger.warn('experiment switches: not read, the last ones stay', { error: String(error) }))
      .finally(() => {
        readAt = now();
        reading = null;
      });
    return reading;
  };
  return {
    /** The last switches read; starts a new reading when they are older than the refresh interval. */
    current(): Readonly<Record<string, boolean>> {
      if (now() - readAt >= refreshMs) void refresh();
      return current;
    },
    /** Reads them now (a start, a test). */
    refresh,
  };
}
