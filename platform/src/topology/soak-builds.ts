import { createHash } from 'node:crypto';
import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { registryStateSchema, releaseManifestSchema } from '@reelkeep/shared-contracts/schemas';
import { hashFile, RELEASE_MANIFEST_FILE, toReleaseDir } from '../release/releases.ts';
import { buildEveryApp } from './build-every-app.ts';

/** The builds a soak runs with (docs/operations.md "Soak"): the live one, and a second build of one app to switch to. */

/** The live version of every app as `npm run build` left it in `releasesDir` (its file registry), or a fresh build's. */
export async function readBuild(releasesDir: string, log: (line: string) => void): Promise<Record<string, string>> {
  const registry = await readFile(path.join(releasesDir, 'registry.json'), 'utf8').then(
    (text) => registryStateSchema.parse(JSON.parse(text)),
    () => undefined,
  );
  const live = Object.fromEntries(Object.entries(registry?.apps ?? {}).map(([app, entry]) => [app, entry.live]));
  if (Object.keys(live).length >= 6) return live;
  log('no promoted build in RELEASES_DIR: building every app');
  return buildEveryApp(releasesDir);
}

/**
 * A second build of an app to switch to and back: the same release with one comment more in its browser entry,
 * hashed and named as the build names versions (package version, then the digest of its file list).
 */
export async function makeSecondBuild(releasesDir: string, app: string, version: string): Promise<string> {
  const source = toReleaseDir(releasesDir, app, version);
  const manifest = releaseManifestSchema.parse(JSON.parse(await readFile(path.join(source, RELEASE_MANIFEST_FILE), 'utf8')));
  const staging = path.join(releasesDir, '.staging', `soak-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await cp(source, staging, { recursive: true });
  await appendFile(path.join(staging, 'browser', 'remoteEntry.js'), '\n/* soak: a second build */\n');
  const files = { ...manifest.files, 'browser/remoteEntry.js': await hashFile(path.join(staging, 'browser', 'remoteEntry.js')) };
  const digest = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
  const next = `${version.slice(0, version.lastIndexOf('-'))}-${digest}`;
  await writeFile(
    path.join(staging, RELEASE_MANIFEST_FILE),
    JSON.stringify({ ...manifest, version: next, files, builtAt: new Date().toISOString() }, null, 2),
  );
  const target = toReleaseDir(releasesDir, app, next);
  await rm(target, { recursive: true, force: true });
  await cp(staging, target, { recursive: true });
  await rm(staging, { recursive: true, force: true });
  return next;
}
