import type { ConsoleActor } from '@reelkeep/shared-contracts/console';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { recordConsoleAction } from '../console-audit.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { applyCanary, applyCanaryRollback, decideCanary, type CanaryPolicy } from './canary.ts';
import type { RegistryStore } from './registry.ts';
import type { ReleaseHealth } from './release-health.ts';

/** Who the registry history and the console's audit log name for a canary the supervisor ended or advanced. */
export const AUTOMATIC_ROLLBACK_ACTOR = 'automatic rollback';
export const CANARY_SCHEDULE_ACTOR = 'canary schedule';

/** The actor of the audit log's automatic entries (no person: the role column says who may undo it). */
function toSystemActor(name: string): ConsoleActor {
  return { id: name.replace(/ /g, '-'), email: name, role: 'release-manager' };
}

/**
 * docs/releases.md "Canary": every instance judges every canary every `checkMs` from the health all instances
 * counted, and applies the verdict through the registry. The change re-reads the canary under the registry's lock
 * and does nothing when another instance already applied it, so a canary is rolled back, advanced or promoted
 * once, recorded once in the history and once in the console's audit log.
 */
export function startCanarySupervisor(options: {
  store: RegistryStore;
  health: ReleaseHealth;
  policy: CanaryPolicy;
  checkMs: number;
  logger: Logger;
  /** Where the console's audit log is; absent, only the registry history records the verdict. */
  db?: Database;
  /** Told after this instance changed the registry, so it serves the change at once instead of at its next poll. */
  onChange?: () => Promise<void>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;

  const audit = async (actor: string, action: string, app: string, before: unknown, after: unknown) => {
    if (!options.db) return;
    await recordConsoleAction(options.db, { actor: toSystemActor(actor), action, target: app, before, after }).catch((error: unknown) =>
      options.logger.error('canary verdict not written to the audit log', { app, action, error }),
    );
  };

  /** One pass over the canaries; answers the verdicts this instance applied. */
  async function check(): Promise<string[]> {
    const state = await options.store.read();
    const applied: string[] = [];
    for (const [app, entry] of Object.entries(state.apps)) {
      const canary = entry.canary;
      if (!canary) continue;
      const since = Date.parse(canary.startedAt);
      const [canaryHealth, stableHealth] = await Promise.all([
        options.health.read(app, canary.version, since),
        options.health.read(app, entry.live, since),
      ]);
      const verdict = decideCanary({ canary, canaryHealth, stableHealth, policy: options.policy, now: now() });
      if (verdict.kind === 'hold') continue;
      const same = (current: RegistryState) =>
        current.apps[app]?.canary?.version === canary.version && current.apps[app]?.canary?.stepAt === canary.stepAt;
      let changed = false;
      const change = (current: RegistryState): RegistryState => {
        changed = false;
        if (!same(current)) return current;
        changed = true;
        if (verdict.kind === 'rollback')
          return applyCanaryRollback(current, app, canary.version, AUTOMATIC_ROLLBACK_ACTOR, verdict.reason, new Date(now()));
        const percent = verdict.kind === 'promote' ? 100 : verdict.percent;
        return applyCanary(current, { app, version: canary.version, percent, by: CANARY_SCHEDULE_ACTOR, at: new Date(now()) });
      };
      await options.store.update(change);
      if (!changed) continue;
      const before = { live: entry.live, canary: canary.version, percent: canary.percent };
      const figures = { health: { canary: canaryHealth, stable: stableHealth } };
      if (verdict.kind === 'rollback') {
        options.logger.warn('canary rolled back', { app, version: canary.version, reason: verdict.reason });
        await audit(AUTOMATIC_ROLLBACK_ACTOR, 'release.canary-rollback', app, before, { live: entry.live, reason: verdict.reason, ...figures });
      } else if (verdict.kind === 'promote') {
        options.logger.info('canary promoted', { app, version: canary.version });
        await audit(CANARY_SCHEDULE_ACTOR, 'release.promote', app, before, { live: canary.version, ...figures });
      } else {
        options.logger.info('canary advanced', { app, version: canary.version, percent: verdict.percent });
        await audit(CANARY_SCHEDULE_ACTOR, 'release.canary', app, before, { canary: canary.version, percent: verdict.percent, ...figures });
      }
      applied.push(`${verdict.kind} ${app}@${canary.version}`);
    }
    if (applied.length > 0) await options.onChange?.();
    return applied;
  }

  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    check()
      .catch((error: unknown) => options.logger.warn('canary check failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (checking = false));
  }, options.checkMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
