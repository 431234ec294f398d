import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The programs folder of the newest PostgreSQL Debian installed. */
function findPostgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL under ${POSTGRES_ROOT} (apt-get install postgresql)`);
  return path.join(POSTGRES_ROOT, versions.at(-1)!, 'bin');
}

/** Runs `work` on a connection of its own to the topology's PostgreSQL. */
export async function withDatabase<T>(url: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** PostgreSQL in its own data folder and port, with an empty `reelkeep` database; its programs run as `postgres` (it refuses root). */
export async function startPostgres(dir: string, port: number) {
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
