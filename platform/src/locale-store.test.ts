import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocaleStore, mergeDictionaries } from './locale-store.ts';

async function makeLocales(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'locales-'));
  await mkdir(path.join(dir, 'en'));
  await mkdir(path.join(dir, 'fr'));
  await writeFile(path.join(dir, 'en', 'home.json'), JSON.stringify({ title: 'Home', nav: { a: 'A', b: 'B' } }));
  await writeFile(path.join(dir, 'fr', 'home.json'), JSON.stringify({ title: 'Accueil', nav: { a: 'Un' } }));
  await writeFile(path.join(dir, 'en', 'member.json'), JSON.stringify({ email: 'E-mail' }));
  return dir;
}

describe('locale store', () => {
  it('falls back to English key by key', async () => {
    const store = createLocaleStore(await makeLocales());
    expect(await store.load('fr', 'home')).toEqual({ title: 'Accueil', nav: { a: 'Un', b: 'B' } });
  });

  it('falls back to the English file when a locale lacks it (docs/locales.md "Translation files")', async () => {
    const store = createLocaleStore(await makeLocales());
    expect(await store.load('fr', 'member')).toEqual({ email: 'E-mail' });
  });

  it('answers null for unknown or malformed namespaces', async () => {
    const store = createLocaleStore(await makeLocales());
    expect(await store.load('fr', 'nope')).toBeNull();
    expect(await store.load('fr', '../../etc/passwd')).toBeNull();
  });

  it('gives empty resources for missing namespaces so a page still renders', async () => {
    const store = createLocaleStore(await makeLocales());
    expect(await store.loadResources('fr', ['home', 'nope'])).toEqual({ home: { title: 'Accueil', nav: { a: 'Un', b: 'B' } }, nope: {} });
  });

  it('hands every caller the same merged dictionary, merged once (renders share translators by it)', async () => {
    const store = createLocaleStore(await makeLocales());
    const first = await store.loadResources('fr', ['home', 'member', 'nope']);
    const second = await store.loadResources('fr', ['home', 'member', 'nope']);
    expect(second.home).toBe(first.home);
    expect(second.member).toBe(first.member);
    expect(second.nope).toBe(first.nope);
    expect(await store.load('en', 'home')).toBe(await store.load('en', 'home'));
  });

  it('merges nested dictionaries without mutating the base', () => {
    const base = { a: { b: 'x', c: 'y' } };
    expect(mergeDictionaries(base, { a: { b: 'z' } })).toEqual({ a: { b: 'z', c: 'y' } });
    expect(base).toEqual({ a: { b: 'x', c: 'y' } });
  });
});
