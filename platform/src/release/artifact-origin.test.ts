import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { isManifestOfVersion, isSafeReleasePath, toArtifactUrl } from './artifact-origin.ts';

describe('isSafeReleasePath: a manifest from the artifact origin never writes outside its release folder', () => {
  it.each([
    ['browser/remoteEntry.js', true],
    ['api/api.cjs', true],
    ['browser/static/js/async/123.a1b2c3.js', true],
    ['../registry.json', false],
    ['browser/../../shell/x.js', false],
    ['/etc/passwd', false],
    ['browser//x.js', false],
    ['./x.js', false],
    ['browser\\..\\x.js', false],
    ['x\0.js', false],
    ['', false],
  ])('%j → %s', (file, safe) => {
    expect(isSafeReleasePath(file)).toBe(safe);
  });
});

describe('isManifestOfVersion: the version names the digest of its file list', () => {
  const files = { 'browser/remoteEntry.js': 'a'.repeat(64), 'server/remoteEntry.cjs': 'b'.repeat(64) };
  const digest = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
  const manifest = (version: string, list: Record<string, string>) => ({
    app: 'mf-blog' as const,
    version,
    contractVersion: CONTRACT_VERSION,
    builtAt: '2026-11-28T10:00:00Z',
    files: list,
    migrations: [],
  });

  it('accepts the manifest the build wrote', () => {
    expect(isManifestOfVersion(manifest(`0.1.0-${digest}`, files))).toBe(true);
  });

  it('refuses one whose file list changed (a swapped manifest), or a version named otherwise', () => {
    expect(isManifestOfVersion(manifest(`0.1.0-${digest}`, { ...files, 'server/remoteEntry.cjs': 'c'.repeat(64) }))).toBe(false);
    expect(isManifestOfVersion(manifest('0.1.0-0000000000', files))).toBe(false);
  });
});

describe('toArtifactUrl', () => {
  it('puts a release file under /releases/<app>/<version>/, each segment encoded', () => {
    expect(toArtifactUrl({ url: 'https://artifacts.example/' }, 'mf-blog', '0.1.0-abc', 'browser/a b#.js')).toBe(
      'https://artifacts.example/releases/mf-blog/0.1.0-abc/browser/a%20b%23.js',
    );
  });
});
