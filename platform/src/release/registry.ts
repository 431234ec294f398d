import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { registryStateSchema, type RegistryEvent, type RegistryState } from '@reelkeep/shared-contracts/schemas';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createFallbackWarning } from '../redis.ts';

/** Where the registry lives: a JSON file or PostgreSQL (durable), optionally with Redis in front. */
export interface RegistryStore {
  read(): Promise<RegistryState>;
  /** Applies a change atomically and returns the new state. */
  update(change: (state: RegistryState) => RegistryState): Promise<RegistryState>;
  close(): Promise<void>;
}

const EMPTY_STATE: RegistryState = { revision: 0, apps: {}, history: [] };

/** Runs async work one piece at a time, in call order; a failure does not block later work. */
function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work);
    tail = next.catch(() => undefined);
    return next;
  };
}

const LOCK_WAIT_MS = 5_000;
const LOCK_RETRY_MS = 25;
const STALE_LOCK_MS = 30_000;

/** Holds `<file>.lock` while `work` runs, so two release commands in different processes cannot interleave. */
async function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - ((await stat(lock).catch(() => null))?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) await rm(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`registry is locked by another release command (${lock})`);
      else await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

/** A registry kept in one JSON file, replaced atomically on every switch (and locked while it changes). */
export function createFileRegistryStore(file: string): RegistryStore {
  const serialise = createSerialQueue();
  const read = async (): Promise<RegistryState> => {
    try {
      return registryStateSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(EMPTY_STATE);
      throw error;
    }
  };
  return {
    read,
    update: (change) =>
      serialise(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        return withFileLock(file, async () => {
          const state = change(await read());
          const temporary = `${file}.${process.pid}.tmp`;
          await writeFile(temporary, JSON.stringify(state, null, 2));
          await rename(temporary, file);
          return state;
        });
      }),
    close: async () => undefined,
  };
}

/** Key of the transaction-scoped advisory lock that serialises registry switches on PostgreSQL. */
const REGISTRY_LOCK_KEY = 7_311_842_021;

/**
 * The registry's durable copy in PostgreSQL (`platform.release_registry`, one row), for deployments where
 * several instances share a database. Each switch runs in one transaction under an advisory lock, so two
 * release commands never lose each other's change.
 */
export function createDatabaseRegistryStore(db: Database): RegistryStore {
  const parse = (row: { state: unknown } | undefined): RegistryState =>
    row ? registryStateSchema.parse(typeof row.state === 'string' ? JSON.parse(row.state) : row.state) : structuredClone(EMPTY_STATE);
  return {
    read: async () => parse((await db.query<{ state: unknown }>('SELECT state FROM platform.release_registry WHERE id = 1'))[0]),
    update: (change) =>
      db.transaction(async (query) => {
        await query('SELECT pg_advisory_xact_lock($1)', [REGISTRY_LOCK_KEY]);
        const state = change(parse((await query<{ state: unknown }>('SELECT state FROM platform.release_registry WHERE id = 1'))[0]));
        await query(
          `INSERT INTO platform.release_registry (id, revision, state, updated_at) VALUES (1, $1, $2, now())
           ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision, state = EXCLUDED.state, updated_at = now()`,
          [state.revision, JSON.stringify(state)],
        );
        return state;
      }),
    close: async () => undefined,
  };
}

const REDIS_KEY = 'reelkeep:registry';

/** Tells whether a registry names no app at all (a fresh install, or a store that lost its data). */
export function isEmptyRegistry(state: RegistryState): boolean {
  return Object.keys(state.apps).length === 0;
}

/**
 * The durable store with a copy in Redis (docs/operations.md "Releases"). The durable copy is the authority:
 * every read takes its state from there, never from Redis, so a copy written into Redis by anyone else (a
 * higher revision, other versions, the same revision with other content) is never served. The copy is kept
 * equal to the durable state for the tools and people who look at Redis: one that differs (missing, stale,
 * unreadable or forged) is written over and reported at most once a minute. When Redis does not answer,
 * reads and switches go on with the durable store alone.
 */
export function createCachedRegistryStore(durable: RegistryStore, redis: Redis, logger?: Logger): RegistryStore {
  const warnUnreachable = createFallbackWarning(logger, 'registry read from its durable store: redis unreachable');
  const warnDiffering = createFallbackWarning(logger, 'registry copy in redis differs from the durable store: written over');
  const writeCopy = (text: string) =>
    redis.set(REDIS_KEY, text).then(
      () => undefined,
      (error: unknown) => warnUnreachable(error),
    );
  return {
    async read() {
      let state = await durable.read();
      let text = writeCanonicalJson(state);
      let copy: string | null;
      try {
        copy = await redis.get(REDIS_KEY);
      } catch (error) {
        warnUnreachable(error);
        return state;
      }
      if (copy === text) return state;
      // A copy newer than the state just read is most often a switch another process committed between the two
      // reads: the durable store is read again (the copy itself is never adopted), instead of writing the older
      // state over the newer copy and reporting it as a difference.
      if (copy !== null && (readCopy(copy)?.revision ?? -1) > state.revision) {
        state = await durable.read();
        text = writeCanonicalJson(state);
        if (copy === text) return state;
      }
      if (copy !== null) warnDiffering(new Error(`redis holds ${describeCopy(copy)}, the durable store revision ${state.revision}`));
      // An empty durable store (one that lost its data) leaves the copy for the operator to look at; it is never adopted.
      if (!isEmptyRegistry(state)) await writeCopy(text);
      return state;
    },
    async update(change) {
      const state = await durable.update(change);
      await writeCopy(writeCanonicalJson(state));
      return state;
    },
    close: () => durable.close(),
  };
}

