import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONNECT_TIMEOUT_MS, isDatabaseUnavailable, openDatabase, type Database } from './database.ts';
import { readServiceUrl } from '../testing/external-services.ts';
import { applyMigrations } from './migrations.ts';

/**
 * docs/operations.md "When PostgreSQL is down": the pool outlives connections PostgreSQL drops, a cut transaction
 * reports its own error and leaves no broken client behind, and a call fails fast while the server does not answer.
 */
const postgresUrl = readServiceUrl('TEST_DATABASE_URL');
const describeOnPostgres = postgresUrl ? describe : describe.skip;
const DATABASE_MODULE = path.join(import.meta.dirname, 'database.ts');

/** Waits until `check` holds, polling. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeOnPostgres('the PostgreSQL pool', () => {
  let db: Database;
  let admin: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: postgresUrl, pgliteDir: 'memory://' });
    admin = await openDatabase({ databaseUrl: postgresUrl, pgliteDir: 'memory://' });
  });
  afterAll(async () => {
    await db.close();
    await admin.close();
  });

  it('keeps its process alive when PostgreSQL ends its idle connections, and connects again by itself', async () => {
    // In a process of its own: an unheard 'error' event ends the process it happens in, whatever a test runner does.
    const script = `
      const { openDatabase } = await import(${JSON.stringify(DATABASE_MODULE)});
      const db = await openDatabase({ databaseUrl: process.env.URL, pgliteDir: 'memory://' });
      const [{ pid }] = await db.query('SELECT pg_backend_pid() AS pid');
      const admin = await openDatabase({ databaseUrl: process.env.URL, pgliteDir: 'memory://' });
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [{ answer }] = await db.query('SELECT 41 + 1 AS answer');
      await db.close();
      console.log('answer=' + answer);
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, URL: postgresUrl },
      timeout: 20_000,
    });
    expect(stdout).toContain('answer=42');
  });

  it('rethrows the error that cut a transaction, not the failed ROLLBACK, and serves the next call', async () => {
    const cut = db.transaction(async (query) => {
      await query('SELECT 1');
      await query('SELECT pg_terminate_backend(pg_backend_pid())');
    });
    await expect(cut).rejects.toMatchObject({ code: '57P01' });
    expect(await db.query<{ answer: number }>('SELECT 41 + 1 AS answer')).toEqual([{ answer: 42 }]);
  });

  it('drops a client cut between two statements of a transaction instead of handing it on', async () => {
    const [{ pid } = { pid: 0 }] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const cut = db.transaction(async (query) => {
      const [{ inside } = { inside: 0 }] = await query<{ inside: number }>('SELECT pg_backend_pid() AS inside');
      await admin.query('SELECT pg_terminate_backend($1)', [inside]);
      await waitUntil(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [inside])).length === 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await query('SELECT 1');
    });
    expect(isDatabaseUnavailable(await cut.catch((error: unknown) => error))).toBe(true);
    // Every later call, on however many connections, runs on live ones.
    const answers = await Promise.all(Array.from({ length: 12 }, () => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')));
    expect(answers.every(([row]) => typeof row?.pid === 'number')).toBe(true);
    expect(pid).toBeGreaterThan(0);
  });
});

describe('a PostgreSQL server that accepts connections but never answers', () => {
  let server: Server;
  const sockets: Socket[] = [];
  let url = '';
  beforeAll(async () => {
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `postgres://postgres@127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/silent`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails the call within the connect time-out, as an unavailable database', async () => {
    const db = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      db.query('SELECT 1').then(
        () => 'answered',
        (error: unknown) => error,
      ),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting'), CONNECT_TIMEOUT_MS * 3))),
    ]);
    clearTimeout(timer);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS * 2);
    await db.close();
  }, 30_000);
});

describeOnPostgres('the statement time-out (docs/operations.md "When PostgreSQL is down")', () => {
  it('cancels a statement that runs too long, as an unavailable database, and serves the next call', async () => {
    const db = await openDatabase({ databaseUrl: postgresUrl, pgliteDir: 'memory://', statementTimeoutMs: 300 });
    try {
      const slow = db.query('SELECT pg_sleep(3)');
      await expect(slow).rejects.toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(await slow.catch((error: unknown) => error))).toBe(true);
      expect(await db.query<{ answer: number }>('SELECT 41 + 1 AS answer')).toEqual([{ answer: 42 }]);
    } finally {
      await db.close();
    }
  });

  it('does not cut a migration that runs longer than it', async () => {
    const db = await openDatabase({ databaseUrl: postgresUrl, pgliteDir: 'memory://', statementTimeoutMs: 300 });
    const dir = await mkdtemp(path.join(tmpdir(), 'slow-migration-'));
    await writeFile(path.join(dir, '0001_slow.sql'), 'SELECT pg_sleep(0.6);\n');
    const squad = `statement-timeout-${process.pid}-${Date.now()}`;
    try {
      expect(await applyMigrations(db, squad, dir)).toEqual(['0001_slow.sql']);
    } finally {
      await db.query('DELETE FROM platform.schema_migrations WHERE squad = $1', [squad]);
      await db.close();
    }
  });
});
