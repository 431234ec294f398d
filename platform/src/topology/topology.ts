import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { startVarnish, type RunningVarnish } from '../edge/start-varnish.ts';
import { publishRelease } from '../release/artifact-origin.ts';
import { createApiKey } from '../api-keys.ts';
import { createOriginAccount, startArtifactOrigin, toCredentials, type ArtifactOriginServer } from './start-artifact-origin.ts';
import { createInstanceEnv, createInstanceSpawner } from './start-instance.ts';
import { startPostgres, withDatabase } from './start-postgres.ts';
import { startRedis } from './start-redis.ts';
import { stopPid, waitUntil } from './processes.ts';

export { stopPid } from './processes.ts';

/**
 * The production topology on one machine (docs/operations.md "The topology"): PostgreSQL, Redis, the artifact
 * origin (nginx), instances each with its own empty releases folder, and Varnish in front on one port. Every
 * part is a real server started by pid; the handle can stop, kill and restart each one (the soak does).
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** The ports of a topology, from its base port (Varnish's). */
export function toTopologyPorts(basePort: number, instances: number) {
  return {
    varnish: basePort,
    varnishAdmin: basePort + 1,
    postgres: basePort + 2,
    redis: basePort + 3,
    origin: basePort + 4,
    /** Instance `i` (0-based) listens on `instances[i]`; extra instances (journeys, soak) after them. */
    instances: Array.from({ length: instances }, (_, index) => basePort + 10 + index),
    extra: (index: number) => basePort + 10 + instances + index,
  };
}

/** What `npm run topology:stop` needs: every pid the topology started, and where its files are. */
export interface TopologyState {
  url: string;
  dir: string;
  pids: { postgres: number; redis: number; origin: number; varnish: number; instances: number[] };
}

/** The file the state is kept in. */
export const toStateFile = (dir: string) => path.join(dir, 'state.json');

