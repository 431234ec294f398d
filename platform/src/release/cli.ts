import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../db/migrations.ts';
import { createRedisClient } from '../redis.ts';
import { createRegistryStore } from './registry.ts';
import { listReleases } from './releases.ts';
import { publishRelease, type ArtifactOrigin } from './artifact-origin.ts';
import { promoteRelease, rollbackCanary, rollbackRelease, startCanary } from './switch-release.ts';
import { listNextSteps, DEFAULT_CANARY_STEPS } from './canary.ts';
import { APPS, buildApp, isAppName, type AppName } from './build-app.ts';
import { decideBuildPromotion } from './build-promotion.ts';
import { describeUnreachableSite } from '../network-problems.ts';
import { readConsoleApi } from '../operator-api.ts';
import type { RegistryEvent, RegistryState } from '@reelkeep/shared-contracts/schemas';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const USAGE = `usage:
  release build [app ...] [--promote | --promote-first]
                                         build apps (all by default) into versioned folders; --promote makes
                                         each new build live (never one rolled back from), --promote-first only
                                         an app nothing is live for yet (npm start)
  release publish <app> [version|latest] upload a built version to the artifact origin (ARTIFACT_ORIGIN)
  release promote <app> <version|latest> [<app> <version> ...]
                                         make a built version live (checked: hashes, contract, API, migrations);
                                         several pairs are promoted in turn
  release rollback <app>                 make the version live before the current one live again
  release canary <app> <version|latest> <percent> [--steps 5,25,50,100]
                                         serve a built version to a sticky <percent> of visitors beside the live
                                         one; it advances through the steps after it on a schedule while healthy
                                         (--steps none: by hand only), is rolled back by itself when its error rate
                                         exceeds the live version's, and 100 makes it live
  release canary <app> rollback          end the app's canary: its visitors get the live version again
  release status                         live versions and their history`;

const config = loadConfig();
// docs/operations.md "Operators' tools": with CONSOLE_API_KEY, switches and the status go through the running site's
// console API (the key's role decides; the history and the audit log name the key); builds stay local files.
const api = readConsoleApi(config);
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

function requireApp(value: string | undefined): AppName {
  if (!value || !isAppName(value)) throw new Error(`unknown app ${value ?? '(none)'}; one of ${APPS.join(', ')}`);
  return value;
}

const switcher = { store, releasesDir: config.RELEASES_DIR, db, origin };

/** A call to the running site's console API; a site that does not answer is named with the setting that points at it. */
function callSite(...args: Parameters<NonNullable<typeof api>['call']>): ReturnType<NonNullable<typeof api>['call']> {
  return api!.call(...args).catch((error: unknown) => {
    throw new Error(describeUnreachableSite(error, api!.url, config.CONSOLE_URL ? 'CONSOLE_URL' : 'SITE_URL'));
  });
}

/** The registry as the running site has it (live versions and history), for `build --promote` through the site. */
async function readStateThroughSite(): Promise<RegistryState> {
  const answer = await callSite('/admin/releases');
  const body = (await answer.json().catch(() => null)) as { live?: Record<string, string>; history?: RegistryEvent[]; error?: string } | null;
  if (!answer.ok || !body?.live) throw new Error(`the site refused the status (${answer.status}): ${body?.error ?? 'no answer'}`);
  const history = body.history ?? [];
  return {
    revision: 0,
    // What decides a build's promotion: the live version and the history (a version rolled back from stays out).
    apps: Object.fromEntries(Object.entries(body.live).map(([app, live]) => [app, { live, previous: [] }])),
    history,
  };
}

