import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../db/migrations.ts';
import { createRedisClient } from '../redis.ts';
import { applyPromotion, applyRollback, createRegistryStore } from './registry.ts';
import { listReleases, readReleaseManifest, toReleaseDir } from './releases.ts';
import { findPromotionProblems } from './promotion.ts';
import { findOriginProblems, publishRelease, pullRelease, type ArtifactOrigin } from './artifact-origin.ts';
import { RELEASE_MIGRATIONS_DIR } from '../squad-api-host.ts';
import { SQUAD_OF_APP } from '@reelkeep/shared-contracts';
import { APPS, buildApp, isAppName, type AppName } from './build-app.ts';
import { decideBuildPromotion } from './build-promotion.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const USAGE = `usage:
  release build [app ...] [--promote | --promote-first]
                                         build apps (all by default) into versioned folders; --promote makes
                                         each new build live (never one rolled back from), --promote-first only
                                         an app nothing is live for yet (npm start)
  release publish <app> [version|latest] upload a built version to the artifact origin (ARTIFACT_ORIGIN)
  release promote <app> <version|latest> make a built version live (checked: hashes, contract, API, migrations)
  release rollback <app>                 make the version live before the current one live again
  release status                         live versions and their history`;

const config = loadConfig();
// The registry's durable copy is in PostgreSQL when the site uses one (docs/releasing.md "How a squad builds and releases its remote"); with the embedded
// database it is registry.json, because PGlite belongs to the one server process.
const db = config.DATABASE_URL ? await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR }) : undefined;
if (db) await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL) : undefined;
const store = createRegistryStore({ releasesDir: config.RELEASES_DIR, db, redis });
const actor = `${os.userInfo().username}@${os.hostname()}`;
const origin: ArtifactOrigin | undefined = config.ARTIFACT_ORIGIN
  ? { url: config.ARTIFACT_ORIGIN, credentials: config.ARTIFACT_ORIGIN_CREDENTIALS, timeoutMs: config.ARTIFACT_TIMEOUT_MS }
  : undefined;

/** The version `requested` names: `latest` is the most recently built version on disk. */
async function resolveVersion(app: AppName, requested: string): Promise<string> {
  const version = requested === 'latest' ? (await listReleases(config.RELEASES_DIR, app)).at(-1)?.version : requested;
  if (!version) throw new Error(`${app} has no build; run release:build first`);
  return version;
}

/**
 * docs/releases.md "Artifact origin": with an artifact origin, a version may go live only when the origin holds it,
 * whole and with its recorded bytes (the instances pull it from there). A version this machine lacks is
 * pulled from the origin first, so promotion runs from any machine; the live version is too, for the
 * migration checks against it.
 */
async function checkOrigin(app: AppName, version: string, live: string | undefined): Promise<string[]> {
  if (!origin) return [];
  const problems = await findOriginProblems(origin, config.RELEASES_DIR, app, version);
  if (problems.length > 0) return problems;
  await pullRelease(origin, config.RELEASES_DIR, app, version);
  if (live && live !== version) await pullRelease(origin, config.RELEASES_DIR, app, live).catch(() => undefined);
  return [];
}

function requireApp(value: string | undefined): AppName {
  if (!value || !isAppName(value)) throw new Error(`unknown app ${value ?? '(none)'}; one of ${APPS.join(', ')}`);
  return value;
}

/**
 * Applies a release's pending migrations before it goes live (docs/releases.md "Migrations"), under the
 * migrations' lock, when the site's database is a PostgreSQL this command reaches. With the embedded
 * database, the server applies them itself when it picks up the switch, before the version takes traffic.
 */
async function applyReleaseMigrations(app: AppName, version: string): Promise<void> {
  const manifest = await readReleaseManifest(config.RELEASES_DIR, app, version);
  if (!db || manifest.migrations.length === 0) return;
  const applied = await applyMigrations(db, SQUAD_OF_APP[app], path.join(toReleaseDir(config.RELEASES_DIR, app, version), RELEASE_MIGRATIONS_DIR));
  if (applied.length > 0) console.log(JSON.stringify({ msg: 'migrations applied', app, version, applied }));
}

async function promote(app: AppName, requested: string): Promise<void> {
  const version = await resolveVersion(app, requested);
  const live = (await store.read()).apps[app]?.live;
  const fromOrigin = await checkOrigin(app, version, live);
  if (fromOrigin.length > 0) throw new Error(`refusing to promote ${app}@${version}:\n  ${fromOrigin.join('\n  ')}`);
  const problems = await findPromotionProblems(config.RELEASES_DIR, app, version, live);
  if (problems.length > 0) throw new Error(`refusing to promote ${app}@${version}:\n  ${problems.join('\n  ')}`);
  await applyReleaseMigrations(app, version);
  const state = await store.update((current) => applyPromotion(current, app, version, actor));
  const event = state.history.at(-1)!;
  console.log(JSON.stringify({ msg: 'release switched', ...event }));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'build': {
      const mode = rest.includes('--promote') ? 'asked' : rest.includes('--promote-first') ? 'first' : undefined;
      const apps = rest.filter((arg) => !arg.startsWith('--')).map(requireApp);
      for (const app of apps.length > 0 ? apps : APPS) {
        const result = await buildApp(ROOT_DIR, config.RELEASES_DIR, app);
        console.log(`${app}@${result.version} ${result.reused ? 'unchanged' : 'built'} in ${result.durationMs} ms`);
        if (!mode) continue;
        const state = await store.read();
        const decision = decideBuildPromotion(state, app, result.version, mode);
        if (decision.promote) await promote(app, result.version);
        else if (decision.reason !== 'already-live')
          console.log(
            `${app}@${result.version} ${decision.reason === 'rolled-back' ? 'was rolled back' : 'is built'}: ` +
              `${state.apps[app]?.live} stays live (npm run release:promote -- ${app} ${result.version} makes it live)`,
          );
      }
      return;
    }
    case 'promote':
      return promote(requireApp(rest[0]), rest[1] ?? 'latest');
    case 'publish': {
      const app = requireApp(rest[0]);
      if (!origin) throw new Error("release:publish needs ARTIFACT_ORIGIN (and a publisher's ARTIFACT_ORIGIN_CREDENTIALS)");
      const version = await resolveVersion(app, rest[1] ?? 'latest');
      const started = performance.now();
      const sent = await publishRelease(origin, config.RELEASES_DIR, app, version);
      console.log(
        JSON.stringify({ msg: 'release published', app, version, origin: origin.url, ...sent, durationMs: Math.round(performance.now() - started) }),
      );
      return;
    }
    case 'rollback': {
      const app = requireApp(rest[0]);
      const target = (await store.read()).apps[app]?.previous.at(-1);
      const fromOrigin = target ? await checkOrigin(app, target, undefined) : [];
      if (fromOrigin.length > 0) throw new Error(`refusing to roll back ${app} to ${target}:\n  ${fromOrigin.join('\n  ')}`);
      // No migration runs backwards: the version rolled back to runs on the newer schema (expand, then contract).
      const problems = target ? await findPromotionProblems(config.RELEASES_DIR, app, target, undefined) : [];
      if (problems.length > 0) throw new Error(`refusing to roll back ${app} to ${target}:\n  ${problems.join('\n  ')}`);
      const state = await store.update((current) => applyRollback(current, app, actor));
      console.log(JSON.stringify({ msg: 'release switched', ...state.history.at(-1)! }));
      return;
    }
    case 'status': {
      const state = await store.read();
      console.log(
        JSON.stringify(
          { live: Object.fromEntries(Object.entries(state.apps).map(([app, entry]) => [app, entry.live])), history: state.history.slice(-20) },
          null,
          2,
        ),
      );
      return;
    }
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await store.close();
  await db?.close();
  redis?.disconnect();
}
