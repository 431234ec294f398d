import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../platform/src/db/database.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../platform/src/db/migrations.ts';
import { createLogger } from '../platform/src/logger.ts';
import { installTestApiKey } from '../platform/src/testing/api-keys.ts';
import { runReleaseIn } from './fixtures.ts';
import { E2E_DIR, E2E_ENV, E2E_OWNER_KEY, E2E_PORT, E2E_RELEASES_DIR } from './test-site.ts';

/**
 * Several instances of the site sharing PostgreSQL and Redis, as a deployment runs them: for the journeys
 * that switch releases under load or take Redis away. Each cluster has its own database (created afresh on
 * the server TEST_DATABASE_URL names), its own Redis server (`redis-server` on a port of its own, so a
 * journey may stop it) and its own registry, promoted through the real release CLI.
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '..');

/** PostgreSQL for the cluster journeys; in CI a missing one is an error, never a skip. */
export const CLUSTER_DATABASE_URL = process.env.TEST_DATABASE_URL;
if (!CLUSTER_DATABASE_URL && process.env.CI === 'true') throw new Error('TEST_DATABASE_URL must be set in CI (.ci/run starts PostgreSQL)');

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out waiting');
}

/**
 * How long a hook may take to start or stop a cluster: two instances build their state and load every release,
 * which on a busy two-core machine takes longer than a hook's default 30 s. Hooks call `test.setTimeout` with it.
 */
export const CLUSTER_HOOK_TIMEOUT_MS = 180_000;

/** Starts a cluster: `offset` keeps the ports of different journeys apart. */
export async function startCluster(options: {
  name: string;
  offset: number;
  instances: number;
  live: Record<string, string>;
  env?: Record<string, string>;
  /** Settings of one instance only (e.g. `WEB_CONCURRENCY` for the second). */
  instanceEnv?: (index: number) => Record<string, string>;
  /** The PostgreSQL server to create the cluster's database on, when not TEST_DATABASE_URL's (a journey's own). */
  serverUrl?: string;
  /** The public URL every instance serves (an edge in front of them); by default each instance's own. */
  siteUrl?: string;
}) {
  const redisPort = E2E_PORT + options.offset;
  const ports = Array.from({ length: options.instances }, (_, i) => E2E_PORT + options.offset + 1 + i);
  const serverUrl = options.serverUrl ?? CLUSTER_DATABASE_URL;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${options.name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${options.name}`);
  await admin.end();
  const databaseUrl = new URL(serverUrl!);
  databaseUrl.pathname = `/${options.name}`;
  // The journeys' operator works on every cluster with the owner's API key, as on the test site.
  const keyDb = await openDatabase({ databaseUrl: databaseUrl.href, pgliteDir: '', logger: createLogger('error') });
  await applyMigrations(keyDb, 'platform', PLATFORM_MIGRATIONS_DIR);
  await installTestApiKey(keyDb, E2E_OWNER_KEY);
  await keyDb.close();

  let redisServer: ChildProcess | undefined;
  const startRedis = async () => {
    redisServer = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    // A Redis left on the port by an interrupted run would answer the probe while ours exits: refuse to share it.
    const server = redisServer;
    let started = false;
    const failed = new Promise<never>((_, reject) =>
      server.once('exit', (code) => {
        if (!started) reject(new Error(`redis-server could not start on port ${redisPort} (exit code ${code}): is the port taken?`));
      }),
    );
    await Promise.race([
      failed,
      waitFor(async () => {
        const probe = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        probe.on('error', () => undefined);
        try {
          return (await probe.ping().catch(() => null)) === 'PONG';
        } finally {
          probe.disconnect();
        }
      }),
    ]);
    // A port shared with a stale server answers at once, before the new one has failed: give it the time to fail.
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (server.exitCode !== null) throw new Error(`redis-server could not start on port ${redisPort}: is the port taken?`);
    started = true;
  };
  const stopRedis = async () => {
    if (!redisServer) return;
    const server = redisServer;
    const exited = new Promise((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve(null) : server.once('exit', resolve)));
    server.kill('SIGKILL');
    await exited;
    redisServer = undefined;
  };
  await startRedis();

  const env: Record<string, string> = {
    ...E2E_ENV,
    DATABASE_URL: databaseUrl.href,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    RELEASES_DIR: E2E_RELEASES_DIR,
    REGISTRY_POLL_MS: '200',
    LOG_LEVEL: 'warn',
    PGLITE_DIR: path.join(E2E_DIR, `pglite-${options.name}`, 'unused'),
    ...options.env,
  };
  // The cluster's registry lives in its PostgreSQL (+ Redis): the live versions are promoted there first.
  await runReleaseIn(env, 'promote', ...Object.entries(options.live).flat());
  // Each instance's log goes to a file beside the test site's state, where a failed run can be read.
  const logDir = path.join(E2E_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });
  const instances = ports.map((port, index) => {
    const log = openSync(path.join(logDir, `${options.name}-${port}.log`), 'w');
    return spawn(process.execPath, ['shell/server/main.ts'], {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env, ...options.instanceEnv?.(index), PORT: String(port), SITE_URL: options.siteUrl ?? `http://127.0.0.1:${port}` },
      stdio: ['ignore', log, log],
    });
  });
  // Starting loads every release and applies migrations: on a busy shared two-core machine that outlasts 30 s.
  try {
    for (const port of ports) await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/favicon.ico`)).ok, 120_000);
  } catch (error) {
    // A cluster that never came up is stopped here: no afterAll hook holds it, and the next run needs its ports.
    for (const instance of instances) instance.kill('SIGKILL');
    await stopRedis();
    throw error;
  }

  return {
    env,
    redisPort,
    /** The base URL of each instance. */
    sites: ports.map((port) => `http://127.0.0.1:${port}`),
    /** The process of each instance (the supervising one, with `WEB_CONCURRENCY` above 1). */
    processes: instances,
    /** The cluster's database, as its instances reach it. */
    databaseUrl: databaseUrl.href,
    startRedis,
    stopRedis,
    /** Runs a release command against the cluster's registry and database, as an operator would. */
    release: (...args: string[]) => runReleaseIn(env, ...args),
    async stop(): Promise<void> {
      const exited = (instance: ChildProcess) => instance.exitCode !== null || instance.signalCode !== null;
      for (const instance of instances) instance.kill('SIGTERM');
      // An instance that does not stop within its own shutdown deadline is killed, so one stuck process cannot hang the run.
      const kill = setTimeout(() => instances.filter((instance) => !exited(instance)).forEach((instance) => instance.kill('SIGKILL')), 20_000);
      await Promise.all(instances.map((instance) => new Promise((resolve) => (exited(instance) ? resolve(null) : instance.once('exit', resolve)))));
      clearTimeout(kill);
      await stopRedis();
    },
  };
}

/** A running cluster. */
export type Cluster = Awaited<ReturnType<typeof startCluster>>;
