import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isRunning } from './processes.ts';

const run = promisify(execFile);
const CONFIG_TEMPLATE = path.resolve(import.meta.dirname, '../../../ops/nginx/artifact-origin.conf');
/** The unprivileged user nginx's workers run as when it is started by root (Debian's). */
const WORKER_USER = 'www-data';

/** One account of the origin: a publisher may upload releases, a reader may only read them. */
export interface OriginAccount {
  user: string;
  password: string;
}

/** A fresh account with a random password. */
export function createOriginAccount(user: string): OriginAccount {
  return { user, password: randomBytes(18).toString('base64url') };
}

/** `user:password`, as `ARTIFACT_ORIGIN_CREDENTIALS` takes it. */
export const toCredentials = (account: OriginAccount) => `${account.user}:${account.password}`;

/** An htpasswd line with a SHA-512 crypt hash (nginx checks it with the system's crypt). */
async function hashPassword(account: OriginAccount): Promise<string> {
  const child = run('openssl', ['passwd', '-6', '-stdin']);
  child.child.stdin!.end(account.password);
  const { stdout } = await child;
  return `${account.user}:${stdout.trim()}`;
}

async function readPid(file: string): Promise<number> {
  return Number((await readFile(file, 'utf8')).trim());
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts nginx as the artifact origin (`ops/nginx/artifact-origin.conf`) on `127.0.0.1:<port>`, its releases in
 * `<workDir>/data`, its configuration, logs and pid file in `workDir`. Uploads need a publisher's credentials,
 * reading releases a reader's (or a publisher's); browser files under `/static/` are public. The returned
 * handle stops and restarts the same server (a restart keeps every release).
 */
export async function startArtifactOrigin(options: { port: number; workDir: string; publishers: OriginAccount[]; readers: OriginAccount[] }) {
  const workDir = path.resolve(options.workDir);
  const dataDir = path.join(workDir, 'data');
  for (const dir of ['tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) await mkdir(path.join(workDir, dir), { recursive: true });
  await mkdir(path.join(dataDir, 'releases'), { recursive: true });
  await chmod(workDir, 0o755);
  await mkdir(path.join(dataDir, '.incoming'), { recursive: true });
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    // Workers write uploads as an unprivileged user, as in production.
    const { stdout } = await run('id', ['-u', WORKER_USER]);
    const uid = Number(stdout.trim());
    const gid = Number((await run('id', ['-g', WORKER_USER])).stdout.trim());
    for (const dir of [dataDir, path.join(dataDir, 'releases'), path.join(dataDir, '.incoming')]) await chown(dir, uid, gid);
  }
  const publishers = await Promise.all(options.publishers.map(hashPassword));
  const readers = await Promise.all([...options.readers, ...options.publishers].map(hashPassword));
  await writeFile(path.join(workDir, 'publishers.htpasswd'), `${publishers.join('\n')}\n`, { mode: 0o644 });
  await writeFile(path.join(workDir, 'readers.htpasswd'), `${readers.join('\n')}\n`, { mode: 0o644 });
  const config = (await readFile(CONFIG_TEMPLATE, 'utf8'))
    .replaceAll('{{WORK_DIR}}', workDir)
    .replaceAll('{{DATA_DIR}}', dataDir)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${options.port}`)
    .replaceAll('{{USER_LINE}}', asRoot ? `user ${WORKER_USER};` : '');
  const configFile = path.join(workDir, 'nginx.conf');
  await writeFile(configFile, config);
  const pidFile = path.join(workDir, 'nginx.pid');
  const url = `http://127.0.0.1:${options.port}`;

  let pid = 0;
  const start = async () => {
    // The port may be held for a moment by a client socket (the loopback's ephemeral range covers it): try again.
    for (let attempt = 1; ; attempt += 1) {
      const started = await run('nginx', ['-p', workDir, '-c', configFile, '-e', path.join(workDir, 'error.log')]).then(
        () => true,
        (error: Error) => {
          if (attempt === 5) throw error;
          return false;
        },
      );
      if (started) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    pid = await readPid(pidFile);
    await waitUntil(async () => (await fetch(`${url}/health`).catch(() => null))?.ok === true, 10_000, `the artifact origin on ${url}`);
  };
  /** Stops nginx at once (SIGTERM: a fast shutdown, connections cut), as an outage does. */
  const stop = async () => {
    if (!pid || !isRunning(pid)) return;
    process.kill(pid, 'SIGTERM');
    const stopping = pid;
    await waitUntil(() => !isRunning(stopping), 10_000, `nginx ${stopping} to stop`);
  };
  await start();
  return {
    url,
    dataDir,
    /** The pid of nginx's master process. */
    get pid() {
      return pid;
    },
    start,
    stop,
  };
}

/** A running artifact origin. */
export type ArtifactOriginServer = Awaited<ReturnType<typeof startArtifactOrigin>>;
