import { createHmac } from 'node:crypto';
import { realpathSync } from 'node:fs';
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

/** The name Node's module cache gives a file: its real path (a releases folder may be reached through a link). */
function toCachedPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Lets Node's module system go of a module this file required: its cache entry and its place among the
 * requiring module's children (either would keep the module, and all it holds, alive for the life of the
 * process; docs/operations.md "Memory").
 */
export function releaseRequiredModule(file: string): void {
  const cachedAs = toCachedPath(file);
  const cached = require.cache[cachedAs];
  if (!cached) return;
  delete require.cache[cachedAs];
  for (const parent of [cached.parent, ...Object.values(require.cache)]) {
    const index = parent?.children.indexOf(cached) ?? -1;
    if (index >= 0) parent!.children.splice(index, 1);
  }
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
 * (its routes answer 503) and tried again later.
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
  const prepared = new Map<string, { promise: Promise<PreparedApi>; moduleFile: string; retryAt?: number }>();
  const keyFor = options.config.CAPTCHA_HMAC_KEY ?? `${process.pid}-${Date.now()}`;

  async function load(squad: SquadName, version: string, releaseDir: string): Promise<PreparedApi> {
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

  return {
    /** The version's API, prepared once (a failure is kept as a 503 state and retried after a while). */
    prepare(squad: SquadName, version: string, releaseDir: string): Promise<PreparedApi> {
      const key = `${squad}@${version}`;
      const entry = prepared.get(key);
      if (entry && (entry.retryAt === undefined || Date.now() < entry.retryAt)) return entry.promise;
      let retryAt: number | undefined;
      const promise = load(squad, version, releaseDir).catch((error: unknown): PreparedApi => {
        retryAt = Date.now() + (isDatabaseUnavailable(error) ? RETRY_UNAVAILABLE_DATABASE_MS : RETRY_FAILED_MS);
        const message = error instanceof Error ? error.message : String(error);
        options.logger.error('squad API unavailable', { squad, version, error: message });
        return { api: { state: 'failed', squad, version, error: message }, browserOrigins: {} };
      });
      prepared.set(key, {
        promise,
        // Named while the file is surely there: a release removed later is still found in the module cache.
        moduleFile: toCachedPath(path.join(releaseDir, API_MODULE_FILE)),
        get retryAt() {
          return retryAt;
        },
      });
      return promise;
    },
    /** Forgets versions no snapshot may use any more, so a later load starts fresh. */
    forget(keep: (squad: SquadName, version: string) => boolean): void {
      for (const [key, entry] of prepared) {
        const [squad, version] = key.split('@') as [SquadName, string];
        if (keep(squad, version)) continue;
        prepared.delete(key);
        releaseRequiredModule(entry.moduleFile);
      }
    },
  };
}

/** The API host. */
export type SquadApiHost = ReturnType<typeof createSquadApiHost>;
