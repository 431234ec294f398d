import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { API_MODULE_FILE, createSquadApiHost, RELEASE_MIGRATIONS_DIR, RETRY_UNAVAILABLE_DATABASE_MS } from './squad-api-host.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { HostServices } from './squad-api-host.ts';
import { createLogger } from './logger.ts';

/** A release folder with a real API module on disk (no routes, `members` added to it) and no migrations. */
async function writeRelease(root: string, version: string, members = ''): Promise<string> {
  const dir = path.join(root, 'mf-blog', version);
  await mkdir(path.join(dir, 'api'), { recursive: true });
  await mkdir(path.join(dir, RELEASE_MIGRATIONS_DIR), { recursive: true });
  await writeFile(
    path.join(dir, API_MODULE_FILE),
    `module.exports = { squad: 'blog', contractVersion: ${JSON.stringify(CONTRACT_VERSION)}, routes: [],
      settings: { safeParse: () => ({ success: true, data: {} }) }, ${members} };`,
  );
  return dir;
}

describe('squad API host', () => {
  it('stops a forgotten version with the context its start got, starts it afresh when prepared again, and stops every version on stop()', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'api-host-'));
    const log = path.join(root, 'lifecycle.log');
    // The module runs in Node's own module system, not Jest's: it reports through a file.
    const lifecycle = `start(context) { context.started = true; require('node:fs').appendFileSync(${JSON.stringify(log)}, 'start ' + context.releaseDir.split('/').pop() + '\\n'); },
      async stop(context) { await new Promise((resolve) => setTimeout(resolve, 20)); require('node:fs').appendFileSync(${JSON.stringify(log)}, 'stop ' + context.releaseDir.split('/').pop() + ' ' + context.started + '\\n'); },`;
    const oldDir = await writeRelease(root, '0.1.0-old', lifecycle);
    const liveDir = await writeRelease(root, '0.1.0-live', lifecycle);
    const host = createSquadApiHost({
      config: loadConfig({}),
      env: {},
      db: {
        transaction: async (work: (query: Database['query']) => Promise<unknown>) => work(async () => []),
        query: async () => [],
      } as unknown as Database,
      services: {} as HostServices,
      logger: createLogger('error', () => undefined),
      stateRoot: path.join(root, 'state'),
      startTimeoutMs: 5000,
    });
    const readLog = async () => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
    expect((await host.prepare('blog', '0.1.0-old', oldDir)).api.state).toBe('ready');
    expect((await host.prepare('blog', '0.1.0-live', liveDir)).api.state).toBe('ready');
    expect(await readLog()).toEqual(['start 0.1.0-old', 'start 0.1.0-live']);

    host.forget((_squad, version) => version === '0.1.0-live');
    for (let waited = 0; (await readLog()).length < 3 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await readLog()).toEqual(['start 0.1.0-old', 'start 0.1.0-live', 'stop 0.1.0-old true']);
    const again = await host.prepare('blog', '0.1.0-old', oldDir);
    expect(again.api.state).toBe('ready');

    await host.stop();
    expect((await readLog()).slice(3).sort()).toEqual(['start 0.1.0-old', 'stop 0.1.0-live true', 'stop 0.1.0-old true']);
  });

  it('logs a stop that throws or outlasts the budget, and stops the rest', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'api-host-'));
    const throwing = await writeRelease(root, '0.1.0-throws', `stop() { throw new Error('stop failed'); },`);
    const hanging = await writeRelease(root, '0.1.0-hangs', `stop() { return new Promise(() => undefined); },`);
    const lines: string[] = [];
    const host = createSquadApiHost({
      config: loadConfig({}),
      env: {},
      db: {
        transaction: async (work: (query: Database['query']) => Promise<unknown>) => work(async () => []),
        query: async () => [],
      } as unknown as Database,
      services: {} as HostServices,
      logger: createLogger('warn', (line) => lines.push(line)),
      stateRoot: path.join(root, 'state'),
      startTimeoutMs: 200,
    });
    await host.prepare('blog', '0.1.0-throws', throwing);
    await host.prepare('blog', '0.1.0-hangs', hanging);
    await host.stop();
    expect(lines.join('\n')).toMatch(/squad API stop failed.*stop failed/);
    expect(lines.join('\n')).toMatch(/did not stop within its budget.*0\.1\.0-hangs/);
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
