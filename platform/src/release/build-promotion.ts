import type { RegistryState } from '@reelkeep/shared-contracts/schemas';

/** What `release build --promote` (and so `npm start`) does with a version it just built. */
export type BuildPromotion = { promote: true } | { promote: false; reason: 'already-live' | 'rolled-back' };

/**
 * docs/releasing.md "How a squad builds and releases its remote": a build is promoted unless it is live already, or an
 * operator rolled it back. A rollback is a decision about that version; rebuilding the same sources (a restart
 * with `npm start`) must not undo it. A changed working tree is a new version and goes live as before.
 */
export function decideBuildPromotion(state: RegistryState, app: string, version: string): BuildPromotion {
  if (state.apps[app]?.live === version) return { promote: false, reason: 'already-live' };
  const lastMention = state.history.findLast((event) => event.app === app && (event.from === version || event.to === version));
  if (lastMention?.action === 'rollback' && lastMention.from === version) return { promote: false, reason: 'rolled-back' };
  return { promote: true };
}
