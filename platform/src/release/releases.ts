import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isContractCompatible, CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { releaseManifestSchema, type ReleaseManifest } from '@reelkeep/shared-contracts/schemas';

/** Name of the manifest each release folder carries. */
export const RELEASE_MANIFEST_FILE = 'release.json';

/** Absolute folder of one release. */
export function toReleaseDir(releasesDir: string, app: string, version: string): string {
  return path.join(releasesDir, app, version);
}

/** sha256 of a file, hex. */
export async function hashFile(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/**
 * Every file below a folder, as paths relative to it, sorted. The folders of one level are read side by side (Node's
 * recursive `readdir` reads one folder after another, each waiting for its turn of a possibly busy event loop).
 */
export async function listFiles(dir: string): Promise<string[]> {
  const walk = async (relative: string): Promise<string[]> => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const name = path.join(relative, entry.name);
        if (entry.isDirectory()) return walk(name);
        return entry.isFile() ? [name] : [];
      }),
    );
    return nested.flat();
  };
  return (await walk('')).sort();
}

/** Reads and validates a release's manifest. */
export async function readReleaseManifest(releasesDir: string, app: string, version: string): Promise<ReleaseManifest> {
  const file = path.join(toReleaseDir(releasesDir, app, version), RELEASE_MANIFEST_FILE);
  return releaseManifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** The versions of an app on disk, oldest build first. */
export async function listReleases(releasesDir: string, app: string): Promise<ReleaseManifest[]> {
  let versions: string[];
  try {
    versions = await readdir(path.join(releasesDir, app));
  } catch {
    return [];
  }
  const manifests = await Promise.all(versions.map((version) => readReleaseManifest(releasesDir, app, version).catch(() => null)));
  return manifests.filter((m): m is ReleaseManifest => m !== null).sort((a, b) => a.builtAt.localeCompare(b.builtAt));
}

/** Why a release may not go live; empty when it may. */
export async function findReleaseProblems(releasesDir: string, app: string, version: string): Promise<string[]> {
  const dir = toReleaseDir(releasesDir, app, version);
  let manifest: ReleaseManifest;
  try {
    manifest = await readReleaseManifest(releasesDir, app, version);
  } catch (error) {
    return [`${app}@${version}: no readable ${RELEASE_MANIFEST_FILE} (${(error as Error).message})`];
  }
  const problems: string[] = [];
  if (manifest.app !== app || manifest.version !== version) problems.push(`${app}@${version}: manifest names ${manifest.app}@${manifest.version}`);
  if (!isContractCompatible(manifest.contractVersion)) {
    problems.push(`${app}@${version}: built against contract ${manifest.contractVersion}, incompatible with ${CONTRACT_VERSION}`);
  }
  const onDisk = (await listFiles(dir)).filter((file) => file !== RELEASE_MANIFEST_FILE);
  for (const file of onDisk) if (!(file in manifest.files)) problems.push(`${app}@${version}: ${file} is not in the manifest`);
  // Every file at once, not one after another: each step of a read waits for a turn of the event loop, and on an
  // instance busy with pages a turn is long, so a release of a hundred files checked in sequence took over a minute
  // (docs/releases.md "Loading"). The reads queue on libuv's thread pool; the release's files fit in memory together.
  const verdicts = await Promise.all(
    Object.keys(manifest.files)
      .sort()
      .map((file) =>
        hashFile(path.join(dir, file)).then(
          (hash) => (hash === manifest.files[file] ? null : `${app}@${version}: ${file} does not match its recorded hash`),
          (error: NodeJS.ErrnoException) =>
            error.code === 'ENOENT' ? `${app}@${version}: ${file} is missing` : `${app}@${version}: ${file} cannot be read (${error.message})`,
        ),
      ),
  );
  return [...problems, ...verdicts.filter((problem): problem is string => problem !== null)];
}
