import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { findReleaseProblems, hashFile, listReleases, RELEASE_MANIFEST_FILE } from './releases.ts';

async function makeRelease(root: string, version: string, overrides: { contractVersion?: string } = {}) {
  const dir = path.join(root, 'mf-blog', version);
  await mkdir(path.join(dir, 'browser'), { recursive: true });
  await writeFile(path.join(dir, 'browser', 'remoteEntry.js'), `/* ${version} */`);
  const files = { 'browser/remoteEntry.js': await hashFile(path.join(dir, 'browser', 'remoteEntry.js')) };
  const manifest = {
    app: 'mf-blog',
    version,
    contractVersion: overrides.contractVersion ?? CONTRACT_VERSION,
    builtAt: new Date().toISOString(),
    files,
  };
  await writeFile(path.join(dir, RELEASE_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

describe('release verification', () => {
  it('accepts an intact release built against a compatible contract', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'releases-'));
    await makeRelease(root, '1.0.0-ok');
    expect(await findReleaseProblems(root, 'mf-blog', '1.0.0-ok')).toEqual([]);
    expect((await listReleases(root, 'mf-blog')).map((m) => m.version)).toEqual(['1.0.0-ok']);
  });

  it('refuses a file changed after the build', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'releases-'));
    const dir = await makeRelease(root, '1.0.0-tampered');
    await writeFile(path.join(dir, 'browser', 'remoteEntry.js'), 'alert(1)');
    expect(await findReleaseProblems(root, 'mf-blog', '1.0.0-tampered')).toEqual([
      'mf-blog@1.0.0-tampered: browser/remoteEntry.js does not match its recorded hash',
    ]);
  });

  it('refuses missing and unrecorded files', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'releases-'));
    const dir = await makeRelease(root, '1.0.0-odd');
    await writeFile(path.join(dir, 'browser', 'extra.js'), '');
    const problems = await findReleaseProblems(root, 'mf-blog', '1.0.0-odd');
    expect(problems).toContain('mf-blog@1.0.0-odd: browser/extra.js is not in the manifest');
  });

  it('refuses a release built against an incompatible contract', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'releases-'));
    await makeRelease(root, '1.4.0-old', { contractVersion: '1.4.0' });
    const problems = await findReleaseProblems(root, 'mf-blog', '1.4.0-old');
    expect(problems[0]).toMatch(/built against contract 1\.4\.0, incompatible/);
  });

  it('refuses a version that does not exist', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'releases-'));
    expect((await findReleaseProblems(root, 'mf-blog', 'nope'))[0]).toMatch(/no readable release\.json/);
  });
});
