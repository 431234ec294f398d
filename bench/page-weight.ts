/**
 * The weight of pages as the server sends them (docs/architecture.md "The hydration state"): each page's HTML, raw and gzip,
 * its hydration state by key, and how often the head's title and each JSON-LD block are carried. Reads a running
 * site; asks for the page uncompressed and with no cookie, as a first visit.
 *
 *   npm run bench:weight -- [base url] [path ...]   (default http://127.0.0.1:3000, and /netflix-downloader, /,
 *                                                    /how-to-download-netflix-videos, /checkout)
 */
import { formatPageWeight, measurePageWeight } from './page-weight-report.ts';

const DEFAULT_PATHS = ['/netflix-downloader', '/', '/how-to-download-netflix-videos', '/checkout'];

const [base = 'http://127.0.0.1:3000', ...given] = process.argv.slice(2);
const paths = given.length > 0 ? given : DEFAULT_PATHS;
let failed = false;
for (const path of paths) {
  const response = await fetch(new URL(path, base), { headers: { 'accept-encoding': 'identity', accept: 'text/html' } });
  const html = await response.text();
  if (!response.ok) {
    console.error(`${path}: HTTP ${response.status}`);
    failed = true;
    continue;
  }
  console.log(formatPageWeight(path, measurePageWeight(html)));
}
if (failed) process.exitCode = 1;
