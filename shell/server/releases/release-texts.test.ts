import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocaleStore } from '@reelkeep/platform/locale-store';
import type { Logger } from '@reelkeep/platform/logger';
import { createReleaseTextSource, findDictionaryTags } from './release-texts.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A release folder of mf-landing holding `landing` in English and French, its hashes as its build recorded them. */
async function makeRelease(version: string, heading: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `mf-landing-${version}-`));
  const files: Record<string, string> = {};
  for (const [locale, text] of [
    ['en', JSON.stringify({ heading, lead: 'Save videos' })],
    ['fr', JSON.stringify({ heading: `${heading} (fr)` })],
  ] as const) {
    await mkdir(path.join(dir, 'locales', locale), { recursive: true });
    await writeFile(path.join(dir, 'locales', locale, 'landing.json'), text);
    files[`locales/${locale}/landing.json`] = sha256(text);
  }
  return { dir, version, files };
}

async function makeFolder() {
  const dir = await mkdtemp(path.join(tmpdir(), 'locales-'));
  await mkdir(path.join(dir, 'en'));
  await writeFile(path.join(dir, 'en', 'landing.json'), JSON.stringify({ heading: 'From the folder' }));
  await writeFile(path.join(dir, 'en', 'common.json'), JSON.stringify({ brand: 'ReelKeep' }));
  return dir;
}

function createSite(folder: string, releases: Awaited<ReturnType<typeof makeRelease>>[]) {
  let live = releases[0]!;
  const errors: unknown[] = [];
  const logger = { error: (...args: unknown[]) => errors.push(args), warn: () => undefined, info: () => undefined } as unknown as Logger;
  const findSource = createReleaseTextSource({
    current: () => ({ shell: null, remotes: [{ name: 'mf-landing', version: live.version } as never], dirs: { 'mf-landing': live.dir } }),
    readRecordedHash: async (app, version, file) => (app === 'mf-landing' ? releases.find((r) => r.version === version)?.files[file] : undefined),
    logger,
  });
  const store = createLocaleStore(folder, { findSource });
  return { store, errors, promote: (index: number) => (live = releases[index]!) };
}

describe('texts from the live release that owns them (docs/i18n.md "Texts ship with their squad")', () => {
  it('reads a namespace from its owner’s live release, follows a switch and a rollback, and keeps the folder for the rest', async () => {
    const site = createSite(await makeFolder(), [await makeRelease('1', 'Old heading'), await makeRelease('2', 'New heading')]);
    expect(await site.store.load('fr', 'landing')).toEqual({ heading: 'Old heading (fr)', lead: 'Save videos' });
    site.promote(1);
    expect(await site.store.load('en', 'landing')).toEqual({ heading: 'New heading', lead: 'Save videos' });
    site.promote(0);
    expect(await site.store.load('en', 'landing')).toEqual({ heading: 'Old heading', lead: 'Save videos' });
    // The shell is not live here: its namespaces come from the folder.
    expect(await site.store.load('en', 'common')).toEqual({ brand: 'ReelKeep' });
  });

  it('refuses a file whose bytes are not what its build recorded, and logs it once', async () => {
    const release = await makeRelease('1', 'Old heading');
    await writeFile(path.join(release.dir, 'locales', 'fr', 'landing.json'), JSON.stringify({ heading: 'Tampered' }));
    const site = createSite(await makeFolder(), [release]);
    expect(await site.store.load('fr', 'landing')).toEqual({ heading: 'Old heading', lead: 'Save videos' });
    expect(await site.store.load('fr', 'landing')).toEqual({ heading: 'Old heading', lead: 'Save videos' });
    expect(site.errors).toHaveLength(1);
  });

  it('reads the folder while the live release was built before releases carried texts', async () => {
    const release = { ...(await makeRelease('1', 'Old heading')), files: {} };
    const site = createSite(await makeFolder(), [release]);
    expect(await site.store.load('en', 'landing')).toEqual({ heading: 'From the folder' });
  });
});

describe('the edge tags of a dictionary', () => {
  it.each([
    ['landing', { 'mf-landing': '0.1.0-a' }, ['locales', 'mf-landing@0.1.0-a']],
    ['common', { shell: '0.1.0-b', 'mf-landing': '0.1.0-a' }, ['locales', 'shell@0.1.0-b']],
    ['checkout', {}, ['locales']],
    ['no_owner', { shell: '0.1.0-b' }, ['locales']],
  ])('%s with %j is tagged %j', (namespace, live, tags) => {
    expect(findDictionaryTags(namespace, live)).toEqual(tags);
  });
});
