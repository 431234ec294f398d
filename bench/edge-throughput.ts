/**
 * Cached pages through Varnish beside nginx serving the same bytes, side by side in one run (docs/budgets.md
 * "Budgets"): the site runs with its page cache on, Varnish (the repository's VCL, `startVarnish`) in front of it;
 * the page as Varnish sends it to a browser (gzip) is written for nginx, which serves it precompressed
 * (`gzip_static`) with the same response headers (`nginxHeaderDirectives`), so both send the same answer to
 * `wrk -H 'Accept-Encoding: gzip'`, as browsers ask: the body byte for byte, and every header but the few each
 * server writes itself (date, length, connection; Varnish's `Age`, `Via` and `X-Varnish`, nginx's `Server`,
 * `Last-Modified` and `Accept-Ranges`). Passes are interleaved; the ratio is the figure. Run alone (after `npm run build`):
 *   npm run bench:edge [-- --quick]      ports: BENCH_PORT (site), BENCH_EDGE_PORT (Varnish; admin +1, nginx +2)
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { startVarnish } from '@reelkeep/platform/edge/start-varnish';
import {
  BENCH_PORT,
  formatFigure,
  readRssMb,
  requireTool,
  RESULTS_DIR,
  ROOT_DIR,
  runWrk,
  startSite,
  syncBenchRegistry,
  waitForOk,
  type BenchSite,
  type WrkFigures,
} from './bench-support.ts';

const run = promisify(execFile);
/** What browsers send: the answer is gzip from Varnish's store, as nginx's precompressed file. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip' };

/** The figures of one side, averaged over the passes (non-2xx and socket errors summed). */
function average(figures: readonly WrkFigures[]): WrkFigures {
  const mean = (pick: (figure: WrkFigures) => number) => figures.reduce((sum, figure) => sum + pick(figure), 0) / figures.length;
  const sum = (pick: (figure: WrkFigures) => number) => figures.reduce((total, figure) => total + pick(figure), 0);
  return {
    requestsPerSecond: mean((figure) => figure.requestsPerSecond),
    requests: sum((figure) => figure.requests),
    p50Ms: mean((figure) => figure.p50Ms),
    p99Ms: mean((figure) => figure.p99Ms),
    non2xx: sum((figure) => figure.non2xx),
    socketErrors: sum((figure) => figure.socketErrors),
  };
}

/** One GET as a browser sends it, with the raw (still encoded) body. */
function fetchRaw(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Headers each server writes on its own for every answer; every other header of Varnish's answer nginx sends too. */
const OWN_HEADERS = new Set([
  'date',
  'age',
  'via',
  'x-varnish',
  'server',
  'content-length',
  'connection',
  'keep-alive',
  'accept-ranges',
  'content-encoding',
  'content-type',
  'etag',
  'last-modified',
  'transfer-encoding',
]);

/**
 * nginx directives that send the headers of `headers` (Varnish's answer) that nginx does not write itself: an
 * `add_header` for each, with the content type and entity tag set where nginx would write its own.
 */
export function nginxHeaderDirectives(headers: Record<string, string | string[] | undefined>): string[] {
  const quote = (value: string) => {
    if (/[\r\n]/.test(value)) throw new Error(`a header value nginx cannot send: ${JSON.stringify(value)}`);
    return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('$', '${dollar}')}"`;
  };
  const directives = ['etag off;', 'charset off;'];
  const type = headers['content-type'];
  if (typeof type === 'string') directives.push(`default_type ${quote(type)};`, 'types { }');
  if (typeof headers.etag === 'string') directives.push(`add_header ETag ${quote(headers.etag)} always;`);
  for (const [name, value] of Object.entries(headers)) {
    if (OWN_HEADERS.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) directives.push(`add_header ${name} ${quote(one)} always;`);
  }
  return directives;
}

/** Varnish's hits and misses since it started (`varnishstat`). */
async function readVarnishHitRate(workDir: string): Promise<number> {
  const { stdout } = await run('varnishstat', ['-n', workDir, '-1', '-f', 'MAIN.cache_hit', '-f', 'MAIN.cache_miss']);
  const count = (name: string) => Number(new RegExp(`^MAIN\\.${name}\\s+(\\d+)`, 'm').exec(stdout)?.[1] ?? Number.NaN);
  const hits = count('cache_hit');
  return hits / (hits + count('cache_miss'));
}

/** What one run of the cached bench measured. */
export interface EdgeFigures {
  varnish: WrkFigures;
  nginx: WrkFigures;
  ratio: number;
  hitRate: number;
  bodyBytes: number;
  varnishRssMb: number;
}

