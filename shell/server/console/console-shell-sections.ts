import { handleCache } from './console-cache-section.ts';
import { handleExperiments } from './console-experiments-section.ts';
import { handlePush } from './console-push-section.ts';
import { handleReleaseDiff } from './console-releases-section.ts';
import type { SectionHandler, SectionRequest } from './console-section-context.ts';

export { renderReleaseBuilds, type VersionHealthReader } from './console-releases-section.ts';

/** The shell's own sections beyond the frame's (docs/console.md "Sections"): each answers its paths, or passes. */
const SHELL_SECTIONS: readonly SectionHandler[] = [handleReleaseDiff, handleExperiments, handlePush, handleCache];

/** Runs the section that answers this path; false when none does (the console's 404). */
export async function handleShellSections(request: SectionRequest): Promise<boolean> {
  for (const handle of SHELL_SECTIONS) if (await handle(request)) return true;
  return false;
}
