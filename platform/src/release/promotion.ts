import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SQUAD_OF_APP } from '@reelkeep/shared-contracts';
import type { ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import { API_MODULE_FILE, RELEASE_MIGRATIONS_DIR } from '../squad-api-host.ts';
import { inspectApiModule } from './api-inspection.ts';
import type { AppName } from './build-app.ts';
import { findBreakingChanges } from './migration-safety.ts';
import { findReleaseProblems, readReleaseManifest, toReleaseDir } from './releases.ts';

/**
 * Why a version may not go live, one line each; empty when it may (docs/releases.md "Promote"): its files
 * match their hashes and its contract is compatible (as for every release), its API module passes the
 * contract check in a process of its own, and, against the version live now, no migration that both carry
 * was changed and no new migration takes away what the live version still uses.
 */
export async function findPromotionProblems(releasesDir: string, app: AppName, version: string, liveVersion: string | undefined): Promise<string[]> {
  const problems = await findReleaseProblems(releasesDir, app, version);
  if (problems.length > 0) return problems;
  const dir = toReleaseDir(releasesDir, app, version);
  const manifest = await readReleaseManifest(releasesDir, app, version);
  if (manifest.api) {
    const inspection = await inspectApiModule(path.join(dir, API_MODULE_FILE), SQUAD_OF_APP[app]);
    if (!inspection.ok) return [`${app}@${version}: ${inspection.problem}`];
  }
  if (!liveVersion || liveVersion === version) return [];
  const live = await readReleaseManifest(releasesDir, app, liveVersion).catch(() => null);
  if (!live) return [];
  return [...findChangedMigrations(manifest, live), ...(await findBreakingMigrations(releasesDir, manifest, live))];
}

const migrationFile = (name: string) => path.posix.join(RELEASE_MIGRATIONS_DIR, name);

/** A migration already applied by the live version must not change: the database would not run it again. */
function findChangedMigrations(target: ReleaseManifest, live: ReleaseManifest): string[] {
  return live.migrations
    .filter((name) => target.migrations.includes(name) && target.files[migrationFile(name)] !== live.files[migrationFile(name)])
    .map(
      (name) =>
        `${target.app}@${target.version}: migration ${name} differs from the one ${live.version} applied; add a new migration instead of editing an applied one`,
    );
}

/** New migrations that would break the live version (expand, then contract). */
async function findBreakingMigrations(releasesDir: string, target: ReleaseManifest, live: ReleaseManifest): Promise<string[]> {
  const added = target.migrations.filter((name) => !live.migrations.includes(name));
  if (added.length === 0 || !live.api) return [];
  const targetDir = toReleaseDir(releasesDir, target.app, target.version);
  const newMigrations = await Promise.all(
    added.map(async (name) => ({ name, sql: await readFile(path.join(targetDir, RELEASE_MIGRATIONS_DIR, name), 'utf8') })),
  );
  const liveCode = await readFile(path.join(toReleaseDir(releasesDir, live.app, live.version), API_MODULE_FILE), 'utf8');
  return findBreakingChanges(newMigrations, liveCode, `${live.app}@${live.version}`).map((problem) => `${target.app}@${target.version}: ${problem}`);
}