/** Varnish in front of a running site beside nginx serving the same bytes, `passes` interleaved passes of `seconds`. */
export async function measureEdgeThroughput(options: {
  site: BenchSite;
  pagePath: string;
  varnishPort: number;
  nginxPort: number;
  seconds: number;
  passes: number;
}): Promise<EdgeFigures> {
  requireTool('varnishd');
  requireTool('nginx');
  const work = path.join(RESULTS_DIR, 'edge');
  await rm(work, { recursive: true, force: true });
  await mkdir(path.join(work, 'html'), { recursive: true });
  await mkdir(path.join(work, 'tmp'), { recursive: true });
  const sitePort = Number(new URL(options.site.url).port);
  const varnish = await startVarnish({
    listenPort: options.varnishPort,
    adminPort: options.varnishPort + 1,
    backends: [{ host: '127.0.0.1', port: sitePort }],
    workDir: path.join(work, 'varnish'),
    stdio: 'ignore',
  });
  const pids: number[] = [];
  try {
    const edgeUrl = `http://127.0.0.1:${options.varnishPort}${options.pagePath}`;
    await fetchRaw(edgeUrl);
    const sample = await fetchRaw(edgeUrl);
    if (sample.status !== 200 || sample.headers['x-cache'] !== 'HIT' || sample.headers['content-encoding'] !== 'gzip')
      throw new Error(`Varnish does not serve the page from its cache in gzip: ${sample.status} ${JSON.stringify(sample.headers)}`);
    // nginx serves byte for byte what Varnish sends: the gzip body, precompressed (and its plain twin for gzip_static).
    await writeFile(path.join(work, 'html', 'page.html.gz'), sample.body);
    await writeFile(path.join(work, 'html', 'page.html'), gunzipSync(sample.body));
    // geo gives the literal "$" nginx strings need (a header value may hold one).
    await writeFile(
      path.join(work, 'nginx.conf'),
      `worker_processes auto; daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log warn;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${work}/tmp/b; proxy_temp_path ${work}/tmp/p;
  fastcgi_temp_path ${work}/tmp/f; uwsgi_temp_path ${work}/tmp/u; scgi_temp_path ${work}/tmp/s; sendfile on; keepalive_requests 100000;
  gzip_static on; geo $dollar { default "$"; }
  server { listen 127.0.0.1:${options.nginxPort}; root ${work}/html;
    location = /page.html { ${nginxHeaderDirectives(sample.headers).join(' ')} } } }
`,
    );
    await run('chmod', ['-R', 'a+rX', work]);
    const nginx = spawn('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' });
    pids.push(nginx.pid!);
    const nginxUrl = `http://127.0.0.1:${options.nginxPort}/page.html`;
    await waitForOk(nginxUrl);
    const fromNginx = await fetchRaw(nginxUrl);
    if (!fromNginx.body.equals(sample.body)) throw new Error('nginx does not send the bytes Varnish sends');
    const missing = Object.keys(sample.headers).filter((name) => !OWN_HEADERS.has(name) && fromNginx.headers[name] !== sample.headers[name]);
    if (missing.length > 0) throw new Error(`nginx does not send these headers as Varnish does: ${missing.join(', ')}`);
    const varnishPasses: WrkFigures[] = [];
    const nginxPasses: WrkFigures[] = [];
    await runWrk(edgeUrl, { seconds: 2, connections: 20, headers: BROWSER_HEADERS });
    for (let pass = 0; pass < options.passes; pass += 1) {
      const edge = await runWrk(edgeUrl, { seconds: options.seconds, headers: BROWSER_HEADERS });
      const plain = await runWrk(nginxUrl, { seconds: options.seconds, headers: BROWSER_HEADERS });
      process.stdout.write(
        `varnish  ${formatFigure(edge.requestsPerSecond)} req/s  p50 ${formatFigure(edge.p50Ms, 2)} ms  p99 ${formatFigure(edge.p99Ms, 2)} ms  non-2xx ${edge.non2xx}\n` +
          `nginx    ${formatFigure(plain.requestsPerSecond)} req/s  p50 ${formatFigure(plain.p50Ms, 2)} ms  p99 ${formatFigure(plain.p99Ms, 2)} ms  non-2xx ${plain.non2xx}\n`,
      );
      varnishPasses.push(edge);
      nginxPasses.push(plain);
    }
    const varnishFigures = average(varnishPasses);
    const nginxFigures = average(nginxPasses);
    return {
      varnish: varnishFigures,
      nginx: nginxFigures,
      ratio: varnishFigures.requestsPerSecond / nginxFigures.requestsPerSecond,
      hitRate: await readVarnishHitRate(path.join(work, 'varnish')),
      bodyBytes: sample.body.length,
      varnishRssMb: readRssMb(varnish.pid),
    };
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGTERM');
    await varnish.stop();
  }
}

// Run alone: the cached part of `npm run bench`.
if (import.meta.main) {
  const quick = process.argv.includes('--quick');
  const edgePort = Number(process.env.BENCH_EDGE_PORT ?? BENCH_PORT + 3);
  await syncBenchRegistry(process.env.RELEASES_DIR ?? path.join(ROOT_DIR, 'releases'));
  const site = await startSite({ port: BENCH_PORT, pgliteDir: path.join(RESULTS_DIR, 'edge-pglite') });
  try {
    const figures = await measureEdgeThroughput({
      site,
      pagePath: '/netflix-downloader',
      varnishPort: edgePort,
      nginxPort: edgePort + 2,
      seconds: quick ? 3 : 10,
      passes: quick ? 1 : 3,
    });
    process.stdout.write(
      `cached through Varnish ${formatFigure(figures.varnish.requestsPerSecond)} req/s = ${formatFigure(figures.ratio, 2)} × nginx serving the same ${figures.bodyBytes} bytes (${formatFigure(figures.nginx.requestsPerSecond)} req/s); Varnish hit rate ${formatFigure(figures.hitRate * 100, 2)} %, RSS ${formatFigure(figures.varnishRssMb)} MB\n`,
    );
  } finally {
    await site.stop();
  }
}
