/**
 * `npm run audit:lighthouse -- [base url] [path ...]`: Lighthouse (mobile defaults) in Debian's Chromium on
 * pages of a running site, each page `LIGHTHOUSE_RUNS` times (3 by default). Prints, of each page's median
 * run, the four category scores, the JavaScript it transfers and the metrics behind the performance score;
 * fails when a page misses the targets (performance ≥ 98, accessibility, best practices and SEO 100).
 */
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

/**
 * Lighthouse's own advice on variability: a score moves with whatever else the machine runs (its simulated
 * throttling scales the observed main-thread time), so each page is audited this many times and its median run
 * (by performance score) is reported.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// Another port when several sites are audited on one machine at once.
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const DEFAULT_PATHS = ['/', '/netflix-downloader', '/how-to-download-netflix-videos', '/checkout'];

const [base = 'http://127.0.0.1:3000', ...requested] = process.argv.slice(2);
const paths = requested.length > 0 ? requested : DEFAULT_PATHS;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`] });
const failures: string[] = [];
try {
  console.log('page                                         perf  a11y  best   seo   JS kB (transfer)   FCP   LCP   TBT    SI    CLS');
  for (const path of paths) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(new URL(path, base).href, { port: DEBUG_PORT, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const { categories, audits } = runs[Math.floor((runs.length - 1) / 2)]!;
    const score = (id: keyof typeof TARGETS) => Math.round((categories[id]?.score ?? 0) * 100);
    const items = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const scriptBytes = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    const scores = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map(score);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const seconds = (id: string) => (metric(id) / 1000).toFixed(2).padStart(6);
    console.log(
      `${path.padEnd(44)} ${scores.map((value) => String(value).padStart(4)).join('  ')}   ${(scriptBytes / 1024).toFixed(1).padStart(6)}` +
        `          ${seconds('first-contentful-paint')}${seconds('largest-contentful-paint')}${String(Math.round(metric('total-blocking-time'))).padStart(6)}${seconds('speed-index')}${metric('cumulative-layout-shift').toFixed(3).padStart(7)}`,
    );
    for (const id of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
      if (score(id) < TARGETS[id]) {
        const failing = Object.values(audits).filter(
          (audit) =>
            audit.score !== null && audit.score < 1 && (categories[id]?.auditRefs ?? []).some((ref) => ref.id === audit.id && ref.weight > 0),
        );
        failures.push(`${path} ${id} ${score(id)} < ${TARGETS[id]}: ${failing.map((audit) => audit.id).join(', ')}`);
      }
    }
  }
} finally {
  await browser.close();
}
if (failures.length > 0) {
  console.error(`below target:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
