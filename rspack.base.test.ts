import { describe, expect, it } from '@jest/globals';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppConfigs, SHARED_SINGLETONS } from './rspack.base.ts';

async function makeApp(dependencies: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'app-'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: '@reelkeep/mf-demo', version: '1.0.0', dependencies }));
  return dir;
}

describe('createAppConfigs', () => {
  it('fails the build when an app asks for another version of a shared singleton', async () => {
    const appDir = await makeApp({ react: '18.3.1' });
    expect(() => createAppConfigs({ appDir, kind: 'remote', outDir: '/tmp/out', exposes: { './page': './page.tsx' } })).toThrow(
      /@reelkeep\/mf-demo asks for react@18\.3\.1 but the shared singleton is react@19\.3\.1/,
    );
  });

  it('shares every singleton strictly, eager only in the host server container', async () => {
    const appDir = await makeApp({ react: '19.3.1' });
    const [hostBrowser, hostServer] = createAppConfigs({ appDir, kind: 'host', outDir: '/tmp/out', browserEntry: './a.ts', serverEntry: './b.ts' });
    const [remoteBrowser, remoteServer] = createAppConfigs({ appDir, kind: 'remote', outDir: '/tmp/out', exposes: { './page': './page.tsx' } });
    const sharedOf = (config: typeof hostBrowser) => {
      const plugin = config!.plugins!.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as {
        _options: { shared: Record<string, { eager: boolean; singleton: boolean; strictVersion: boolean }> };
      };
      return plugin._options.shared;
    };
    for (const name of SHARED_SINGLETONS) {
      expect(sharedOf(hostServer)[name]).toMatchObject({ singleton: true, strictVersion: true, eager: true });
      for (const config of [hostBrowser, remoteBrowser, remoteServer])
        expect(sharedOf(config)[name]).toMatchObject({ singleton: true, strictVersion: true, eager: false });
    }
    expect(Object.keys(sharedOf(hostBrowser))).not.toContain('react-router');
  });
});
