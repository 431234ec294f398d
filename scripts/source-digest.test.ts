import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { digestBuildInputs, isSharedBuildInput, listTree, readRepository } from './source-digest.ts';

let root: string;

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

const REPOSITORY = [
  'package-lock.json',
  'rspack.base.ts',
  'shared-contracts/src/pricing.ts',
  'mf-blog/src/page.tsx',
  'mf-blog/src/page.test.tsx',
  'locales/en/blog.json',
  'e2e/tests/content.spec.ts',
  'docs/testing.md',
];

/** The key as a run computes it: the repository read afresh (a git work tree with every file of REPOSITORY committed). */
const keyOf = async (sourceDir = path.join(root, 'mf-blog'), localesDir = path.join(root, 'locales')) =>
  digestBuildInputs({ app: 'mf-blog', sourceDir, localesDir, repository: await readRepository(root) });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'source-digest-'));
  for (const file of REPOSITORY) await put(file, `contents of ${file}`);
  await put('mf-blog/node_modules/x/index.js', 'installed');
  await put('.gitignore', 'node_modules/\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'sources');
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('listTree', () => {
  it('lists every file of a folder, sorted, without installed packages', async () => {
    expect(await listTree(path.join(root, 'mf-blog'))).toEqual(['src/page.test.tsx', 'src/page.tsx']);
  });
});

describe('isSharedBuildInput', () => {
  it.each([
    ['rspack.base.ts', true],
    ['shared-contracts/src/pricing.ts', true],
    ['mf-checkout/src/CheckoutPage.tsx', true],
    ['mf-blog/src/page.tsx', false],
    ['locales/en/blog.json', false],
    ['e2e/tests/content.spec.ts', false],
    ['docs/testing.md', false],
    ['README.md', false],
    ['mf-campaign/content/terms.md', true],
    ['shell/server/app.test.ts', false],
  ])('%s → %s', (file, expected) => {
    expect(isSharedBuildInput(file, ['mf-blog', 'locales'])).toBe(expected);
  });
});

describe('digestBuildInputs', () => {
  it('is the same for the same sources', async () => {
    expect(await keyOf()).toBe(await keyOf());
  });

  it.each([
    ['an edit of the app', 'mf-blog/src/page.tsx'],
    ['a new file in the app', 'mf-blog/src/new.ts'],
    ['a text', 'locales/en/blog.json'],
    ['a shared source', 'shared-contracts/src/pricing.ts'],
    ['the lockfile', 'package-lock.json'],
    ['a new shared file git does not track yet', 'shared-contracts/src/new.ts'],
  ])('changes with %s', async (_, file) => {
    const before = await keyOf();
    await put(file, 'changed');
    expect(await keyOf()).not.toBe(before);
  });

  it('changes when a file is renamed with the same content', async () => {
    const before = await keyOf();
    await rm(path.join(root, 'mf-blog/src/page.tsx'));
    await put('mf-blog/src/page2.tsx', 'contents of mf-blog/src/page.tsx');
    expect(await keyOf()).not.toBe(before);
  });

  it('ignores journeys, documentation, tests and installed packages', async () => {
    const before = await keyOf();
    for (const file of ['e2e/tests/content.spec.ts', 'docs/testing.md', 'mf-blog/src/page.test.tsx', 'mf-blog/node_modules/x/index.js']) {
      await put(file, 'changed');
    }
    expect(await keyOf()).toBe(before);
  });

  it('tells the build apart from the same app built from an altered copy or other texts', async () => {
    await put('copy/src/page.tsx', 'contents of mf-blog/src/page.tsx');
    expect(await keyOf(path.join(root, 'copy'))).toBe(await keyOf());
    await put('copy/src/page.tsx', 'throw new Error();');
    expect(await keyOf(path.join(root, 'copy'))).not.toBe(await keyOf());
    await put('texts/en/blog.json', 'other words');
    expect(await keyOf(undefined, path.join(root, 'texts'))).not.toBe(await keyOf());
  });

  it('changes when a shared file is deleted', async () => {
    const before = await keyOf();
    await rm(path.join(root, 'rspack.base.ts'));
    expect(await keyOf()).not.toBe(before);
  });

  it('gives no key outside a git work tree', async () => {
    await rm(path.join(root, '.git'), { recursive: true });
    expect(await readRepository(root)).toBeUndefined();
    expect(
      await digestBuildInputs({
        app: 'mf-blog',
        sourceDir: path.join(root, 'mf-blog'),
        localesDir: path.join(root, 'locales'),
        repository: undefined,
      }),
    ).toBeUndefined();
  });
});
