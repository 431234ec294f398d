import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { API_MODULE_FILE, createSquadApiHost, RELEASE_MIGRATIONS_DIR, RETRY_UNAVAILABLE_DATABASE_MS } from './squad-api-host.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { HostServices } from './squad-api-host.ts';
import { createLogger } from './logger.ts';

const run = promisify(execFile);

/** A release folder with a real API module on disk (no routes) and no migrations. */
async function writeRelease(root: string, version: string): Promise<string> {
  const dir = path.join(root, 'mf-blog', version);
  await mkdir(path.join(dir, 'api'), { recursive: true });
  await mkdir(path.join(dir, RELEASE_MIGRATIONS_DIR), { recursive: true });
  await writeFile(
    path.join(dir, API_MODULE_FILE),
    `module.exports = { squad: 'blog', contractVersion: ${JSON.stringify(CONTRACT_VERSION)}, routes: [],
      settings: { safeParse: () => ({ success: true, data: {} }) }, loadedAt: Math.random() };`,
  );
  return dir;
}

/**
 * Runs in a child Node with `--expose-gc`: Jest's own module registry stands in for Node's inside a test,
 * so only a plain Node process shows what the host really lets go of. Prints what it saw as JSON.
 */
const CHILD_SCRIPT = `
import { createSquadApiHost } from ${JSON.stringify(path.join(import.meta.dirname, 'squad-api-host.ts'))};
import { loadConfig } from ${JSON.stringify(path.join(import.meta.dirname, 'config.ts'))};
import { createLogger } from ${JSON.stringify(path.join(import.meta.dirname, 'logger.ts'))};
const [oldDir, liveDir, stateRoot] = process.argv.slice(-3);
const db = { transaction: async (work) => work(async () => []), query: async () => [] };
const host = createSquadApiHost({ config: loadConfig({}), env: {}, db, services: {}, logger: createLogger('error'), stateRoot, startTimeoutMs: 5000 });
const refs = async () => {
  const old = await host.prepare('blog', '0.1.0-old', oldDir);
  const live = await host.prepare('blog', '0.1.0-live', liveDir);
  return { old: new WeakRef(old.api.routes), live: new WeakRef(live.api.routes), states: [old.api.state, live.api.state] };
};
const { old, live, states } = await refs();
const collect = async () => { for (let i = 0; i < 5; i += 1) { await new Promise((r) => setTimeout(r, 10)); globalThis.gc(); } };
await collect();
const beforeForget = { old: old.deref() !== undefined, live: live.deref() !== undefined };
host.forget((_squad, version) => version === '0.1.0-live');
await collect();
const afterForget = { old: old.deref() !== undefined, live: live.deref() !== undefined };
const again = await host.prepare('blog', '0.1.0-old', oldDir);
console.log(JSON.stringify({ states, beforeForget, afterForget, againState: again.api.state, fresh: again.api.routes !== old.deref() }));
`;

describe('squad API host', () => {
  it.each([
    ['in the releases folder', false],
    ['behind a link to the releases folder (Node’s module cache names the real path)', true],
  ])('lets go of a forgotten version’s module (collected after GC) and keeps the versions still kept: %s', async (_how, linked) => {
    const realRoot = await mkdtemp(path.join(tmpdir(), 'api-host-'));
    await writeRelease(realRoot, '0.1.0-old');
    await writeRelease(realRoot, '0.1.0-live');
    const root = linked ? `${realRoot}-link` : realRoot;
    if (linked) await symlink(realRoot, root);
    const oldDir = path.join(root, 'mf-blog', '0.1.0-old');
    const liveDir = path.join(root, 'mf-blog', '0.1.0-live');
    const { stdout } = await run(process.execPath, [
      '--expose-gc',
      '--input-type=module',
      '-e',
      CHILD_SCRIPT,
      oldDir,
      liveDir,
      path.join(realRoot, 'state'),
    ]);
    expect(JSON.parse(stdout)).toEqual({
      states: ['ready', 'ready'],
      beforeForget: { old: true, live: true },
      afterForget: { old: false, live: true },
      againState: 'ready',
      fresh: true,
    });
  });

  it('prepares a version again within seconds when it failed only because the database was away', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'api-host-'));
    const dir = await writeRelease(root, '0.1.0-db');
    await writeFile(path.join(dir, RELEASE_MIGRATIONS_DIR, '0001_notes.sql'), 'CREATE TABLE IF NOT EXISTS blog_notes (id int);\n');
    let databaseUp = false;
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const db = {
      transaction: async (work: (query: Database['query']) => Promise<unknown>) => {
        if (!databaseUp) throw refused();
        return work(async () => []);
      },
      query: async () => {
        if (!databaseUp) throw refused();
        return [];
      },
    } as unknown as Database;
    const host = createSquadApiHost({
      config: loadConfig({}),
      env: {},
      db,
      services: {} as HostServices,
      logger: createLogger('error', () => undefined),
      stateRoot: path.join(root, 'state'),
      startTimeoutMs: 5000,
    });
    expect((await host.prepare('blog', '0.1.0-db', dir)).api.state).toBe('failed');
    databaseUp = true;
    expect((await host.prepare('blog', '0.1.0-db', dir)).api.state).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, RETRY_UNAVAILABLE_DATABASE_MS + 100));
    expect((await host.prepare('blog', '0.1.0-db', dir)).api.state).toBe('ready');
  });
});
