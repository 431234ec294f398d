import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL's programs on this machine (Debian's layout), or undefined when none is installed. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(POSTGRES_ROOT, newest, 'bin') : undefined;
}

/**
 * A PostgreSQL server of a journey's own, in a fresh data folder on its own port, so stopping or restarting it
 * disturbs no other suite. Its programs run as the `postgres` user (PostgreSQL refuses to run as root).
 */
export async function startPostgresServer(options: { port: number }) {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`no PostgreSQL under ${POSTGRES_ROOT} (apt-get install postgresql)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reelkeep-pg-'));
  const asPostgres = (program: string, args: string[]) =>
    userInfo().username === 'postgres'
      ? run(path.join(bin, program), args)
      : run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]);
  if (userInfo().username !== 'postgres') {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dataDir, Number(stdout.trim()), Number(stdout.trim()));
  }
  await asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const serverOptions = `-p ${options.port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-o', serverOptions, ...args]);
  await pgCtl('-w', 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
    /** Stops the server as an operator's restart or a failover does: sessions are ended at once. */
    stop: () => pgCtl('-w', '-m', 'fast', 'stop'),
    start: () => pgCtl('-w', 'start'),
    /** Stops the server and removes its data folder. */
    async destroy(): Promise<void> {
      await pgCtl('-w', '-m', 'immediate', 'stop').catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A running PostgreSQL of a journey's own. */
export type PostgresServer = Awaited<ReturnType<typeof startPostgresServer>>;
