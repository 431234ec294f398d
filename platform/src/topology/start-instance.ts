import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { waitUntil } from './processes.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

/** Settings of every instance: shared database, Redis, origin, secrets; Varnish is the trusted proxy. */
export function createInstanceEnv(options: {
  /** The site's address: Varnish's. */
  url: string;
  varnishPort: number;
  postgresUrl: string;
  redisPort: number;
  originUrl: string;
  /** `user:password` of the origin's reader account. */
  originCredentials: string;
  /** More settings, over these. */
  env?: Record<string, string>;
}): Record<string, string> {
  // One web-push key pair for every instance (docs/push.md): a subscription made on one is sent by another.
  const vapid = createECDH('prime256v1');
  vapid.generateKeys();
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SITE_URL: options.url,
    DATABASE_URL: options.postgresUrl,
    REDIS_URL: `redis://127.0.0.1:${options.redisPort}`,
    ARTIFACT_ORIGIN: options.originUrl,
    ARTIFACT_ORIGIN_CREDENTIALS: options.originCredentials,
    ARTIFACT_RETRY_MS: '2000',
    ASSET_ORIGIN: options.originUrl,
    TRUSTED_PROXIES: '127.0.0.1/32',
    EDGE_PURGE_URLS: `http://127.0.0.1:${options.varnishPort}/`,
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), vapid.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
    REGISTRY_POLL_MS: '500',
    LOG_LEVEL: 'info',
    ...options.env,
  };
}

/**
 * Starts the topology's instances (`shell/server/main.ts`), each in `<dir>/<name>` with its own releases folder and
 * its log in `<dir>/logs`; `record` is told each pid as soon as it exists.
 */
export function createInstanceSpawner(options: { dir: string; env: Record<string, string>; record: (pid: number) => Promise<void> }) {
  const { dir, record } = options;
  const instanceEnv = options.env;
  /** Starts one instance on `port` with its own releases folder (empty at first); it outlives this process. */
  return async (name: string, port: number, env: Record<string, string> = {}) => {
    const instanceDir = path.join(dir, name);
    await mkdir(path.join(instanceDir, 'releases'), { recursive: true });
    const logFile = path.join(dir, 'logs', `${name}.log`);
    const site = `http://127.0.0.1:${port}`;
    // The port may be held for a moment by a client socket (the loopback's ephemeral range covers it): an instance
    // that exits before it serves is started again, a few times.
    for (let attempt = 1; ; attempt += 1) {
      const output = openSync(logFile, 'a');
      const child = spawn(process.execPath, ['shell/server/main.ts'], {
        cwd: ROOT_DIR,
        env: {
          ...process.env,
          ...instanceEnv,
          PORT: String(port),
          RELEASES_DIR: path.join(instanceDir, 'releases'),
          PGLITE_DIR: path.join(instanceDir, 'pglite-unused'),
          ...env,
        },
        detached: true,
        stdio: ['ignore', output, output],
      });
      child.unref();
      await record(child.pid!);
      let exited = false;
      child.once('exit', () => (exited = true));
      await waitUntil(
        async () => exited || (await fetch(`${site}/robots.txt`, { signal: AbortSignal.timeout(5_000) })).ok,
        180_000,
        `${name} on ${site} (log: ${logFile})`,
      );
      if (!exited) return { name, port, url: site, pid: child.pid!, releasesDir: path.join(instanceDir, 'releases'), logFile };
      if (attempt === 3) throw new Error(`${name} exited before it served on ${site} (log: ${logFile})`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  };
}
