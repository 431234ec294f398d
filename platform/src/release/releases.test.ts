import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { findReleaseProblems, hashFile, listReleases, RELEASE_MANIFEST_FILE } from './releases.ts';

async function makeRelease(root: string, version: string, overrides: { contractVersion?: string; chunks?: number } = {}) {
  const dir = path.join(root, 'mf-blog', version);
  await mkdir(path.join(dir, 'browser'), { recursive: true });
  const names = ['browser/remoteEntry.js', ...Array.from({ length: overrides.chunks ?? 0 }, (_, index) => `browser/${index}.chunk.js`)];
  const files: Record<string, string> = {};
  for (const name of names) {
    await writeFile(path.join(dir, name), `/* ${version} ${name} */`);
    files[name] = await hashFile(path.join(dir, name));
  }
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
    await rm(path.join(dir, 'browser', 'remoteEntry.js'));
    expect(await findReleaseProblems(root, 'mf-blog', '1.0.0-odd')).toContain('mf-blog@1.0.0-odd: browser/remoteEntry.js is missing');
  });

  it('checks the files side by side, so an event loop busy with pages does not make it wait a turn per file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'releases-'));
    await makeRelease(root, '1.0.0-big', { chunks: 100 });
    // An instance rendering pages: every turn of the event loop spends 5 ms of work of its own.
    let turns = 0;
    let busy = true;
    const render = () => {
      turns += 1;
      const until = performance.now() + 5;
      while (performance.now() < until);
      if (busy) setImmediate(render);
    };
    setImmediate(render);
    const problems = await findReleaseProblems(root, 'mf-blog', '1.0.0-big');
    busy = false;
    expect(problems).toEqual([]);
    // One file after another needs several turns per file (open, read, close): over 300 here.
    expect(turns).toBeLessThan(50);
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