/** A switch through the running site: its answer printed as the local switch prints it, a refusal thrown. */
async function switchThroughSite(
  action: 'promote' | 'rollback',
  app: AppName,
  version?: string,
): Promise<{ event: RegistryEvent; migrations: string[] }> {
  const answer = await callSite(`/admin/releases/${action}`, { method: 'POST', body: { app, ...(version ? { version } : {}) } });
  const body = (await answer.json().catch(() => null)) as { error?: string; migrations?: string[] } & RegistryEvent;
  if (!answer.ok) throw new Error(`the site refused the ${action} (${answer.status}): ${body?.error ?? 'no answer'}`);
  const { migrations = [], ...event } = body;
  delete (event as { msg?: string }).msg;
  return { event, migrations };
}

async function promote(app: AppName, requested: string): Promise<void> {
  const { event, migrations } = api ? await switchThroughSite('promote', app, requested) : await promoteRelease(switcher, app, requested, actor);
  if (migrations.length > 0) console.log(JSON.stringify({ msg: 'migrations applied', app, version: event.to, applied: migrations }));
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
        const state = api ? await readStateThroughSite() : await store.read();
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
    case 'promote': {
      // Several `<app> <version>` pairs promote one after another in this one process (a topology making a whole
      // build live starts one process, not one per app); the first refused stops the rest.
      if (rest.length > 2 && rest.length % 2 !== 0) throw new Error(`promote takes <app> <version|latest>, or pairs of them\n${USAGE}`);
      for (let index = 0; index < Math.max(rest.length, 1); index += 2) await promote(requireApp(rest[index]), rest[index + 1] ?? 'latest');
      return;
    }
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
    case 'canary': {
      const app = requireApp(rest[0]);
      if (rest[1] === 'rollback') {
        console.log(JSON.stringify({ msg: 'canary rolled back', ...(await rollbackCanary(switcher, app, actor, 'by hand')) }));
        return;
      }
      const [version, percentText] = rest.slice(1).filter((arg) => !arg.startsWith('--'));
      const percent = Number(percentText);
      if (!version || !Number.isFinite(percent)) throw new Error('usage: release canary <app> <version|latest> <percent> [--steps 5,25,50,100]');
      const stepsArg = rest.find((arg) => arg.startsWith('--steps'))?.split('=')[1] ?? rest[rest.indexOf('--steps') + 1];
      const steps = !rest.some((arg) => arg.startsWith('--steps'))
        ? DEFAULT_CANARY_STEPS
        : stepsArg === 'none'
          ? []
          : (stepsArg ?? '').split(',').map(Number);
      if (steps.some((step) => !(step > 0 && step <= 100))) throw new Error(`--steps takes shares from 1 to 100, comma-separated, or none`);
      const { event, migrations } = await startCanary(switcher, { app, version, percent, steps: listNextSteps(percent, steps), by: actor });
      if (migrations.length > 0) console.log(JSON.stringify({ msg: 'migrations applied', app, version: event.to, applied: migrations }));
      console.log(JSON.stringify({ msg: event.action === 'promote' ? 'release switched' : 'canary started', ...event }));
      return;
    }
    case 'rollback': {
      const app = requireApp(rest[0]);
      const event = api ? (await switchThroughSite('rollback', app)).event : await rollbackRelease(switcher, app, actor);
      console.log(JSON.stringify({ msg: 'release switched', ...event }));
      return;
    }
    case 'status': {
      if (api) {
        const answer = await callSite('/admin/releases');
        const body = (await answer.json().catch(() => null)) as { live?: unknown; history?: unknown[]; error?: string } | null;
        if (!answer.ok) throw new Error(`the site refused the status (${answer.status}): ${body?.error ?? 'no answer'}`);
        console.log(JSON.stringify({ live: body?.live, history: body?.history?.slice(-20) }, null, 2));
        return;
      }
      const state = await store.read();
      console.log(
        JSON.stringify(
          {
            live: Object.fromEntries(Object.entries(state.apps).map(([app, entry]) => [app, entry.live])),
            canaries: Object.fromEntries(Object.entries(state.apps).flatMap(([app, entry]) => (entry.canary ? [[app, entry.canary]] : []))),
            history: state.history.slice(-20),
          },
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
