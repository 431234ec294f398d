import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CONTRACT_VERSION, type SquadName } from '@reelkeep/shared-contracts';
import { parseSquadSettings, toSiteConfig, type Config } from './config.ts';
import { isDatabaseUnavailable, type Database } from './db/database.ts';
import { applyMigrations } from './db/migrations.ts';
import type { MountedApi } from './gateway.ts';
import type { BrowserOrigins, HostContext } from './host-context.ts';
import type { Logger } from './logger.ts';
import { acceptApiModule } from './squad-api-contract.ts';

const require = createRequire(import.meta.url);

/** Where a release keeps its API module and its migrations. */
export const API_MODULE_FILE = path.join('api', 'api.cjs');
export const RELEASE_MIGRATIONS_DIR = 'migrations';
/** How long a failed version waits before the host tries it again (a setting fixed, a start that failed). */
const RETRY_FAILED_MS = 30_000;
/**
 * docs/operations.md "When PostgreSQL is down": a version that failed only because the database could not be
 * reached is tried again sooner, so its routes serve within seconds of PostgreSQL coming back.
 */
export const RETRY_UNAVAILABLE_DATABASE_MS = 2_000;

/** One version's preparation, and how to stop what its `start` began. */
interface PreparedEntry {
  promise: Promise<PreparedApi>;
  retryAt?: number;
  /** Set once the version's `start` has been called (even if it then failed), cleared once it ran. */
  stopper: { stop?: () => unknown };
}

/** The host's services every squad context is built from. */
export type HostServices = Omit<HostContext, 'squad' | 'contractVersion' | 'settings' | 'site' | 'keyedHash' | 'stateDir' | 'releaseDir'>;

/** One prepared version of a squad's API, with what the CSP needs while it is live. */
export interface PreparedApi {
  api: MountedApi;
  browserOrigins: BrowserOrigins;
}

/**
 * Prepares squads' API modules from their releases (docs/releases.md): applies the release's pending
 * migrations (one lock across instances), loads `api/api.cjs`, checks its contract, parses the squad's own
 * settings from the environment, builds its context and runs its `start`, within a time budget. Each
 * version is prepared once and kept while it may be used; a version that fails any step is kept as failed
 * (its routes answer 503) and tried again later. A version let go of (forgotten, or every version when the
 * host stops) has its `stop` run with the context its `start` got; its code stays loaded until the process
 * exits (docs/adr/0016-process-rollover.md).
 */
export function createSquadApiHost(options: {
  config: Config;
  env: Record<string, string | undefined>;
  db: Database;
  services: HostServices;
  logger: Logger;
  /** The folder squads keep their state in (`<stateRoot>/<squad>`). */
  stateRoot: string;
  /** Budget of a version's migrations and `start`. */
  startTimeoutMs: number;
}) {
  const prepared = new Map<string, PreparedEntry>();
  const keyFor = options.config.CAPTCHA_HMAC_KEY ?? `${process.pid}-${Date.now()}`;

  /** `stopper` gets the version's stop once its `start` has been called (even if `start` then fails). */
  async function load(squad: SquadName, version: string, releaseDir: string, stopper: PreparedEntry['stopper']): Promise<PreparedApi> {
    const started = performance.now();
    const work = (async (): Promise<PreparedApi> => {
      await applyMigrations(options.db, squad, path.join(releaseDir, RELEASE_MIGRATIONS_DIR));
      const module = acceptApiModule(squad, require(path.join(releaseDir, API_MODULE_FILE)));
      const settings = parseSquadSettings(squad, module.settings, options.env);
      const stateDir = path.join(options.stateRoot, squad);
      await mkdir(stateDir, { recursive: true });
      const context: HostContext = {
        ...options.services,
        squad,
        contractVersion: CONTRACT_VERSION,
        settings,
        site: toSiteConfig(options.config),
        keyedHash: (value) => createHmac('sha256', keyFor).update(`${squad}:${value}`).digest('base64url'),
        stateDir,
        releaseDir,
      };
      stopper.stop = () => module.stop?.(context);
      await module.start?.(context);
      return { api: { state: 'ready', squad, version, routes: module.routes, context }, browserOrigins: module.browserOrigins?.(settings) ?? {} };
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not ready within ${options.startTimeoutMs} ms`)), options.startTimeoutMs);
    });
    try {
      const result = await Promise.race([work, budget]);
      options.logger.info('squad API ready', { squad, version, ms: Math.round(performance.now() - started) });
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a version's stop within the start budget; a stop that throws or hangs is logged, never thrown. */
  async function stopEntry(key: string, entry: PreparedEntry): Promise<void> {
    const { stop } = entry.stopper;
    if (!stop) return;
    entry.stopper.stop = undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.startTimeoutMs)));
    try {
      const outcome = await Promise.race([Promise.resolve().then(stop), budget]);
      if (outcome === 'late') options.logger.warn('squad API did not stop within its budget', { version: key, ms: options.startTimeoutMs });
    } catch (error) {
      options.logger.error('squad API stop failed', { version: key, error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** The version's API, prepared once (a failure is kept as a 503 state and retried after a while). */
    prepare(squad: SquadName, version: string, releaseDir: string): Promise<PreparedApi> {
      const key = `${squad}@${version}`;
      const known = prepared.get(key);
      if (known && (known.retryAt === undefined || Date.now() < known.retryAt)) return known.promise;
      // A failed version tried again: what its last start left running is stopped first.
      if (known) void stopEntry(key, known);
      const stopper: PreparedEntry['stopper'] = {};
      const promise = load(squad, version, releaseDir, stopper).catch((error: unknown): PreparedApi => {
        entry.retryAt = Date.now() + (isDatabaseUnavailable(error) ? RETRY_UNAVAILABLE_DATABASE_MS : RETRY_FAILED_MS);
        const message = error instanceof Error ? error.message : String(error);
        options.logger.error('squad API unavailable', { squad, version, error: message });
        return { api: { state: 'failed', squad, version, error: message }, browserOrigins: {} };
      });
      const entry: PreparedEntry = { promise, stopper };
      prepared.set(key, entry);
      return promise;
    },
    /** Stops and forgets versions no snapshot may use any more (a later prepare starts them again). */
    forget(keep: (squad: SquadName, version: string) => boolean): void {
      for (const [key, entry] of prepared) {
        const [squad, version] = key.split('@') as [SquadName, string];
        if (keep(squad, version)) continue;
        prepared.delete(key);
        void entry.promise.then(() => stopEntry(key, entry));
      }
    },
    /** Stops every prepared version (the host is shutting down): their timers and pools end before the database closes. */
    async stop(): Promise<void> {
      const entries = [...prepared];
      prepared.clear();
      await Promise.all(entries.map(([key, entry]) => entry.promise.then(() => stopEntry(key, entry))));
    },
  };
}

/** The API host. */
export type SquadApiHost = ReturnType<typeof createSquadApiHost>;
