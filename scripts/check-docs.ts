/**
 * `npm run check:docs`: Markdown links reach files and headings that exist, `docs/<page>.md "<Heading>"`
 * citations name a page and a heading it has, nothing cites documents outside the repository, and docs/README.md
 * indexes every docs page and every ADR, each ADR under a number of its own. Reads
 * every file git tracks (and new files not ignored); exits 1 with `file:line` for each problem.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findDocsProblems, findIndexProblems } from './docs-check.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');
/** Larger files are data (images, fonts, lock files), not prose or code that cites. */
const MAX_TEXT_BYTES = 2_000_000;
/**
 * The checker names the references it looks for, and its tests' fixtures are wrong on purpose. Migrations that
 * a release has already applied are frozen: editing one, even a comment, makes promotion refuse every later
 * release of its squad (docs/releases.md "Migrations"), so their old comments stay as they were shipped.
 */
const EXEMPT = new Set([
  'scripts/docs-check.ts',
  'scripts/check-docs.test.ts',
  'mf-account/server/migrations/0003_invite_visits.sql',
  'mf-checkout/server/migrations/0002_commerce.sql',
  'platform/src/db/migrations/0002_tracking_events.sql',
]);

const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT_DIR, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !/(^|\/)(node_modules|releases)\//.test(file) && existsSync(path.join(ROOT_DIR, file)));
const paths = new Set(listed);
const texts = new Map<string, string>();
for (const file of listed) {
  const absolute = path.join(ROOT_DIR, file);
  if (!statSync(absolute).isFile() || statSync(absolute).size > MAX_TEXT_BYTES) continue;
  const bytes = readFileSync(absolute);
  if (bytes.subarray(0, 8000).includes(0)) continue;
  texts.set(file, bytes.toString('utf8'));
}

const problems = [...findDocsProblems({ paths, texts }, EXEMPT), ...findIndexProblems({ paths, texts })];
if (problems.length > 0) {
  console.error(
    `check:docs found ${problems.length} problem(s):\n  ${problems.map(({ file, line, message }) => `${file}:${line}: ${message}`).join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check:docs: ${texts.size} files, every link and citation resolves`);
