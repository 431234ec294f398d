import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RenderBundle } from '../../src/render-contract.ts';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';

const require = createRequire(import.meta.url);

/** A shell release as the host renders with it: its render bundle and its entry files as URLs. */
export interface LoadedShell {
  bundle: RenderBundle;
  assets: { scripts: string[]; styles: string[]; startScripts: string[] };
}

/** Loads the render bundle and entry files of a shell release (once per version). */
export function createShellLoader(staticBaseUrl: string) {
  const loaded = new Map<string, Promise<LoadedShell>>();
  const load = (shell: NonNullable<ReleaseSnapshot['shell']>): Promise<LoadedShell> => {
    let entry = loaded.get(shell.version);
    if (!entry) {
      entry = (async () => {
        const exported = require(path.join(shell.dir, 'server', 'ssr.cjs')) as { default: RenderBundle };
        const files = JSON.parse(await readFile(path.join(shell.dir, 'browser', 'entry-assets.json'), 'utf8')) as LoadedShell['assets'];
        const base = `${staticBaseUrl}/static/shell/${shell.version}/`;
        const urls = (names: readonly string[]) => names.map((name) => base + name);
        return {
          bundle: exported.default,
          assets: { scripts: urls(files.scripts), styles: urls(files.styles), startScripts: urls(files.startScripts) },
        };
      })();
      loaded.set(shell.version, entry);
    }
    return entry;
  };
  return load;
}
