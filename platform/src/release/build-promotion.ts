import type { RegistryState } from '@reelkeep/shared-contracts/schemas';

/** What `release build --promote` (and so `npm start`) does with a version it just built. */
export type BuildPromotion = { promote: true } | { promote: false; reason: 'already-live' | 'rolled-back' | 'not-asked' };

/**
 * `asked`: promote builds that differ from the live version (`npm run build`, `release build --promote`).
 * `first`: promote only an app that has no live version yet (`npm start`, `release build --promote-first`).
 */
export type BuildPromotionMode = 'asked' | 'first';

/**
 * docs/releasing.md "How a squad builds and releases its remote": `npm start` promotes a build only on a fresh
 * registry; when asked, a build is promoted unless it is live already or an operator rolled it back. A rollback
 * is a decision about that version: rebuilding the same sources must not undo it.
 */
export function decideBuildPromotion(state: RegistryState, app: string, version: string, mode: BuildPromotionMode): BuildPromotion {
  const live = state.apps[app]?.live;
  if (live === version) return { promote: false, reason: 'already-live' };
  if (mode === 'first' && live !== undefined) return { promote: false, reason: 'not-asked' };
  const lastMention = state.history.findLast((event) => event.app === app && (event.from === version || event.to === version));
  if (lastMention?.action === 'rollback' && lastMention.from === version) return { promote: false, reason: 'rolled-back' };
  return { promote: true };
}
