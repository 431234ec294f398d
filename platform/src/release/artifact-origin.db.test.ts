import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { createOriginAccount, startArtifactOrigin, toCredentials, type ArtifactOriginServer } from '../topology/start-artifact-origin.ts';
import { ArtifactError, findOriginProblems, publishRelease, pullRelease, type ArtifactOrigin } from './artifact-origin.ts';
import { findReleaseProblems, RELEASE_MANIFEST_FILE } from './releases.ts';
import { findFreePort } from '../testing/free-port.ts';

/**
 * docs/releases.md "Artifact origin": publishing to and pulling from a real nginx with WebDAV, configured as in
 * production (ops/nginx/artifact-origin.conf): uploads need a publisher, reads a reader, and what the origin
 * gives is checked file by file before an instance keeps any of it.
 */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A release folder as the build writes it: its version ends with the digest of its file list. */
async function makeRelease(root: string, app: string, contents: Record<string, string>): Promise<string> {
  const files = Object.fromEntries(Object.entries(contents).map(([file, text]) => [file, sha256(text)]));
  const version = `1.0.0-${sha256(JSON.stringify(files)).slice(0, 10)}`;
  const dir = path.join(root, app, version);
  for (const [file, text] of Object.entries(contents)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const manifest = { app, version, contractVersion: CONTRACT_VERSION, builtAt: new Date().toISOString(), files };
  await writeFile(path.join(dir, RELEASE_MANIFEST_FILE), JSON.stringify(manifest));
  return version;
}

const publisher = createOriginAccount('publisher');
const reader = createOriginAccount('instance');
let server: ArtifactOriginServer;
let workDir: string;
let asPublisher: ArtifactOrigin;
let asReader: ArtifactOrigin;
let buildDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'artifact-origin-'));
  // nginx's workers (an unprivileged user when started by root) reach the data below it.
  await chmod(workDir, 0o755);
  server = await startArtifactOrigin({
    port: await findFreePort(),
    workDir: path.join(workDir, 'origin'),
    publishers: [publisher],
    readers: [reader],
  });
  asPublisher = { url: server.url, credentials: toCredentials(publisher), timeoutMs: 5_000 };
  asReader = { url: server.url, credentials: toCredentials(reader), timeoutMs: 5_000 };
  buildDir = path.join(workDir, 'build');
});

afterAll(async () => {
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

const BLOG = { 'browser/remoteEntry.js': '/* blog */', 'browser/chunk.1a2b.js': 'export {}', 'server/remoteEntry.cjs': 'module.exports = {}' };

describe('artifact origin', () => {
  it('publishes a release that an empty releases folder then pulls whole, each file checked', async () => {
    const version = await makeRelease(buildDir, 'mf-blog', BLOG);
    expect(await publishRelease(asPublisher, buildDir, 'mf-blog', version)).toEqual({ files: 4, bytes: expect.any(Number) });
    expect(await findOriginProblems(asReader, buildDir, 'mf-blog', version)).toEqual([]);

    const instanceDir = path.join(workDir, 'instance-a');
    await pullRelease(asReader, instanceDir, 'mf-blog', version);
    expect(await findReleaseProblems(instanceDir, 'mf-blog', version)).toEqual([]);
    expect(await readFile(path.join(instanceDir, 'mf-blog', version, 'server/remoteEntry.cjs'), 'utf8')).toBe(BLOG['server/remoteEntry.cjs']);
    // Browser files are public at /static/, content-hashed ones kept for good, entries revalidated.
    const chunk = await fetch(`${server.url}/static/mf-blog/${version}/chunk.1a2b.js`);
    expect([chunk.status, chunk.headers.get('cache-control'), chunk.headers.get('access-control-allow-origin')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
      '*',
    ]);
    expect((await fetch(`${server.url}/static/mf-blog/${version}/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('takes uploads from publishers only and serves releases to readers only', async () => {
    const version = await makeRelease(buildDir, 'mf-campaign', { 'browser/remoteEntry.js': '/* campaign */' });
    await expect(publishRelease(asReader, buildDir, 'mf-campaign', version)).rejects.toThrow(/refused the upload \(401\)/);
    await expect(publishRelease({ url: server.url }, buildDir, 'mf-campaign', version)).rejects.toThrow(ArtifactError);
    expect((await fetch(`${server.url}/releases/mf-blog/`)).status).toBe(401);
    expect((await fetch(`${server.url}/static/mf-campaign/${version}/x.js`, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect(await findOriginProblems(asReader, buildDir, 'mf-campaign', version)).toEqual([
      `the artifact origin holds no mf-campaign@${version}; publish it first (npm run release:publish -- mf-campaign ${version})`,
    ]);
  });

  it('refuses a release whose file changed on the origin, and keeps nothing of it', async () => {
    const version = await makeRelease(buildDir, 'mf-account', { 'browser/remoteEntry.js': '/* account */', 'api/api.cjs': 'module.exports = 1' });
    await publishRelease(asPublisher, buildDir, 'mf-account', version);
    await writeFile(path.join(server.dataDir, 'releases', 'mf-account', version, 'api', 'api.cjs'), 'module.exports = 2');
    const instanceDir = path.join(workDir, 'instance-b');
    await expect(pullRelease(asReader, instanceDir, 'mf-account', version)).rejects.toThrow(
      `mf-account@${version}: api/api.cjs on the artifact origin does not match its recorded hash`,
    );
    expect(await readdir(instanceDir, { recursive: true })).toEqual(['.pull']);
    expect(await findOriginProblems(asReader, buildDir, 'mf-account', version)).toEqual([
      `mf-account@${version}: api/api.cjs on the artifact origin does not match its recorded hash`,
    ]);
  });

  it('refuses a manifest swapped on the origin and a version it lacks', async () => {
    const version = await makeRelease(buildDir, 'mf-checkout', { 'browser/remoteEntry.js': '/* checkout */' });
    await publishRelease(asPublisher, buildDir, 'mf-checkout', version);
    const manifestFile = path.join(server.dataDir, 'releases', 'mf-checkout', version, RELEASE_MANIFEST_FILE);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { files: Record<string, string> };
    manifest.files['browser/remoteEntry.js'] = sha256('/* something else */');
    await writeFile(manifestFile, JSON.stringify(manifest));
    await expect(pullRelease(asReader, path.join(workDir, 'instance-c'), 'mf-checkout', version)).rejects.toThrow(
      'is not the one this version was built with',
    );
    await expect(pullRelease(asReader, path.join(workDir, 'instance-c'), 'mf-checkout', '1.0.0-0000000000')).rejects.toThrow(
      'the artifact origin holds no mf-checkout@1.0.0-0000000000',
    );
  });

  it('refuses to publish a build whose own files no longer match', async () => {
    const version = await makeRelease(buildDir, 'mf-landing', { 'browser/remoteEntry.js': '/* landing */' });
    await writeFile(path.join(buildDir, 'mf-landing', version, 'browser', 'remoteEntry.js'), '/* edited */');
    await expect(publishRelease(asPublisher, buildDir, 'mf-landing', version)).rejects.toThrow(
      /refusing to publish .*remoteEntry\.js does not match/s,
    );
  });

  it('says the origin is away when it does not answer', async () => {
    await server.stop();
    try {
      await expect(pullRelease(asReader, path.join(workDir, 'instance-d'), 'mf-blog', '1.0.0-0000000000')).rejects.toThrow(
        /did not answer .*ECONNREFUSED/,
      );
    } finally {
      await server.start();
    }
  });
});
