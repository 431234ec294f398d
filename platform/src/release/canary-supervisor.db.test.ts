import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { searchConsoleAudit } from '../console-audit.ts';
import type { Database } from '../db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../db/migrations.ts';
import { createLogger } from '../logger.ts';
import { openTestPglite } from '../testing/databases.ts';
import { applyCanary } from './canary.ts';
import { AUTOMATIC_ROLLBACK_ACTOR, startCanarySupervisor } from './canary-supervisor.ts';
import { applyPromotion, createFileRegistryStore } from './registry.ts';
import { createReleaseHealth } from './release-health.ts';

describe('the canary supervisor', () => {
  let db: Database;
  afterAll(async () => db?.close());
  const policy = { errorMargin: 0.02, minRequests: 50, stepMs: 1_000 };
  const logger = createLogger('error', () => undefined);

  it('rolls a failing canary back once, though two instances judge it, into the history and the audit log', async () => {
    db = await openTestPglite();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    const store = createFileRegistryStore(path.join(await mkdtemp(path.join(os.tmpdir(), 'canary-')), 'registry.json'));
    await store.update((state) => applyPromotion(state, 'mf-landing', 'stable', 'test'));
    await store.update((state) => applyCanary(state, { app: 'mf-landing', version: 'bad', percent: 20, by: 'test' }));
    const health = createReleaseHealth();
    health.record('mf-landing', 'stable', 'request', 400);
    health.record('mf-landing', 'bad', 'request', 100);
    health.record('mf-landing', 'bad', 'render-error', 30);
    const instances = [0, 1].map(() => startCanarySupervisor({ store, health, policy, checkMs: 60_000, logger, db }));
    const applied = await Promise.all(instances.map((instance) => instance.check()));
    expect(applied.flat()).toEqual(['rollback mf-landing@bad']);
    const state = await store.read();
    expect(state.apps['mf-landing']).toEqual({ live: 'stable', previous: [] });
    expect(state.history.filter((event) => event.action === 'canary-rollback')).toEqual([
      expect.objectContaining({ from: 'bad', to: 'stable', by: AUTOMATIC_ROLLBACK_ACTOR, reason: expect.stringContaining('error rate 30.0 %') }),
    ]);
    const audit = await searchConsoleAudit(db, { text: 'release.canary-rollback' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: AUTOMATIC_ROLLBACK_ACTOR, target: 'mf-landing', before: { canary: 'bad', percent: 20 } });
    for (const instance of instances) instance.stop();
  });

  it('advances a healthy canary through its steps after each step time, then makes it the live version', async () => {
    let now = Date.parse('2026-11-28T10:00:00.000Z');
    const store = createFileRegistryStore(path.join(await mkdtemp(path.join(os.tmpdir(), 'canary-')), 'registry.json'));
    await store.update((state) => applyPromotion(state, 'mf-landing', 'stable', 'test'));
    await store.update((state) =>
      applyCanary(state, { app: 'mf-landing', version: 'good', percent: 25, steps: [50, 100], by: 'test', at: new Date(now) }),
    );
    const health = createReleaseHealth({ now: () => now });
    health.record('mf-landing', 'good', 'request', 60);
    const supervisor = startCanarySupervisor({ store, health, policy, checkMs: 60_000, logger, now: () => now });
    expect(await supervisor.check()).toEqual([]);
    now += 1_000;
    expect(await supervisor.check()).toEqual(['advance mf-landing@good']);
    expect((await store.read()).apps['mf-landing']!.canary).toMatchObject({ percent: 50, steps: [100] });
    expect(await supervisor.check()).toEqual([]);
    now += 1_000;
    expect(await supervisor.check()).toEqual(['promote mf-landing@good']);
    const state = await store.read();
    expect(state.apps['mf-landing']).toEqual({ live: 'good', previous: ['stable'] });
    expect(state.history.at(-1)).toMatchObject({ action: 'promote', from: 'stable', to: 'good', by: 'canary schedule' });
    supervisor.stop();
  });
});
