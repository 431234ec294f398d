import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NAMESPACES_OF_APP } from '@reelkeep/shared-contracts';
import { packNamespaces } from './release-locales.ts';

async function makeLocales(namespaces: readonly string[], locales: readonly string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'locales-'));
  for (const locale of locales) {
    await mkdir(path.join(dir, locale), { recursive: true });
    for (const namespace of namespaces) await writeFile(path.join(dir, locale, `${namespace}.json`), JSON.stringify({ locale, namespace }));
  }
  return dir;
}

describe('a release packs the namespaces its app owns (docs/i18n.md "Texts ship with their squad")', () => {
  it('copies every locale of each owned namespace and nothing of the others', async () => {
    const owned = NAMESPACES_OF_APP['mf-checkout'];
    const source = await makeLocales([...owned, 'common', 'landing'], ['en', 'fr']);
    const staging = await mkdtemp(path.join(tmpdir(), 'staging-'));
    const packed = await packNamespaces(source, staging, 'mf-checkout');
    expect([...packed].sort()).toEqual(owned.flatMap((namespace) => [`locales/en/${namespace}.json`, `locales/fr/${namespace}.json`]).sort());
    expect(JSON.parse(await readFile(path.join(staging, 'locales/fr/checkout.json'), 'utf8'))).toEqual({ locale: 'fr', namespace: 'checkout' });
  });

  it('fails the build when an owned namespace has no English file', async () => {
    const source = await makeLocales(NAMESPACES_OF_APP['mf-blog'].slice(1), ['en']);
    await expect(packNamespaces(source, await mkdtemp(path.join(tmpdir(), 'staging-')), 'mf-blog')).rejects.toThrow(/owns the namespace blog/);
  });
});
