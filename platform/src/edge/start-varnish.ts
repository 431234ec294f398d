import { spawn } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The site's VCL, generated from the host's rules (`npm run edge:vcl`; docs/operations.md "Varnish in front"). */
export const SITE_VCL_FILE = path.resolve(import.meta.dirname, '..', '..', '..', 'ops', 'varnish', 'site.vcl');

/**
 * How long varnishd may take to compile the VCL and listen, and to stop. It compiles with the C compiler: 4 s on a
 * quiet machine, but a soak's Varnish restart at load average 18 on two cores did not listen within 20 s.
 */
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** One instance behind the edge. */
export interface EdgeBackend {
  host: string;
  port: number;
}

/** What `startVarnish` is given. */
export interface StartVarnishOptions {
  /** Where clients (and purges) reach Varnish, on 127.0.0.1. */
  listenPort: number;
  /** Varnish's management port (varnishadm -T), on 127.0.0.1. */
  adminPort: number;
  backends: EdgeBackend[];
  /** Varnish's working directory (`-n`): the wrapper VCL, the shared memory log, the admin secret. */
  workDir: string;
  /** Cache storage in MiB (256 by default). */
  storageMb?: number;
  /** Another rules VCL than the repository's (tests). */
  vclFile?: string;
  /** Where varnishd's own output goes (inherited by default: a test's or the topology's log). */
  stdio?: 'inherit' | 'ignore';
}

/** A running Varnish, stopped by its pid. */
export interface RunningVarnish {
  pid: number;
  /** Where an instance sends `PURGE` (with `xkey-purge`) and `BAN` (EDGE_PURGE_URLS). */
  purgeUrl: string;
  stop(): Promise<void>;
}

/** Quotes a value for a VCL string (no quote or newline can be in one). */
function toVclString(value: string): string {
  if (/["\n\r]/.test(value)) throw new Error(`not a VCL string: ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/**
 * The wrapper VCL: the backends (probed, so a stopped instance is skipped while the others serve), a round-robin
 * director, the `purgers` ACL (loopback and the backends' hosts), the `x-edge-backend` header naming the instance
 * that answered (for the purgers only) and the site's rules after them.
 */
export function renderWrapperVcl(backends: readonly EdgeBackend[], rulesFile: string): string {
  if (backends.length === 0) throw new Error('Varnish needs at least one backend');
  const purgers = new Set(['127.0.0.1', '::1', ...backends.map((backend) => backend.host)]);
  return [
    'vcl 4.1;',
    '',
    'import directors;',
    '',
    ...backends.flatMap((backend, index) => [
      `backend instance${index} {`,
      `    .host = ${toVclString(backend.host)};`,
      `    .port = "${Math.trunc(backend.port)}";`,
      '    .connect_timeout = 2s;',
      '    .first_byte_timeout = 30s;',
      '    .between_bytes_timeout = 10s;',
      // docs/operations.md "Varnish in front": an instance is sick after 3 of its last 5 probes failed. A dead one refuses
      // at once (and a GET it dropped is tried on the next one meanwhile); a busy one, as all are when a restarted
      // Varnish sends them every page of its empty cache, gets 5 s to answer, so the edge never marks all three sick.
      '    .probe = { .url = "/robots.txt"; .interval = 1s; .timeout = 5s; .window = 5; .threshold = 3; .initial = 3; }',
      '}',
    ]),
    '',
    'acl purgers {',
    ...[...purgers].map((host) => `    ${toVclString(host)};`),
    '}',
    '',
    'sub vcl_init {',
    '    new site = directors.round_robin();',
    ...backends.map((_, index) => `    site.add_backend(instance${index});`),
    '}',
    '',
    'sub vcl_recv {',
    '    set req.backend_hint = site.backend();',
    '}',
    '',
    // Which instance rendered an answer, for the operator's own tools (the soak names it with a failure): kept with a
    // cached copy, shown only to the `purgers` (loopback and the instances), never to visitors.
    'sub vcl_backend_response {',
    '    set beresp.http.x-edge-backend = beresp.backend.name;',
    '}',
    '',
    'sub vcl_deliver {',
    '    if (client.ip !~ purgers) {',
    '        unset resp.http.x-edge-backend;',
    '    }',
    '}',
    '',
    `include ${toVclString(rulesFile)};`,
    '',
  ].join('\n');
}

/** Whether something accepts connections on the port. */
function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Debian's varnishd (7.1, with varnish-modules' xkey) in the foreground (`-F`) as a child of this process, in
 * front of `backends`; resolves once it listens. `stop()` ends it by its pid (SIGTERM, then SIGKILL after 10 s).
 */
export async function startVarnish(options: StartVarnishOptions): Promise<RunningVarnish> {
  const { listenPort, adminPort, workDir } = options;
  await mkdir(workDir, { recursive: true });
  // varnishd's worker runs as its own user and reads the working directory.
  await chmod(workDir, 0o755);
  const wrapper = path.join(workDir, 'wrapper.vcl');
  await writeFile(wrapper, renderWrapperVcl(options.backends, options.vclFile ?? SITE_VCL_FILE));
  if (await canConnect(listenPort)) throw new Error(`port ${listenPort} is taken: Varnish cannot listen there`);
  const child = spawn(
    'varnishd',
    [
      '-F',
      '-n',
      workDir,
      '-a',
      `127.0.0.1:${listenPort}`,
      '-T',
      `127.0.0.1:${adminPort}`,
      '-f',
      wrapper,
      '-s',
      `malloc,${options.storageMb ?? 256}m`,
    ],
    { stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`varnishd did not start (${error.message}): install Debian's varnish and varnish-modules`, { cause: error })),
    );
    void exited.then((code) => reject(new Error(`varnishd exited with code ${code} before it listened (see its output above)`)));
  });
  failed.catch(() => undefined);
  const deadline = Date.now() + START_TIMEOUT_MS;
  const listening = (async () => {
    while (!(await canConnect(listenPort))) {
      if (Date.now() > deadline) throw new Error(`varnishd did not listen on ${listenPort} within ${START_TIMEOUT_MS} ms`);
      await sleep(100);
    }
  })();
  try {
    await Promise.race([listening, failed]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid!;
  let stopping: Promise<void> | undefined;
  return {
    pid,
    purgeUrl: `http://127.0.0.1:${listenPort}/`,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        process.kill(pid, 'SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
