import path from 'node:path';
import { SQUAD_OF_APP } from '@reelkeep/shared-contracts';
import type { RegistryEvent } from '@reelkeep/shared-contracts/schemas';
import type { Database } from '../db/database.ts';
import { applyMigrations } from '../db/migrations.ts';
import { RELEASE_MIGRATIONS_DIR } from '../squad-api-host.ts';
import type { AppName } from './build-app.ts';
import { findPromotionProblems } from './promotion.ts';
import { applyPromotion, applyRollback, type RegistryStore } from './registry.ts';
import { applyCanary, applyCanaryRollback } from './canary.ts';
import { listReleases, readReleaseManifest, toReleaseDir } from './releases.ts';
import { findOriginProblems, pullRelease, type ArtifactOrigin } from './artifact-origin.ts';

/**
 * The one way to switch what is live (docs/releases.md "Switching"), shared by the release CLI and the console's
 * Releases section: the same checks, the same migrations, the same registry update and history.
 */
export interface ReleaseSwitcher {
  store: RegistryStore;
  releasesDir: string;
  /** The site's PostgreSQL: a release's migrations run before it goes live. Absent with the embedded database. */
  db?: Database;
  /** The artifact origin every instance pulls from (docs/releases.md "Artifact origin"), when there is one. */
  origin?: ArtifactOrigin;
}

/**
 * docs/releases.md "Artifact origin": with an artifact origin, a version may go live only when the origin holds it,
 * whole and with its recorded bytes (the instances pull it from there). A version this machine lacks is
 * pulled from the origin first, so a switch runs from any machine; the live version is too, for the
 * migration checks against it.
 */
async function checkOrigin(switcher: ReleaseSwitcher, app: AppName, version: string, live: string | undefined): Promise<string[]> {
  if (!switcher.origin) return [];
  const problems = await findOriginProblems(switcher.origin, switcher.releasesDir, app, version);
  if (problems.length > 0) return problems;
  await pullRelease(switcher.origin, switcher.releasesDir, app, version);
  if (live && live !== version) await pullRelease(switcher.origin, switcher.releasesDir, app, live).catch(() => undefined);
  return [];
}

/** A switch refused by its checks; the message says why. */
export class ReleaseSwitchRefusedError extends Error {}

/**
 * Applies a release's pending migrations before it goes live (docs/releases.md "Migrations"), under the
 * migrations' lock, when the site's database is PostgreSQL. With the embedded database, the server applies
 * them itself when it picks up the switch, before the version takes traffic.
 */
async function applyReleaseMigrations(switcher: ReleaseSwitcher, app: AppName, version: string): Promise<string[]> {
  const manifest = await readReleaseManifest(switcher.releasesDir, app, version);
  if (switcher.db?.kind !== 'postgres' || manifest.migrations.length === 0) return [];
  return applyMigrations(switcher.db, SQUAD_OF_APP[app], path.join(toReleaseDir(switcher.releasesDir, app, version), RELEASE_MIGRATIONS_DIR));
}

/** Makes a built version live (`latest`: the newest build), after checking it; answers the registry's event. */
export async function promoteRelease(
  switcher: ReleaseSwitcher,
  app: AppName,
  requested: string,
  by: string,
): Promise<{ event: RegistryEvent; migrations: string[] }> {
  const version = requested === 'latest' ? (await listReleases(switcher.releasesDir, app)).at(-1)?.version : requested;
  if (!version) throw new ReleaseSwitchRefusedError(`${app} has no build to promote; run release:build first`);
  const live = (await switcher.store.read()).apps[app]?.live;
  const fromOrigin = await checkOrigin(switcher, app, version, live);
  if (fromOrigin.length > 0) throw new ReleaseSwitchRefusedError(`refusing to promote ${app}@${version}:\n  ${fromOrigin.join('\n  ')}`);
  const problems = await findPromotionProblems(switcher.releasesDir, app, version, live);
  if (problems.length > 0) throw new ReleaseSwitchRefusedError(`refusing to promote ${app}@${version}:\n  ${problems.join('\n  ')}`);
  const migrations = await applyReleaseMigrations(switcher, app, version);
  const state = await switcher.store.update((current) => applyPromotion(current, app, version, by));
  return { event: state.history.at(-1)!, migrations };
}

/** Makes the version live before the current one live again, after checking it; answers the registry's event. */
export async function rollbackRelease(switcher: ReleaseSwitcher, app: AppName, by: string): Promise<RegistryEvent> {
  const target = (await switcher.store.read()).apps[app]?.previous.at(-1);
  if (!target) throw new ReleaseSwitchRefusedError(`${app} has no earlier version to roll back to`);
  const fromOrigin = await checkOrigin(switcher, app, target, undefined);
  if (fromOrigin.length > 0) throw new ReleaseSwitchRefusedError(`refusing to roll back ${app} to ${target}:\n  ${fromOrigin.join('\n  ')}`);
  // No migration runs backwards: the version rolled back to runs on the newer schema (expand, then contract).
  const problems = await findPromotionProblems(switcher.releasesDir, app, target, undefined);
  if (problems.length > 0) throw new ReleaseSwitchRefusedError(`refusing to roll back ${app} to ${target}:\n  ${problems.join('\n  ')}`);
  const state = await switcher.store.update((current) => applyRollback(current, app, by));
  return state.history.at(-1)!;
}

/**
 * docs/releases.md "Canary": starts a canary of a built version at `percent` (or moves the running canary of that
 * version to it). It passes the checks of a promotion against the live version, and its migrations run first,
 * since the live version then runs beside it on the newer schema (expand, then contract). 100 % promotes it.
 */
export async function startCanary(
  switcher: ReleaseSwitcher,
  input: { app: AppName; version: string; percent: number; steps?: readonly number[]; by: string },
): Promise<{ event: RegistryEvent; migrations: string[] }> {
  const version = input.version === 'latest' ? (await listReleases(switcher.releasesDir, input.app)).at(-1)?.version : input.version;
  if (!version) throw new ReleaseSwitchRefusedError(`${input.app} has no build for a canary; run release:build first`);
  if (input.percent === 100) return promoteRelease(switcher, input.app, version, input.by);
  const state = await switcher.store.read();
  const entry = state.apps[input.app];
  // Refused before any check or migration: the registry would refuse it anyway.
  applyCanary(state, { ...input, version });
  if (entry?.canary?.version !== version) {
    const fromOrigin = await checkOrigin(switcher, input.app, version, entry?.live);
    if (fromOrigin.length > 0) throw new ReleaseSwitchRefusedError(`refusing a canary of ${input.app}@${version}:\n  ${fromOrigin.join('\n  ')}`);
    const problems = await findPromotionProblems(switcher.releasesDir, input.app, version, entry?.live);
    if (problems.length > 0) throw new ReleaseSwitchRefusedError(`refusing a canary of ${input.app}@${version}:\n  ${problems.join('\n  ')}`);
  }
  const migrations = await applyReleaseMigrations(switcher, input.app, version);
  const next = await switcher.store.update((current) => applyCanary(current, { ...input, version }));
  return { event: next.history.at(-1)!, migrations };
}

/** Ends the running canary of an app by hand; its visitors get the live version from their next request. */
export async function rollbackCanary(switcher: ReleaseSwitcher, app: AppName, by: string, reason?: string): Promise<RegistryEvent> {
  const version = (await switcher.store.read()).apps[app]?.canary?.version;
  if (!version) throw new ReleaseSwitchRefusedError(`${app} has no canary running`);
  const state = await switcher.store.update((current) => applyCanaryRollback(current, app, version, by, reason));
  return state.history.at(-1)!;
}
