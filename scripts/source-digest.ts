import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * docs/testing.md "Builds kept between runs": the digest of everything a build of one app is made from, so an identical
 * build is reused instead of made again. Pure of the test site: the key of `fixture-builds.ts`'s cache.
 */

/** Folders of a tree never read by a build of it (installed packages, outputs, the journeys' own state). */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.e2e', 'releases', 'test-results', '.data']);

/** Every file under `dir` (relative, `/`-separated, sorted), installed packages and outputs left out. */
export async function listTree(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await walk(name);
      } else if (entry.isFile()) files.push(name);
    }
  };
  await walk('');
  return files.sort();
}

const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

/** sha256 of a list of files of `dir`: each path and its content, so a rename changes it as an edit does. */
export async function digestFiles(dir: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(`${file}\0`);
    hash.update(sha256(await readFile(path.join(dir, file))));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** A test beside the code: never part of a build. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/**
 * Files of the repository a build may read besides the app's own folder and the texts: its other sources, configs and the
 * lockfile (which stands in for node_modules). Journeys, documentation (docs/ and the top-level pages) and tests are left
 * out: no build imports them; a squad's Markdown content is a source like any other.
 */
export function isSharedBuildInput(file: string, ownDirs: readonly string[]): boolean {
  if (ownDirs.some((dir) => file === dir || file.startsWith(`${dir}/`))) return false;
  if (/^(e2e|docs)\//.test(file) || /^[^/]+\.md$/.test(file)) return false;
  return !isTest(file);
}

/** The repository's source files as git sees them (tracked, and new ones not ignored), each with its sha256. */
export interface RepositorySnapshot {
  root: string;
  hashes: ReadonlyMap<string, string>;
}

/** Reads the repository once for many keys; undefined outside a git work tree (no key, every build is made then). */
export async function readRepository(root: string): Promise<RepositorySnapshot | undefined> {
  let listed: string;
  try {
    listed = (
      await promisify(execFile)('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    ).stdout;
  } catch {
    return undefined;
  }
  const hashes = new Map<string, string>();
  for (const file of listed.split('\0').filter(Boolean)) {
    // A deleted file stays in git's index until it is committed: only what exists is read.
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    if (content) hashes.set(file, sha256(content));
  }
  return { root, hashes };
}

/**
 * The key of one build: the app's name, its (possibly altered) source folder, the texts folder it packs, and the shared
 * inputs of the repository (`readRepository`). Undefined without a snapshot.
 */
export async function digestBuildInputs(options: {
  app: string;
  sourceDir: string;
  localesDir: string;
  repository: RepositorySnapshot | undefined;
}): Promise<string | undefined> {
  const { app, sourceDir, localesDir, repository } = options;
  if (!repository) return undefined;
  const shared = createHash('sha256');
  for (const [file, hash] of [...repository.hashes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (isSharedBuildInput(file, [app, 'locales'])) shared.update(`${file}\0${hash}\n`);
  }
  return sha256(
    JSON.stringify([
      app,
      process.version,
      await digestFiles(
        sourceDir,
        (await listTree(sourceDir)).filter((file) => !isTest(file)),
      ),
      await digestFiles(localesDir, await listTree(localesDir)),
      shared.digest('hex'),
    ]),
  );
}
