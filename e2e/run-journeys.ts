/**
 * `npm run test:e2e` (docs/testing.md "Two groups of journeys"): starts the one test site, runs the visitors' journeys,
 * then the site-wide ones (one at a time) beside those that bring their own servers (one at a time), as two
 * Playwright runs against that same site, and stops it. Two runs instead of one with a project dependency, so a failed visitors'
 * journey no longer makes Playwright skip every site-wide one. Arguments are passed to both runs (`--grep`, `-x`).
 * Writes one JSON report of both runs to test-results/e2e.json (Playwright's `merge-reports`); exits 1 when either run
 * failed or the site never came up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { printOutcomes } from './journey-outcomes.ts';
import { E2E_BASE_URL } from './test-site.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');
const CONFIG = 'e2e/playwright.config.ts';
/** As long as `webServer.timeout` in the config: the site builds the fixture versions before it listens. */
const SITE_START_TIMEOUT_MS = 360_000;
const SITE_STOP_TIMEOUT_MS = 20_000;
const BLOB_DIR = path.join(ROOT_DIR, 'test-results', 'e2e-blob');
/** Each run in its own output folder: Playwright empties the folder it writes to, and the first run's traces stay. */
const RUNS = [
  { name: 'visitors', projects: ['visitors'] },
  { name: 'site-wide', projects: ['site-wide', 'own-servers'] },
] as const;

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function startSite(): ChildProcess {
  // Its own process group, so stopping it stops the servers it started too.
  return spawn(process.execPath, ['e2e/start-test-site.ts'], { cwd: ROOT_DIR, stdio: 'inherit', detached: true });
}

async function waitForSite(site: ChildProcess): Promise<void> {
  const deadline = Date.now() + SITE_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(site)) throw new Error(`the test site exited while starting (code ${site.exitCode}, signal ${site.signalCode})`);
    if (
      await fetch(`${E2E_BASE_URL}/favicon.ico`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the test site did not answer at ${E2E_BASE_URL} within ${SITE_START_TIMEOUT_MS / 1000} s`);
}

async function stopSite(site: ChildProcess): Promise<void> {
  if (exited(site) || site.pid === undefined) return;
  const stopped = new Promise((resolve) => site.once('exit', resolve));
  process.kill(-site.pid, 'SIGTERM');
  const kill = setTimeout(() => !exited(site) && process.kill(-site.pid!, 'SIGKILL'), SITE_STOP_TIMEOUT_MS);
  await stopped;
  clearTimeout(kill);
}

function runPlaywright(args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = spawn('npx', ['playwright', ...args], { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const extraArgs = process.argv.slice(2);
await rm(BLOB_DIR, { recursive: true, force: true });
const site = startSite();
// The site runs in its own process group, out of reach of the terminal's Ctrl-C: it is stopped here instead.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopSite(site).finally(() => process.exit(130)));
const codes: Record<string, number> = {};
try {
  await waitForSite(site);
  for (const run of RUNS) {
    codes[run.name] = await runPlaywright(
      [
        'test',
        '-c',
        CONFIG,
        ...run.projects.flatMap((project) => ['--project', project]),
        '--no-deps',
        '--output',
        `test-results/e2e/${run.name}`,
        '--reporter',
        'list,blob',
        ...extraArgs,
      ],
      { E2E_SITE_STARTED: 'true', PLAYWRIGHT_BLOB_OUTPUT_FILE: path.join(BLOB_DIR, `${run.name}.zip`) },
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  codes.site = 1;
} finally {
  await stopSite(site);
}
if (codes.visitors !== undefined) {
  codes.report = await runPlaywright(['merge-reports', '-c', CONFIG, '--reporter', 'json', BLOB_DIR], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(ROOT_DIR, 'test-results', 'e2e.json'),
  });
}
await printOutcomes(path.join(ROOT_DIR, 'test-results', 'e2e.json'));
const failed = Object.entries(codes).filter(([, code]) => code !== 0);
console.log(
  `journeys: ${Object.entries(codes)
    .map(([name, code]) => `${name} ${code === 0 ? 'passed' : `failed (exit ${code})`}`)
    .join(', ')}`,
);
process.exit(failed.length > 0 ? 1 : 0);
