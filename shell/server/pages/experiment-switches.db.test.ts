import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { createLogger } from '@reelkeep/platform/logger';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { listTestDatabases } from '@reelkeep/platform/testing/databases';
import { createExperimentSwitchReader, readExperimentSwitches, writeExperimentSwitch } from './experiment-switches.ts';

describe.each(listTestDatabases())('experiment switches on %s (docs/experiments.md "Opening and closing")', (_kind, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await db.query(`DELETE FROM platform.experiment_switches`);
  });
  afterAll(() => db.close());

  it('keeps who switched an experiment and what it was before, and every instance reads it within the refresh interval', async () => {
    let now = 0;
    const reader = createExperimentSwitchReader(db, createLogger('error'), { refreshMs: 1000, now: () => now });
    await reader.refresh();
    expect(reader.current()).toEqual({});

    expect(await writeExperimentSwitch(db, 'sidebar', false, 'analyst@example.com (console)')).toEqual({ before: null });
    // Within the interval the last reading stays; after it, a reading starts and the next request sees the switch.
    now = 500;
    expect(reader.current()).toEqual({});
    now = 1000;
    reader.current();
    await reader.refresh();
    expect(reader.current()).toEqual({ sidebar: false });

    expect(await writeExperimentSwitch(db, 'sidebar', true, 'owner@example.com (console)')).toEqual({ before: false });
    expect(await readExperimentSwitches(db)).toEqual([
      { experiment: 'sidebar', open: true, changedAt: expect.any(String), changedBy: 'owner@example.com (console)' },
    ]);
  });

  it('keeps the last switches when the database cannot be read', async () => {
    const failing = { query: async () => Promise.reject(new Error('down')) } as unknown as Database;
    const reader = createExperimentSwitchReader(failing, createLogger('error'), { refreshMs: 0 });
    await reader.refresh();
    expect(reader.current()).toEqual({});
  });
});
