import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@reelkeep/platform/logger';
import { RELEASE_MANIFEST_FILE, toReleaseDir } from '@reelkeep/platform/releases';

/**
 * Makes sure a version's folder is on disk before it is checked (docs/releases.md "Artifact origin"): true when
 * it is there (already, or pulled now), false when the origin could not give it (the version is refused).
 */
export type ReleasePuller = (app: string, version: string) => Promise<boolean>;

/**
 * The puller of an instance with an artifact origin: a version whose folder lacks its manifest is pulled
 * (`pull`, which checks every hash and writes nothing on a failure), one pull per version at a time. A failed
 * pull is logged with its reason and the version refused; it is tried again after `retryMs`, so an origin that
 * was away or a copy repaired there is picked up without a restart.
 */
export function createReleasePuller(options: {
  releasesDir: string;
  logger: Logger;
  retryMs: number;
  pull: (app: string, version: string) => Promise<unknown>;
  now?: () => number;
}): ReleasePuller {
  const now = options.now ?? Date.now;
  const pulling = new Map<string, Promise<boolean>>();
  const failedAt = new Map<string, number>();
  return async (app, version) => {
    const key = `${app}@${version}`;
    const manifest = path.join(toReleaseDir(options.releasesDir, app, version), RELEASE_MANIFEST_FILE);
    if (
      await stat(manifest).then(
        () => true,
        () => false,
      )
    )
      return true;
    const failed = failedAt.get(key);
    if (failed !== undefined && now() - failed < options.retryMs) return false;
    let pull = pulling.get(key);
    if (!pull) {
      pull = options.pull(app, version).then(
        () => {
          failedAt.delete(key);
          options.logger.info('release pulled from the artifact origin', { app, version });
          return true;
        },
        (error: unknown) => {
          failedAt.set(key, now());
          options.logger.error('release refused at load: the artifact origin could not give it', { app, version, reason: (error as Error).message });
          return false;
        },
      );
      pulling.set(key, pull);
      void pull.finally(() => pulling.delete(key));
    }
    return pull;
  };
}
