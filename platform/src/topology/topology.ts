import { execFile, spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startVarnish, type RunningVarnish } from '../edge/start-varnish.ts';
import { publishRelease } from '../release/artifact-origin.ts';
import { createApiKey } from '../api-keys.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createOriginAccount, startArtifactOrigin, toCredentials, type ArtifactOriginServer } from './start-artifact-origin.ts';

/**
 * The production topology on one machine (docs/operations.md "The topology"): PostgreSQL, Redis, the artifact
 * origin (nginx), instances each with its own empty releases folder, and Varnish in front on one port. Every
 * part is a real server started by pid; the handle can stop, kill and restart each one (the soak does).
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

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

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends `signal` to `pid` (if it runs) and waits until it is gone. */
export async function stopPid(pid: number, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<void> {
  if (!pid || !isRunning(pid)) return;
  process.kill(pid, signal);
  await waitUntil(async () => !isRunning(pid), timeoutMs, `process ${pid} to stop`).catch(() => process.kill(pid, 'SIGKILL'));
  await waitUntil(async () => !isRunning(pid), 5_000, `process ${pid} to be killed`);
}

function findPostgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL under ${POSTGRES_ROOT} (apt-get install postgresql)`);
  return path.join(POSTGRES_ROOT, versions.at(-1)!, 'bin');
}

/** PostgreSQL in its own data folder and port; its programs run as `postgres` (it refuses root). */
/** Runs `work` on a connection of its own to the topology's PostgreSQL. */
async function withDatabase<T>(url: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function startPostgres(dir: string, port: number) {
  const bin = findPostgresBin();
  const dataDir = path.join(dir, 'postgres');
  const asPostgres = (program: string, args: string[]) =>
    userInfo().username === 'postgres'
      ? run(path.join(bin, program), args)
      : run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]);
  await mkdir(dataDir, { recursive: true });
  if (userInfo().username !== 'postgres') {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    await chown(dataDir, uid, uid);
  }
  await asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = async () => {
    await asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-o', options, '-w', 'start']);
    return Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  };
  const pid = await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE reelkeep');
  await admin.end();
  return { pid, url: `postgres://postgres@127.0.0.1:${port}/reelkeep` };
}

/** Redis on its own port, no persistence (the registry's durable copy is PostgreSQL's). */
async function startRedis(dir: string, port: number): Promise<number> {
  const pidFile = path.join(dir, 'redis.pid');
  await rm(pidFile, { force: true });
  await run('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile,
    '--logfile',
    path.join(dir, 'redis.log'),
  ]);
  // The pid file exists a moment before its number is written in it.
  let pid = 0;
  await waitUntil(
    async () => {
      pid = Number((await readFile(pidFile, 'utf8')).trim());
      return Number.isInteger(pid) && pid > 0;
    },
    10_000,
    `Redis on ${port}`,
  );
  return pid;
}

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

  // One web-push key pair for every instance (docs/push.md): a subscription made on one is sent by another.
  const vapid = createECDH('prime256v1');
  vapid.generateKeys();
  /** Settings of every instance: shared database, Redis, origin, secrets; Varnish is the trusted proxy. */
  const instanceEnv: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SITE_URL: url,
    DATABASE_URL: postgres.url,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    ARTIFACT_ORIGIN: origin.url,
    ARTIFACT_ORIGIN_CREDENTIALS: toCredentials(reader),
    ARTIFACT_RETRY_MS: '2000',
    ASSET_ORIGIN: origin.url,
    TRUSTED_PROXIES: '127.0.0.1/32',
    EDGE_PURGE_URLS: `http://127.0.0.1:${ports.varnish}/`,
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), vapid.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
    REGISTRY_POLL_MS: '500',
    LOG_LEVEL: 'info',
    ...options.env,
  };

  /** Starts one instance on `port` with its own releases folder (empty at first); it outlives this process. */
  const spawnInstance = async (name: string, port: number, env: Record<string, string> = {}) => {
    const instanceDir = path.join(dir, name);
    await mkdir(path.join(instanceDir, 'releases'), { recursive: true });
    const logFile = path.join(dir, 'logs', `${name}.log`);
    const site = `http://127.0.0.1:${port}`;
    // The port may be held for a moment by a client socket (the loopback's ephemeral range covers it): an instance
    // that exits before it serves is started again, a few times.
    for (let attempt = 1; ; attempt += 1) {
      const output = openSync(logFile, 'a');
      const child = spawn(process.execPath, ['shell/server/main.ts'], {
        cwd: ROOT_DIR,
        env: {
          ...process.env,
          ...instanceEnv,
          PORT: String(port),
          RELEASES_DIR: path.join(instanceDir, 'releases'),
          PGLITE_DIR: path.join(instanceDir, 'pglite-unused'),
          ...env,
        },
        detached: true,
        stdio: ['ignore', output, output],
      });
      child.unref();
      await record(child.pid!);
      let exited = false;
      child.once('exit', () => (exited = true));
      await waitUntil(
        async () => exited || (await fetch(`${site}/robots.txt`, { signal: AbortSignal.timeout(5_000) })).ok,
        180_000,
        `${name} on ${site} (log: ${logFile})`,
      );
      if (!exited) return { name, port, url: site, pid: child.pid!, releasesDir: path.join(instanceDir, 'releases'), logFile };
      if (attempt === 3) throw new Error(`${name} exited before it served on ${site} (log: ${logFile})`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  };

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
