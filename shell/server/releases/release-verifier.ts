import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@reelkeep/platform/logger';
import { findReleaseProblems, listFiles, readReleaseManifest, toReleaseDir } from '@reelkeep/platform/releases';
import type { ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import type { ReleasePuller } from './release-puller.ts';

/** What changes when any file of a folder changes (content, metadata, added, removed): its names, inodes, sizes and times. */
async function readFolderFingerprint(dir: string): Promise<string> {
  const files = await listFiles(dir).catch(() => []);
  const stats = await Promise.all(
    files.map((file) =>
      stat(path.join(dir, file)).then(
        (info) => `${file}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`,
        () => `${file}:gone`,
      ),
    ),
  );
  return stats.join('\n');
}

/**
 * Checks a version of an app before any of it loads (docs/releases.md "Loading"): its manifest names it, its
 * contract is compatible and every file matches the sha256 recorded at build, as at promote. The verdict is
 * kept while no file of the version's folder changes (a stat of each, never a new hash), so a folder changed
 * after a check is checked again, and a refusal is logged once per change. Resolves to the version's
 * manifest, or null when it is refused.
 */
export function createReleaseVerifier(releasesDir: string, logger: Logger, options: { pull?: ReleasePuller } = {}) {
  const verdicts = new Map<string, { fingerprint: string; verdict: Promise<ReleaseManifest | null> }>();
  const check = (app: string, version: string) =>
    findReleaseProblems(releasesDir, app, version).then(async (problems) => {
      if (problems.length === 0) return readReleaseManifest(releasesDir, app, version);
      logger.error('release refused at load: it is not the build that was promoted', { app, version, problems: problems.slice(0, 20) });
      return null;
    });
  return {
    async verify(app: string, version: string): Promise<ReleaseManifest | null> {
      const key = `${app}@${version}`;
      if (options.pull && !(await options.pull(app, version))) return null;
      const fingerprint = await readFolderFingerprint(toReleaseDir(releasesDir, app, version));
      const known = verdicts.get(key);
      if (known?.fingerprint === fingerprint) return known.verdict;
      const verdict = check(app, version);
      verdicts.set(key, { fingerprint, verdict });
      return verdict;
    },
    /**
     * The manifest of a version that passed its last check, without looking at its folder again (the caller
     * hashes what it reads); a version refused, or never checked, is checked (again) now.
     */
    async lastVerdict(app: string, version: string): Promise<ReleaseManifest | null> {
      return (await verdicts.get(`${app}@${version}`)?.verdict) ?? this.verify(app, version);
    },
    /** Forgets the verdicts on every version `keep` no longer wants. */
    forget(keep: (app: string, version: string) => boolean): void {
      for (const key of verdicts.keys()) {
        const at = key.indexOf('@');
        if (!keep(key.slice(0, at), key.slice(at + 1))) verdicts.delete(key);
      }
    },
  };
}

/** The load-time checker of a release watcher. */
export type ReleaseVerifier = ReturnType<typeof createReleaseVerifier>;
