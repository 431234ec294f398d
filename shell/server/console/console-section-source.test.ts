import { createLogger } from '@reelkeep/platform/logger';
import type { ConsoleModule } from '@reelkeep/shared-contracts/console';
import type { PinnedRemoteRelease, RenderBundle } from '../../src/render-contract.ts';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';
import { createConsoleSectionSource } from './console-section-source.ts';

const remote = (name: PinnedRemoteRelease['name'], version: string) =>
  ({ name, version, serverEntry: `/r/${name}/${version}/server/remoteEntry.cjs` }) as PinnedRemoteRelease;
const moduleOf = (version: string): ConsoleModule => ({
  contractVersion: '3.3.0',
  sections: [{ id: `v${version.replace(/\./g, '')}`, labelKey: 'nav', namespaces: ['x'], pages: [], actions: [] }],
});

describe('the console section source', () => {
  it("loads each squad's section from the version the snapshot has live, and follows a rollback", async () => {
    let snapshot = { remotes: [remote('mf-checkout', '2.0.0'), remote('mf-blog', '1.0.0')] } as unknown as ReleaseSnapshot;
    const asked: string[] = [];
    const bundle = {
      loadConsoleModule: async (pinned: PinnedRemoteRelease) => {
        asked.push(`${pinned.name}@${pinned.version}`);
        if (pinned.name === 'mf-blog' || pinned.version === '1.0.0') throw new Error('no ./console');
        return moduleOf(pinned.version);
      },
      renderConsoleMarkup: () => '<p>x</p>',
    } as unknown as RenderBundle;
    const source = createConsoleSectionSource({
      releases: { current: () => snapshot },
      pages: { loadBundle: async () => bundle },
      logger: createLogger('error'),
      timeoutMs: 100,
    });
    const live = await source.load();
    expect(live.map((entry) => [entry.squad, entry.version, entry.module?.sections[0]?.id ?? entry.error])).toEqual([
      ['checkout', '2.0.0', 'v200'],
      ['blog', '1.0.0', 'no ./console'],
    ]);
    snapshot = { remotes: [remote('mf-checkout', '1.0.0')] } as unknown as ReleaseSnapshot;
    expect((await source.load()).map((entry) => [entry.squad, entry.version, entry.module?.sections[0]?.id ?? entry.error])).toEqual([
      ['checkout', '1.0.0', 'no ./console'],
    ]);
    expect(asked).toEqual(['mf-checkout@2.0.0', 'mf-blog@1.0.0', 'mf-checkout@1.0.0']);
    expect(await source.render(null)).toBe('<p>x</p>');
  });

  it('offers no section when the live shell release does not load', async () => {
    const snapshot = { remotes: [remote('mf-checkout', '2.0.0')] } as unknown as ReleaseSnapshot;
    const source = createConsoleSectionSource({
      releases: { current: () => snapshot },
      pages: { loadBundle: async (): Promise<RenderBundle> => Promise.reject(new Error('no shell release is live')) },
      logger: createLogger('error'),
      timeoutMs: 100,
    });
    expect((await source.load())[0]).toMatchObject({ squad: 'checkout', error: expect.any(String) });
    expect(await source.render(null)).toBeNull();
  });
});
