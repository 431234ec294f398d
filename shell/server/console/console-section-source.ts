import type { ReactNode } from 'react';
import type { Logger } from '@reelkeep/platform/logger';
import type { RenderBundle } from '../../src/render-contract.ts';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';
import { squadOfApp, type ConsoleSectionSource, type SquadConsole } from './console-sections.ts';

/**
 * The squads' console sections of the request's snapshot (docs/console.md "Squad sections"): each live remote's
 * `./console`, loaded through the live shell's render bundle from the very server container its pages come from,
 * so a promote or a rollback of a squad switches its section too. A remote that exposes none, or whose module
 * fails to load or breaks the contract, has no section (its pages show "section unavailable"); the rest works.
 */
export function createConsoleSectionSource(deps: {
  releases: { current(): ReleaseSnapshot };
  pages: { loadBundle(snapshot: ReleaseSnapshot): Promise<RenderBundle> };
  logger: Logger;
  timeoutMs: number;
}): ConsoleSectionSource {
  /** Each failed version is logged once. */
  const reported = new Set<string>();
  return {
    async load(): Promise<SquadConsole[]> {
      const snapshot = deps.releases.current();
      const bundle = await deps.pages.loadBundle(snapshot).catch(() => undefined);
      const consoles = await Promise.all(
        snapshot.remotes.map(async (remote): Promise<SquadConsole | null> => {
          const squad = squadOfApp(remote.name);
          if (!squad) return null;
          const entry: SquadConsole = { squad, app: remote.name, version: remote.version };
          if (!bundle) return { ...entry, error: 'the live shell release did not load' };
          try {
            return { ...entry, module: await bundle.loadConsoleModule(remote, deps.timeoutMs) };
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const key = `${remote.name}@${remote.version}`;
            if (!reported.has(key)) {
              reported.add(key);
              deps.logger.info('console: no section from this release', { release: key, reason: message.slice(0, 300) });
            }
            return { ...entry, error: message };
          }
        }),
      );
      return consoles.filter((entry): entry is SquadConsole => entry !== null);
    },
    async render(body: ReactNode): Promise<string | null> {
      const bundle = await deps.pages.loadBundle(deps.releases.current()).catch(() => undefined);
      return bundle?.renderConsoleMarkup(body) ?? null;
    },
  };
}
