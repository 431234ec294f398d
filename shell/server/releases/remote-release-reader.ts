import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@reelkeep/shared-contracts';
import { toReleaseDir } from '@reelkeep/platform/releases';
import type { PinnedRemoteRelease } from '../../src/render-contract.ts';

/** What the reader takes from a browser container's `mf-manifest.json`. */
interface FederationManifest {
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[]; async?: string[] } } }[];
}

/** Reads a remote release's browser and server entry points (cached: a version never changes). */
export function createRemoteReleaseReader(releasesDir: string, staticBaseUrl: string) {
  const cache = new Map<string, Promise<PinnedRemoteRelease>>();
  return (name: RemoteName, version: string): Promise<PinnedRemoteRelease> => {
    const key = `${name}@${version}`;
    let release = cache.get(key);
    if (!release) {
      release = (async () => {
        const dir = toReleaseDir(releasesDir, name, version);
        const base = `${staticBaseUrl}/static/${name}/${version}/`;
        const manifest = JSON.parse(await readFile(path.join(dir, 'browser', 'mf-manifest.json'), 'utf8')) as FederationManifest;
        const page = manifest.exposes.find((expose) => expose.path === './page');
        return {
          name,
          version,
          entry: `${base}remoteEntry.js`,
          serverEntry: path.join(dir, 'server', 'remoteEntry.cjs'),
          styles: (page?.assets.css.sync ?? []).map((file) => base + file),
          lazyStyles: (page?.assets.css.async ?? []).map((file) => base + file),
          scripts: (page?.assets.js.sync ?? []).map((file) => base + file),
        };
      })();
      release.catch(() => cache.delete(key));
      cache.set(key, release);
    }
    return release;
  };
}
