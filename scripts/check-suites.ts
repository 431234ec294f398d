/**
 * `npm run check:suites`: no suite of the pure set (`npm run test:unit`) opens PGlite, PostgreSQL, Redis or an SMTP
 * server, directly or through a test harness; those are `*.db.test.ts` and run in `npm run test:db`. Exits 1 with
 * each suite that does and the imports that lead there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { findSuiteProblems } from './suite-sets.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

/** The naming rule and the list of suites awaiting their rename, as jest.config.js applies them. */
const { DATABASE_SUITE_PATTERN, DATABASE_SUITES_AWAITING_RENAME } = z
  .object({ DATABASE_SUITE_PATTERN: z.string(), DATABASE_SUITES_AWAITING_RENAME: z.array(z.string()) })
  .parse(await import(pathToFileURL(path.join(ROOT_DIR, 'jest.config.js')).href));

/** The checker's own tests: their fixtures name service imports on purpose, inside strings. */
const EXEMPT = new Set(['scripts/suite-sets.test.ts']);

const sources = new Map<string, string>();
for (const file of execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  cwd: ROOT_DIR,
  encoding: 'utf8',
}).split('\0')) {
  if (file === '' || EXEMPT.has(file) || /(^|\/)(node_modules|releases)\//.test(file) || !existsSync(path.join(ROOT_DIR, file))) continue;
  sources.set(file, readFileSync(path.join(ROOT_DIR, file), 'utf8'));
}

const problems = findSuiteProblems(sources, new RegExp(DATABASE_SUITE_PATTERN), DATABASE_SUITES_AWAITING_RENAME);
if (problems.length > 0) {
  console.error(`check:suites found ${problems.length} problem(s):\n  ${problems.map(({ file, message }) => `${file}: ${message}`).join('\n  ')}`);
  process.exit(1);
}
console.log(`check:suites: ${sources.size} files, the pure suite opens no database, Redis or mail server`);