/** Options of `startTopology`. */
export interface TopologyOptions {
  /** Where every part keeps its files (emptied first). */
  dir: string;
  /** Varnish's port; the other parts take the next ones (`toTopologyPorts`). */
  basePort: number;
  instances?: number;
  /** A folder of builds and the version of each app to publish and promote. */
  build: { releasesDir: string; live: Record<string, string> };
  /** Versions of the build to publish without promoting them. */
  publishAlso?: Record<string, string>[];
  /** More settings for every instance. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * Starts the topology; resolves once Varnish serves the promoted build. A start that fails stops what it started;
 * one abandoned half-way (a test's time-out) leaves the pids started so far in `started.json` for
 * `stopAbandonedTopology`.
 */
export async function startTopology(options: TopologyOptions) {
  const started: number[] = [];
  const startedFile = path.join(path.resolve(options.dir), 'started.json');
  const record = async (pid: number) => {
    started.push(pid);
    await writeFile(startedFile, JSON.stringify(started));
  };
  try {
    return await startParts(options, record);
  } catch (error) {
    for (const pid of started.reverse()) await stopPid(pid, 'SIGTERM', 10_000).catch(() => undefined);
    throw error;
  }
}

/** Stops, by pid, whatever a start of the topology in `dir` had started when it was abandoned. */
export async function stopAbandonedTopology(dir: string): Promise<void> {
  const text = await readFile(path.join(path.resolve(dir), 'started.json'), 'utf8').catch(() => '[]');
  const pids = (JSON.parse(text) as number[]).reverse();
  // SIGTERM first: nginx's workers outlive a master killed with SIGKILL; PostgreSQL takes it as a smart shutdown.
  for (const pid of pids) await stopPid(pid, 'SIGTERM', 10_000).catch(() => undefined);
}

async function startParts(options: TopologyOptions, record: (pid: number) => Promise<void>) {
  const log = options.log ?? (() => undefined);
  const instanceCount = options.instances ?? 3;
  const ports = toTopologyPorts(options.basePort, instanceCount);
  const dir = path.resolve(options.dir);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  await chmod(dir, 0o755);

  log(`PostgreSQL on ${ports.postgres}`);
  const postgres = await startPostgres(dir, ports.postgres);
  await record(postgres.pid);
  log(`Redis on ${ports.redis}`);
  let redisPid = await startRedis(dir, ports.redis);
  await record(redisPid);
  log(`artifact origin (nginx) on ${ports.origin}`);
  const publisher = createOriginAccount('publisher');
  const reader = createOriginAccount('instance');
  const origin: ArtifactOriginServer = await startArtifactOrigin({
    port: ports.origin,
    workDir: path.join(dir, 'origin'),
    publishers: [publisher],
    readers: [reader],
  });
  await record(origin.pid);

  const url = `http://127.0.0.1:${ports.varnish}`;
  /** What a release command run as an operator (or a squad's CI) of this topology needs. */
  const releaseEnv: Record<string, string> = {
    DATABASE_URL: postgres.url,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    RELEASES_DIR: options.build.releasesDir,
    ARTIFACT_ORIGIN: origin.url,
    ARTIFACT_ORIGIN_CREDENTIALS: toCredentials(publisher),
    LOG_LEVEL: 'warn',
  };
  const publisherOrigin = { url: origin.url, credentials: toCredentials(publisher) };
  const publish = async (app: string, version: string) => {
    await publishRelease(publisherOrigin, options.build.releasesDir, app, version);
  };
  /** Runs `npm run release:<command>` against the topology; resolves to its exit code and output. */
  const release = async (...args: string[]) =>
    run(process.execPath, ['platform/src/release/cli.ts', ...args], { cwd: ROOT_DIR, env: { ...process.env, ...releaseEnv } }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );

  for (const versions of [options.build.live, ...(options.publishAlso ?? [])]) {
    for (const [app, version] of Object.entries(versions)) {
      log(`publish ${app}@${version}`);
      await publish(app, version);
    }
  }
  // One promotion at a time (each checks its API module in a process of its own, under a time-out that many at once on
  // a busy machine miss), all in one run of the release CLI: a process start per app cost seconds each.
  const pairs = Object.entries(options.build.live);
  log(`promote ${pairs.map(([app, version]) => `${app}@${version}`).join(', ')}`);
  const promoted = await release('promote', ...pairs.flat());
  if (promoted.code !== 0) throw new Error(`promote failed:\n${promoted.output}`);

  // docs/console.md "API keys": the operator's owner key, as `npm run console:api-key` makes one (the promotions migrated the platform's tables).
  const apiKey = await withDatabase(
    postgres.url,
    async (db) => (await createApiKey(db, { name: 'topology operator', role: 'owner', createdBy: 'topology' })).key,
  );

  const instanceEnv = createInstanceEnv({
    url,
    varnishPort: ports.varnish,
    postgresUrl: postgres.url,
    redisPort: ports.redis,
    originUrl: origin.url,
    originCredentials: toCredentials(reader),
    env: options.env,
  });
  const spawnInstance = createInstanceSpawner({ dir, env: instanceEnv, record });

  // The instances start side by side: each pulls and loads every live version, seconds of work on a busy machine.
  log(`instances on ${ports.instances.join(', ')}`);
  const instances = await Promise.all(ports.instances.map((port, index) => spawnInstance(`instance-${index + 1}`, port)));

  log(`Varnish on ${ports.varnish}`);
  const backends = ports.instances.map((port) => ({ host: '127.0.0.1', port }));
  const varnishDir = path.join(dir, 'varnish');
  let varnish: RunningVarnish = await startVarnish({
    listenPort: ports.varnish,
    adminPort: ports.varnishAdmin,
    backends,
    workDir: varnishDir,
    stdio: 'ignore',
  });
  await record(varnish.pid);
  await waitUntil(async () => (await fetch(`${url}/`, { signal: AbortSignal.timeout(10_000) })).ok, 60_000, `the site through Varnish on ${url}`);

  const state = (): TopologyState => ({
    url,
    dir,
    pids: { postgres: postgres.pid, redis: redisPid, origin: origin.pid, varnish: varnish.pid, instances: instances.map((instance) => instance.pid) },
  });
  const saveState = () => writeFile(toStateFile(dir), JSON.stringify(state(), null, 2));
  await saveState();
  /** Restarts under way: `stop` waits for them, so a part started again while the topology stops is stopped too. */
  const restarts = new Set<Promise<unknown>>();
  const track = <T>(restart: Promise<T>): Promise<T> => {
    restarts.add(restart);
    void restart.catch(() => undefined).finally(() => restarts.delete(restart));
    return restart;
  };

  return {
    url,
    dir,
    ports,
    /** An owner's API key for the operator API (`Authorization: Bearer …`). */
    apiKey,
    postgresUrl: postgres.url,
    origin,
    instances,
    releaseEnv,
    release,
    publish,
    spawnInstance,
    state,
    saveState,
    /** Kills instance `index` (SIGKILL, as a crash does) and starts it again on its port and folder. */
    restartInstance: (index: number, signal: NodeJS.Signals = 'SIGKILL') =>
      track(
        (async () => {
          const instance = instances[index]!;
          await stopPid(instance.pid, signal);
          instances[index] = await spawnInstance(instance.name, instance.port);
          await saveState();
        })(),
      ),
    /** Stops Redis (SIGTERM, its connections cut) and starts it again, empty. */
    restartRedis: (downMs = 0) =>
      track(
        (async () => {
          await stopPid(redisPid);
          await new Promise((resolve) => setTimeout(resolve, downMs));
          redisPid = await startRedis(dir, ports.redis);
          await saveState();
        })(),
      ),
    /** Stops Varnish and starts it again (its cache is lost). */
    restartVarnish: () =>
      track(
        (async () => {
          await varnish.stop();
          varnish = await startVarnish({ listenPort: ports.varnish, adminPort: ports.varnishAdmin, backends, workDir: varnishDir, stdio: 'ignore' });
          await saveState();
        })(),
      ),
    /** Stops everything it started, instances first, once the restarts under way are done. */
    async stop() {
      await Promise.allSettled([...restarts]);
      await stopTopology(state());
    },
  };
}

/** A running topology. */
export type Topology = Awaited<ReturnType<typeof startParts>>;

/** Stops what a topology started, by pid: instances, Varnish, the origin, Redis, then PostgreSQL (a fast shutdown). */
export async function stopTopology(state: TopologyState): Promise<void> {
  await Promise.all(state.pids.instances.map((pid) => stopPid(pid)));
  await stopPid(state.pids.varnish);
  await stopPid(state.pids.origin);
  await stopPid(state.pids.redis);
  await stopPid(state.pids.postgres, 'SIGINT');
}
