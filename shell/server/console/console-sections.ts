import type { ReactNode } from 'react';
import { APP_OF_SQUAD, SQUADS, type SquadName } from '@reelkeep/shared-contracts';
import {
  canRole,
  CONSOLE_SECTION_ID,
  type ConsoleActor,
  type ConsoleModule,
  type ConsoleSection,
  type ConsoleSectionAction,
  type ConsoleSectionPage,
} from '@reelkeep/shared-contracts/console';

/**
 * The squads' console sections (docs/console.md "Squad sections"): each live remote's `./console`, loaded from the
 * version the request's snapshot has live, so a promote or a rollback of a squad changes its section with its pages.
 */

/** One live remote's console, loaded or not. */
export interface SquadConsole {
  squad: SquadName;
  app: string;
  version: string;
  /** Absent when its release exposes no `./console`, or it failed to load or broke the contract (`error`). */
  module?: ConsoleModule;
  error?: string;
}

/** What the console needs to reach the squads' sections of the live releases. */
export interface ConsoleSectionSource {
  /** Each live remote's console in the current snapshot. */
  load(): Promise<SquadConsole[]>;
  /** Renders a section's body to static HTML with the React the remotes share; null when the live shell cannot. */
  render(body: ReactNode): Promise<string | null>;
}

/** The squad of an app (`mf-checkout` → `checkout`), when a squad owns it. */
export function squadOfApp(app: string): SquadName | undefined {
  return SQUADS.find((squad) => APP_OF_SQUAD[squad] === app);
}

/** A section's address. */
export function sectionPath(squad: SquadName, section: Pick<ConsoleSection, 'id'>): string {
  return `/console/${squad}/${section.id}`;
}

/** The squads' sections a role may open, for the navigation (the server still checks every page and action). */
export function listVisibleSquadSections(consoles: readonly SquadConsole[], actor: ConsoleActor) {
  return consoles.flatMap(({ squad, module }) =>
    (module?.sections ?? [])
      .filter((section) => {
        const first = section.pages.find((page) => page.path === '');
        return first !== undefined && canRole(actor.role, first.permission);
      })
      .map((section) => ({ squad, section, path: sectionPath(squad, section) })),
  );
}

/** A console path under a squad: `/console/<squad>/<section>[/<page or action>]`. */
export function matchSquadSectionPath(path: string): { squad: SquadName; sectionId: string; route: string } | null {
  const match = /^\/console\/([a-z]+)\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (!match) return null;
  const squad = SQUADS.find((name) => name === match[1] && name !== 'site');
  if (!squad || !CONSOLE_SECTION_ID.test(match[2]!) || (match[3] !== undefined && !CONSOLE_SECTION_ID.test(match[3]))) return null;
  return { squad, sectionId: match[2]!, route: match[3] ?? '' };
}

/** The page (GET) or action (POST) a section answers at a path segment. */
export function findSectionRoute(
  section: ConsoleSection,
  route: string,
  isAction: boolean,
): ConsoleSectionPage<never> | ConsoleSectionAction<never> | undefined {
  return isAction ? section.actions.find((action) => action.path === route) : section.pages.find((page) => page.path === route);
}

/**
 * Where a section's redirect goes: inside the section only (`""`, `order?id=…`, `?done=…`); anything else (another
 * origin, another section, a path with dots) is refused, answering null.
 */
export function resolveSectionRedirect(basePath: string, to: string): string | null {
  const match = /^([a-z][a-z0-9-]{0,30})?(\?[A-Za-z0-9%._~=&+-]*)?$/.exec(to);
  if (!match) return null;
  return `${basePath}${match[1] ? `/${match[1]}` : ''}${match[2] ?? ''}`;
}
