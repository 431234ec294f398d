/**
 * Uncached server rendering of a landing page beside nginx serving the same bytes, in the same run
 * (ARCHITECTURE.md "Budgets"). Needs `npm run build` first and Debian's nginx and wrk:
 *   apt-get install -y nginx wrk && npm run bench:ssr -- [path] [seconds]
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PAGE_PATH = process.argv[2] ?? '/fr/netflix-downloader';
const SECONDS = Number(process.argv[3] ?? 10);
const SITE_PORT = 3310;
const NGINX_PORT = 3311;
const ROOT_DIR = path.resolve(import.meta.dirname, '..');

function requireTool(name: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`${name} is not installed: apt-get install -y nginx wrk`);
  }
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function runWrk(url: string): { requestsPerSecond: number; latency: string } {
  const output = execFileSync('wrk', ['-t2', '-c50', `-d${SECONDS}s`, '--latency', url], { encoding: 'utf8' });
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const latency = /50%\s+(\S+)/.exec(output)?.[1] ?? '?';
  return { requestsPerSecond, latency };
}

requireTool('nginx');
requireTool('wrk');
const workDir = await mkdtemp(path.join(tmpdir(), 'bench-ssr-'));
const children: ChildProcess[] = [];
try {
  const site = spawn(process.execPath, [path.join(ROOT_DIR, 'shell/server/main.ts')], {
    env: { ...process.env, PORT: String(SITE_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PGLITE_DIR: path.join(workDir, 'pglite') },
    stdio: 'inherit',
  });
  children.push(site);
  const siteUrl = `http://127.0.0.1:${SITE_PORT}${PAGE_PATH}`;
  await waitFor(siteUrl);
  const html = await (await fetch(siteUrl)).text();
  await writeFile(path.join(workDir, 'page.html'), html);
  await writeFile(
    path.join(workDir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${workDir}/nginx.pid; error_log ${workDir}/error.log;
events { worker_connections 1024; }
http { access_log off; server { listen 127.0.0.1:${NGINX_PORT}; root ${workDir}; location / { default_type text/html; try_files /page.html =404; } } }`,
  );
  // nginx workers run unprivileged: they must be able to read the page.
  await chmod(workDir, 0o755);
  await chmod(path.join(workDir, 'page.html'), 0o644);
  const nginx = spawn('nginx', ['-c', path.join(workDir, 'nginx.conf'), '-p', workDir], { stdio: 'inherit' });
  children.push(nginx);
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/`);

  const ssr = runWrk(siteUrl);
  const staticFile = runWrk(`http://127.0.0.1:${NGINX_PORT}/`);
  console.log(`page ${PAGE_PATH}: ${(html.length / 1024).toFixed(1)} kB HTML, wrk -t2 -c50 -d${SECONDS}s`);
  console.log(`uncached SSR (shell server)   ${ssr.requestsPerSecond.toFixed(0).padStart(8)} req/s  p50 ${ssr.latency}`);
  console.log(`nginx, same bytes             ${staticFile.requestsPerSecond.toFixed(0).padStart(8)} req/s  p50 ${staticFile.latency}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await rm(workDir, { recursive: true, force: true });
}
