import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { releaseManifestSchema, type ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import { findReleaseProblems, readReleaseManifest, RELEASE_MANIFEST_FILE, toReleaseDir } from './releases.ts';

/**
 * The artifact origin (docs/adr/0011-artifact-origin.md): an HTTP server holding every published release at
 * `<origin>/releases/<app>/<version>/<file>`, written with WebDAV `PUT` by `release:publish` and read by
 * `release:promote` and by every instance that lacks a version. What it gives is never trusted: each file is
 * checked against the manifest's sha256 and the manifest against the version's name before anything is kept.
 */
export interface ArtifactOrigin {
  /** Base URL, e.g. `https://artifacts.internal.example`. */
  url: string;
  /** `user:password` sent as HTTP Basic authentication (a reader's on the instances, a publisher's where releases are published). */
  credentials?: string;
  /** Each request gives up after this long. */
  timeoutMs?: number;
}

/** Why the origin could not give a release: the version is then refused, and the message says why. */
export class ArtifactError extends Error {
  override name = 'ArtifactError';
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Files fetched or sent at once: enough to fill a link, few enough not to swamp the origin. */
const PARALLEL_TRANSFERS = 6;

/** The URL of one file of a release on the origin, each path segment encoded. */
export function toArtifactUrl(origin: Pick<ArtifactOrigin, 'url'>, app: string, version: string, file: string): string {
  const segments = ['releases', app, version, ...file.split('/')].map(encodeURIComponent);
  return `${origin.url.replace(/\/+$/, '')}/${segments.join('/')}`;
}

/**
 * Whether a manifest's file name is a plain relative path inside the release folder (no `..`, no absolute
 * path, no backslash, no empty segment): a manifest from the origin must not write outside the folder.
 */
export function isSafeReleasePath(file: string): boolean {
  if (file.length === 0 || file.length > 512 || file.startsWith('/') || file.includes('\\') || file.includes('\0')) return false;
  return file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Whether a manifest is the one its version names: the build makes the version's suffix from the sha256 of
 * its file list (`build-app.ts`), so a manifest swapped on the origin, with other files and other hashes,
 * does not match the version the registry made live.
 */
export function isManifestOfVersion(manifest: ReleaseManifest): boolean {
  const digest = createHash('sha256').update(JSON.stringify(manifest.files)).digest('hex').slice(0, 10);
  return manifest.version.endsWith(`-${digest}`);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function toHeaders(origin: ArtifactOrigin): Record<string, string> {
  return origin.credentials ? { authorization: `Basic ${Buffer.from(origin.credentials).toString('base64')}` } : {};
}

async function request(origin: ArtifactOrigin, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      headers: { ...toHeaders(origin), ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(origin.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ArtifactError(`the artifact origin did not answer ${url} (${cause})`);
  }
}

/**
 * Runs `work` over `items`, `PARALLEL_TRANSFERS` at a time. After the first failure no item is started, every
 * lane is waited for (so nothing writes after the caller cleaned up), and that failure is thrown.
 */
async function forEachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(PARALLEL_TRANSFERS, items.length) }, async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => (failure ??= { error }));
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure.error;
}

/**
 * Reads a release's manifest from the origin and checks it: it parses, names this app and version, matches
 * the version's name, and lists only safe paths. Null when the origin holds no such release.
 */
export async function readOriginManifest(origin: ArtifactOrigin, app: string, version: string): Promise<ReleaseManifest | null> {
  const url = toArtifactUrl(origin, app, version, RELEASE_MANIFEST_FILE);
  const response = await request(origin, url);
  if (response.status === 404) return null;
  if (!response.ok) throw new ArtifactError(`the artifact origin answered ${response.status} for ${url}`);
  const parsed = releaseManifestSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ArtifactError(`${app}@${version}: the origin's ${RELEASE_MANIFEST_FILE} is not a release manifest`);
  const manifest = parsed.data;
  if (manifest.app !== app || manifest.version !== version) {
    throw new ArtifactError(`${app}@${version}: the origin's ${RELEASE_MANIFEST_FILE} names ${manifest.app}@${manifest.version}`);
  }
  if (!isManifestOfVersion(manifest))
    throw new ArtifactError(`${app}@${version}: the origin's ${RELEASE_MANIFEST_FILE} is not the one this version was built with`);
  const unsafe = Object.keys(manifest.files).find((file) => !isSafeReleasePath(file) || file === RELEASE_MANIFEST_FILE);
  if (unsafe !== undefined)
    throw new ArtifactError(`${app}@${version}: the origin's ${RELEASE_MANIFEST_FILE} lists an unsafe path ${JSON.stringify(unsafe)}`);
  return manifest;
}

/**
 * Fetches every file of a release from the origin, checks each against its recorded sha256, and calls
 * `keep` with the bytes of each good one. Throws an `ArtifactError` on the first missing or changed file.
 */
async function fetchVerifiedFiles(
  origin: ArtifactOrigin,
  manifest: ReleaseManifest,
  keep: (file: string, bytes: Uint8Array) => Promise<void>,
): Promise<void> {
  const { app, version } = manifest;
  await forEachLimited(Object.entries(manifest.files), async ([file, recorded]) => {
    const url = toArtifactUrl(origin, app, version, file);
    const response = await request(origin, url);
    if (response.status === 404) throw new ArtifactError(`${app}@${version}: ${file} is missing on the artifact origin`);
    if (!response.ok) throw new ArtifactError(`the artifact origin answered ${response.status} for ${url}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (sha256(bytes) !== recorded) throw new ArtifactError(`${app}@${version}: ${file} on the artifact origin does not match its recorded hash`);
    await keep(file, bytes);
  });
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Brings a release from the origin into `releasesDir` (docs/releases.md "Artifact origin"): every file is
 * fetched into a private staging folder, checked against the manifest's sha256, and the folder is moved into
 * place (one rename) only once all of them passed, the manifest written last. A release already in place is
 * left alone (the load-time check still runs on it). Throws an `ArtifactError` saying why, and leaves
 * nothing behind, when the origin lacks the release or any file of it, or gives other bytes.
 */
export async function pullRelease(origin: ArtifactOrigin, releasesDir: string, app: string, version: string): Promise<ReleaseManifest> {
  const target = toReleaseDir(releasesDir, app, version);
  if (await exists(path.join(target, RELEASE_MANIFEST_FILE))) return readReleaseManifest(releasesDir, app, version);
  const manifest = await readOriginManifest(origin, app, version);
  if (!manifest) throw new ArtifactError(`the artifact origin holds no ${app}@${version}`);
  const staging = path.join(releasesDir, '.pull', `${app}@${version}.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    await fetchVerifiedFiles(origin, manifest, async (file, bytes) => {
      const absolute = path.join(staging, file);
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeFile(absolute, bytes);
    });
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, RELEASE_MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(target), { recursive: true });
    // Another process may have pulled the same version meanwhile: its copy is as good as ours.
    await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(path.join(target, RELEASE_MANIFEST_FILE)))) throw error;
    });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Why the origin cannot serve a release that promotion would make live; empty when it can (docs/releases.md
 * "Artifact origin"): it holds the manifest, the manifest is the one built for this version (and the local copy's,
 * when there is one), and every file is there with its recorded bytes.
 */
export async function findOriginProblems(origin: ArtifactOrigin, releasesDir: string, app: string, version: string): Promise<string[]> {
  try {
    const manifest = await readOriginManifest(origin, app, version);
    if (!manifest) return [`the artifact origin holds no ${app}@${version}; publish it first (npm run release:publish -- ${app} ${version})`];
    const local = await readReleaseManifest(releasesDir, app, version).catch(() => null);
    if (local && JSON.stringify(local.files) !== JSON.stringify(manifest.files)) {
      return [`${app}@${version}: the artifact origin holds other files than the local build`];
    }
    await fetchVerifiedFiles(origin, manifest, async () => undefined);
    return [];
  } catch (error) {
    if (error instanceof ArtifactError) return [error.message];
    throw error;
  }
}

/**
 * Uploads a built release to the origin (docs/releases.md "Artifact origin"): the local folder is checked first (a
 * release that fails its own hashes is never published), then every file is `PUT`, and the manifest last, so
 * a reader that finds the manifest finds every file. Publishing the same version again sends the same bytes.
 */
export async function publishRelease(
  origin: ArtifactOrigin,
  releasesDir: string,
  app: string,
  version: string,
): Promise<{ files: number; bytes: number }> {
  const problems = await findReleaseProblems(releasesDir, app, version);
  if (problems.length > 0) throw new ArtifactError(`refusing to publish ${app}@${version}:\n  ${problems.join('\n  ')}`);
  const manifest = await readReleaseManifest(releasesDir, app, version);
  const dir = toReleaseDir(releasesDir, app, version);
  let bytes = 0;
  const put = async (file: string) => {
    const body = await readFile(path.join(dir, file));
    const url = toArtifactUrl(origin, app, version, file);
    const response = await request(origin, url, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } });
    if (response.status === 401 || response.status === 403) {
      throw new ArtifactError(`the artifact origin refused the upload (${response.status}): ARTIFACT_ORIGIN_CREDENTIALS must be a publisher's`);
    }
    if (!response.ok) throw new ArtifactError(`the artifact origin answered ${response.status} to PUT ${url}`);
    bytes += body.length;
  };
  await forEachLimited(Object.keys(manifest.files), put);
  await put(RELEASE_MANIFEST_FILE);
  return { files: Object.keys(manifest.files).length + 1, bytes };
}
