/**
 * `npm run audit:lighthouse -- [base url] [path ...]`: Lighthouse (mobile defaults) in Debian's Chromium on
 * pages of a running site; prints the four category scores and the JavaScript a page transfers, and fails
 * when a page misses the targets (performance ≥ 95, accessibility, best practices and SEO 100).
 */
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

// Another port when several sites are audited on one machine at once.
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const DEFAULT_PATHS = ['/', '/netflix-downloader', '/how-to-download-netflix-videos', '/checkout'];

const [base = 'http://127.0.0.1:3000', ...requested] = process.argv.slice(2);
const paths = requested.length > 0 ? requested : DEFAULT_PATHS;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`] });
const failures: string[] = [];
try {
  console.log('page                                         perf  a11y  best   seo   JS kB (transfer)');
  for (const path of paths) {
    const result = await lighthouse(new URL(path, base).href, { port: DEBUG_PORT, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: keyof typeof TARGETS) => Math.round((categories[id]?.score ?? 0) * 100);
    const items = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const scriptBytes = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    const scores = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map(score);
    console.log(`${path.padEnd(44)} ${scores.map((value) => String(value).padStart(4)).join('  ')}   ${(scriptBytes / 1024).toFixed(1).padStart(6)}`);
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
