import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from './processes.ts';

const run = promisify(execFile);

/** Redis on its own port, no persistence (the registry's durable copy is PostgreSQL's). */
export async function startRedis(dir: string, port: number): Promise<number> {
  const pidFile = path.join(dir, 'redis.pid');
  await rm(pidFile, { force: true });
  await run('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile,
    '--logfile',
    path.join(dir, 'redis.log'),
  ]);
  // The pid file exists a moment before its number is written in it.
  let pid = 0;
  await waitUntil(
    async () => {
      pid = Number((await readFile(pidFile, 'utf8')).trim());
      return Number.isInteger(pid) && pid > 0;
    },
    10_000,
    `Redis on ${port}`,
  );
  return pid;
}