/** JSON with the keys of every object sorted, so equal states give equal text whichever store they came from. */
function writeCanonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** A registry copy in Redis as a state, or null when it is not one (it may be anyone's: never served). */
function readCopy(copy: string): RegistryState | null {
  try {
    const parsed = registryStateSchema.safeParse(JSON.parse(copy));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a registry copy in Redis claims, for the log (never its content: it may be anyone's). */
function describeCopy(copy: string): string {
  const parsed = readCopy(copy);
  if (parsed) return `revision ${parsed.revision}`;
  try {
    JSON.parse(copy);
    return 'an invalid document';
  } catch {
    return 'an unreadable document';
  }
}

/**
 * A registry as one developer's server sees it (`npm run dev`, docs/releases.md "Developing a squad"): the
 * shared live versions, with the apps being built from source made live for this process only. The version
 * it replaces stays on the rollback stack, so pages rendered with it keep working. Switches go to the
 * shared registry as usual.
 */
export function createOverlayRegistryStore(shared: RegistryStore, readOverrides: () => Promise<Record<string, string>>): RegistryStore {
  return {
    async read() {
      const state = await shared.read();
      const apps = { ...state.apps };
      for (const [app, version] of Object.entries(await readOverrides().catch(() => ({})))) {
        const current = apps[app];
        apps[app] = {
          live: version,
          previous: current && current.live !== version ? [...current.previous, current.live] : (current?.previous ?? []),
        };
      }
      return { ...state, apps };
    },
    update: (change) => shared.update(change),
    close: () => shared.close(),
  };
}

/**
 * Picks the stores the configuration asks for: PostgreSQL (a `postgres` database) or `registry.json` as the
 * durable copy, and Redis in front of it when a connection is given.
 */
export function createRegistryStore(options: { releasesDir: string; db?: Database; redis?: Redis; logger?: Logger }): RegistryStore {
  const durable =
    options.db?.kind === 'postgres'
      ? createDatabaseRegistryStore(options.db)
      : createFileRegistryStore(path.join(options.releasesDir, 'registry.json'));
  return options.redis ? createCachedRegistryStore(durable, options.redis, options.logger) : durable;
}

/** Switches of each app the registry keeps in its history (docs/operations.md "Memory"). */
export const HISTORY_PER_APP = 20;
/** Versions of each app a rollback can go back to (docs/operations.md "Memory"). */
export const ROLLBACK_DEPTH = 10;

/**
 * The history with `event` appended, keeping the last `HISTORY_PER_APP` switches of each app: every version
 * the history names stays pinnable, so loaded, and an uncapped history kept every version ever live in memory.
 */
export function appendHistory(history: readonly RegistryEvent[], event: RegistryEvent): RegistryEvent[] {
  const appended = [...history, event];
  const ofApp = appended.filter((entry) => entry.app === event.app).length;
  if (ofApp <= HISTORY_PER_APP) return appended;
  let dropping = ofApp - HISTORY_PER_APP;
  return appended.filter((entry) => entry.app !== event.app || dropping-- <= 0);
}

/** Makes `version` live for `app`, remembering what was live before. */
export function applyPromotion(state: RegistryState, app: string, version: string, by: string, at = new Date()): RegistryState {
  const current = state.apps[app];
  const event: RegistryEvent = { app, action: 'promote', from: current?.live ?? null, to: version, at: at.toISOString(), by };
  const previous = current && current.live !== version ? [...current.previous, current.live].slice(-ROLLBACK_DEPTH) : (current?.previous ?? []);
  // docs/releases.md "Canary": a canary of another version keeps running beside the new live one; promoting the canary ends it.
  const canary = current?.canary && current.canary.version !== version ? { canary: current.canary } : {};
  return {
    revision: state.revision + 1,
    apps: { ...state.apps, [app]: { live: version, previous, ...canary } },
    history: appendHistory(state.history, event),
  };
}

/** Makes the version live before the current one live again; throws when there is none. */
export function applyRollback(state: RegistryState, app: string, by: string, at = new Date()): RegistryState {
  const current = state.apps[app];
  const target = current?.previous.at(-1);
  if (!current || !target) throw new Error(`${app} has no earlier version to roll back to`);
  const event: RegistryEvent = { app, action: 'rollback', from: current.live, to: target, at: at.toISOString(), by };
  return {
    revision: state.revision + 1,
    apps: { ...state.apps, [app]: { ...current, live: target, previous: current.previous.slice(0, -1) } },
    history: appendHistory(state.history, event),
  };
}
