import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { registryStateSchema, type RegistryEvent, type RegistryState } from '@reelkeep/shared-contracts/schemas';

/** Where the registry lives: a JSON file by default, Redis when shared by several instances. */
export interface RegistryStore {
  read(): Promise<RegistryState>;
  /** Applies a change atomically and returns the new state. */
  update(change: (state: RegistryState) => RegistryState): Promise<RegistryState>;
  close(): Promise<void>;
}

const EMPTY_STATE: RegistryState = { apps: {}, history: [] };

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

const REDIS_KEY = 'reelkeep:registry';

/** A registry kept in Redis, updated with optimistic locking (WATCH/MULTI). */
export function createRedisRegistryStore(url: string): RegistryStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const read = async (): Promise<RegistryState> => {
    const raw = await redis.get(REDIS_KEY);
    return raw ? registryStateSchema.parse(JSON.parse(raw)) : structuredClone(EMPTY_STATE);
  };
  // WATCH belongs to the connection: updates of this instance go one at a time, other instances are
  // caught by the optimistic lock.
  const serialise = createSerialQueue();
  const updateOnce = async (change: (state: RegistryState) => RegistryState): Promise<RegistryState> => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await redis.watch(REDIS_KEY);
      const state = change(await read());
      const result = await redis.multi().set(REDIS_KEY, JSON.stringify(state)).exec();
      if (result) return state;
    }
    throw new Error('registry update kept conflicting; try again');
  };
  return {
    read,
    update: (change) => serialise(() => updateOnce(change)),
    close: async () => {
      redis.disconnect();
    },
  };
}

/** Picks the store the configuration asks for. */
export function createRegistryStore(options: { releasesDir: string; redisUrl?: string }): RegistryStore {
  return options.redisUrl ? createRedisRegistryStore(options.redisUrl) : createFileRegistryStore(path.join(options.releasesDir, 'registry.json'));
}

/** Makes `version` live for `app`, remembering what was live before. */
export function applyPromotion(state: RegistryState, app: string, version: string, by: string, at = new Date()): RegistryState {
  const current = state.apps[app];
  const event: RegistryEvent = { app, action: 'promote', from: current?.live ?? null, to: version, at: at.toISOString(), by };
  const previous = current && current.live !== version ? [...current.previous, current.live] : (current?.previous ?? []);
  return { apps: { ...state.apps, [app]: { live: version, previous } }, history: [...state.history, event] };
}

/** Makes the version live before the current one live again; throws when there is none. */
export function applyRollback(state: RegistryState, app: string, by: string, at = new Date()): RegistryState {
  const current = state.apps[app];
  const target = current?.previous.at(-1);
  if (!current || !target) throw new Error(`${app} has no earlier version to roll back to`);
  const event: RegistryEvent = { app, action: 'rollback', from: current.live, to: target, at: at.toISOString(), by };
  return {
    apps: { ...state.apps, [app]: { live: target, previous: current.previous.slice(0, -1) } },
    history: [...state.history, event],
  };
}
