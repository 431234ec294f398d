/** `npm run check:links -- [url]`: the link check against a running site (default http://127.0.0.1:3000). */
import { checkSiteLinks } from './link-check.ts';

const report = await checkSiteLinks(process.argv[2] ?? 'http://127.0.0.1:3000');
console.log(`checked ${report.pages} pages and ${report.links} distinct internal links (${report.fetchedLinks} fetched)`);
if (report.problems.length > 0) {
  console.error(`${report.problems.length} problem(s):\n  ${report.problems.slice(0, 200).join('\n  ')}`);
  process.exitCode = 1;
}
