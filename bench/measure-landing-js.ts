/**
 * Measures the JavaScript a landing page downloads on first load, as a browser sees it: every script
 * requested until the page is hydrated, gzip-compressed at level 9, per file and in total; fails above
 * the budget (ARCHITECTURE.md "Budgets") or when a shared singleton is downloaded twice. The page loads
 * with data saver on, so the prefetching of links in view (off with data saver, docs/routing.md "Link prefetch") stays out of
 * the first load; any script requested after hydration (prefetches, the tracker that loads once the page
 * is idle) is still listed apart and not counted. "After" is read from the page's own clock: each script's
 * resource-timing start against the `rk-hydrated` mark the shell sets as it hydrates.
 *
 *   npm run bench:js -- [url]        (default http://127.0.0.1:3000/netflix-downloader; the site must be running)
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { formatFirstLoadTotal, formatKb as kb } from './first-load-report.ts';

// Issue 23: the design card's libraries (i18next, react-i18next, Redux Toolkit) in the first load, at most what
// Next.js 16 serves the same page with (150.7 kB); mf-landing's page chunk keeps issue 16's budget (docs/budgets.md).
const TOTAL_BUDGET_BYTES = 150 * 1024;
const REMOTE_CHUNK_BUDGET_BYTES = 7.5 * 1024;
/** Scripts requested after hydration are listed once none has been in flight for this long (at most SCRIPTS_WAIT_MS). */
const SCRIPTS_QUIET_MS = 1000;
const SCRIPTS_WAIT_MS = 15_000;

interface ScriptFile {
  url: string;
  /** Requested after hydration: a prefetch for a link in view, or code loaded when the page is idle. */
  prefetched: boolean;
  rawBytes: number;
  gzipBytes: number;
}

interface FederationManifest {
  shared: { name: string; assets: { js: { sync: string[] } } }[];
}

const target = process.argv[2] ?? 'http://127.0.0.1:3000/netflix-downloader';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
const bodies: Promise<Omit<ScriptFile, 'prefetched'>>[] = [];
const scriptsInFlight = new Set<Request>();
let lastScriptEventAt = Date.now();
page.on('request', (request) => {
  if (request.resourceType() !== 'script') return;
  scriptsInFlight.add(request);
  lastScriptEventAt = Date.now();
});
const settleScript = (request: Request) => {
  if (scriptsInFlight.delete(request)) lastScriptEventAt = Date.now();
};
page.on('requestfinished', settleScript);
page.on('requestfailed', settleScript);
page.on('response', (response) => {
  if (response.request().resourceType() !== 'script') return;
  bodies.push(
    response
      .body()
      .catch(() => Buffer.alloc(0))
      .then((body) => ({ url: response.url(), rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length })),
  );
});
await page.goto(target);
await page.waitForSelector('html[data-hydrated="true"]');
// Not Playwright's `networkidle`: the page's own requests (an API call left open by the server, a beacon) have
// nothing to do with its scripts, and one that never ends held the whole benchmark's figure back ("n/a").
const waitStarted = Date.now();
while (Date.now() - waitStarted < SCRIPTS_WAIT_MS && (scriptsInFlight.size > 0 || Date.now() - lastScriptEventAt < SCRIPTS_QUIET_MS))
  await page.waitForTimeout(100);
const { hydratedAt, startedAt } = await page.evaluate(() => ({
  hydratedAt: performance.getEntriesByName('rk-hydrated', 'mark')[0]?.startTime ?? null,
  startedAt: Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime])),
}));
if (hydratedAt === null) throw new Error('the page set no rk-hydrated mark: is the shell older than this benchmark?');
const allScripts: ScriptFile[] = (await Promise.all(bodies)).map((script) => ({ ...script, prefetched: (startedAt[script.url] ?? 0) > hydratedAt }));
const scripts = allScripts.filter((script) => !script.prefetched);
const prefetchedScripts = allScripts.filter((script) => script.prefetched);
const pinned = await page.evaluate(
  () => (JSON.parse(document.getElementById('__RK_STATE__')!.textContent!) as { remotes: { name: string; entry: string }[] }).remotes,
);
await browser.close();

// A shared singleton is downloaded twice when files of two different containers provide the same package.
const sharedOwners = new Map<string, Set<string>>();
for (const remote of pinned) {
  if (!remote.entry) continue;
  const manifestUrl = new URL('mf-manifest.json', new URL(remote.entry, target));
  const manifest = (await (await fetch(manifestUrl)).json()) as FederationManifest;
  for (const shared of manifest.shared) {
    for (const file of shared.assets.js.sync) {
      if (scripts.some((script) => script.url === new URL(file, manifestUrl).href)) {
        const owners = sharedOwners.get(shared.name) ?? new Set<string>();
        owners.add(remote.name);
        sharedOwners.set(shared.name, owners);
      }
    }
  }
}

const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
console.log(`JavaScript downloaded by ${target}`);
for (const script of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`${kb(script.gzipBytes)} kB gzip ${kb(script.rawBytes)} kB raw  ${new URL(script.url).pathname}`);
}
console.log(formatFirstLoadTotal(total, scripts.length, TOTAL_BUDGET_BYTES / 1024));
const prefetchedTotal = prefetchedScripts.reduce((sum, script) => sum + script.gzipBytes, 0);
console.log(
  `${kb(prefetchedTotal)} kB gzip requested after hydration (prefetches, idle-time code), in ${prefetchedScripts.length} files (not counted)`,
);
for (const script of prefetchedScripts) console.log(`        after hydration: ${kb(script.gzipBytes)} kB gzip  ${new URL(script.url).pathname}`);

const problems: string[] = [];
if (total > TOTAL_BUDGET_BYTES) problems.push(`total ${kb(total)} kB exceeds ${TOTAL_BUDGET_BYTES / 1024} kB`);
for (const [name, owners] of sharedOwners)
  if (owners.size > 1) problems.push(`shared singleton ${name} downloaded from ${[...owners].join(' and ')}`);
const landing = pinned.find((remote) => remote.name === 'mf-landing');
if (landing) {
  const base = new URL('.', new URL(landing.entry, target)).href;
  const ownChunks = scripts.filter((script) => script.url.startsWith(base) && /__federation_expose_/.test(script.url));
  const ownBytes = ownChunks.reduce((sum, script) => sum + script.gzipBytes, 0);
  console.log(`${kb(ownBytes)} kB gzip: mf-landing's own page chunk (budget ${REMOTE_CHUNK_BUDGET_BYTES / 1024} kB)`);
  if (ownBytes > REMOTE_CHUNK_BUDGET_BYTES)
    problems.push(`mf-landing's page chunk ${kb(ownBytes)} kB exceeds ${REMOTE_CHUNK_BUDGET_BYTES / 1024} kB`);
}
if (problems.length > 0) {
  console.error(`over budget:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
