/**
 * The rules of `npm run check:suites`, apart from I/O: the pure suite (`npm run test:unit`) opens no database, Redis
 * or mail server. A suite that does is named `*.db.test.ts` and runs in the database set (`npm run test:db`), so a
 * new one cannot slow the pure suite down or make it depend on a server unnoticed.
 */
import path from 'node:path';

/** A pure suite that reaches a service, with the chain of imports that gets there. */
export interface SuiteProblem {
  file: string;
  message: string;
}

/** What the check reads: the text of every tracked source file, by path from the repository's root. */
export type SourceTree = ReadonlyMap<string, string>;

/** Imports that open PGlite, PostgreSQL, Redis or an SMTP server, or hand a suite the helpers that do. */
export const SERVICE_IMPORTS: readonly RegExp[] = [
  /^@reelkeep\/platform\/(testing\/databases|testing\/external-services|testing\/smtp-inbox|db|redis)$/,
  /(^|\/)testing\/(databases|external-services|smtp-inbox)(\.ts)?$/,
  /^\.{1,2}\/(.*\/)?(db\/database|redis)(\.ts)?$/,
  /^@electric-sql\/pglite(\/|$)/,
  /^pg$/,
  /^ioredis$/,
  /^smtp-server$/,
];

/** `import type`/`export type` carry no code; every other static or dynamic import and re-export counts. */
const IMPORT = /(?:^|[;\s])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The modules a source text imports for their code (type-only imports left out). */
export function readValueImports(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(IMPORT)].map((match) => (match[1] ?? match[2])!);
}

/** Test support a suite pulls in and that may itself open a service: files in a `testing/` folder and other suites. */
const isTestSupport = (file: string) => /(^|\/)testing\//.test(file) || /\.test\.tsx?$/.test(file);

function resolveRelative(tree: SourceTree, from: string, specifier: string): string | undefined {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((candidate) => tree.has(candidate));
}

/** The chain of imports from a suite to a service import, or undefined when the suite reaches none. */
export function findServiceChain(tree: SourceTree, suite: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(suite)) return undefined;
  seen.add(suite);
  for (const specifier of readValueImports(tree.get(suite) ?? '')) {
    if (SERVICE_IMPORTS.some((pattern) => pattern.test(specifier))) return [suite, specifier];
    if (!specifier.startsWith('.')) continue;
    const next = resolveRelative(tree, suite, specifier);
    if (!next || !isTestSupport(next)) continue;
    const chain = findServiceChain(tree, next, seen);
    if (chain) return [suite, ...chain];
  }
  return undefined;
}

/**
 * Every pure suite that reaches a service import, and every name in the list of database suites awaiting their
 * rename that no longer names a suite. `databaseSuitePattern` and `awaitingRename` are jest.config.js's.
 */
export function findSuiteProblems(tree: SourceTree, databaseSuitePattern: RegExp, awaitingRename: readonly string[]): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  for (const file of awaitingRename) {
    if (!tree.has(file))
      problems.push({ file, message: 'listed as a database suite awaiting its rename, but no such suite exists: delete the line' });
  }
  const pureSuites = [...tree.keys()]
    .filter((file) => /\.test\.tsx?$/.test(file) && !databaseSuitePattern.test(file) && !awaitingRename.includes(file))
    .sort();
  for (const suite of pureSuites) {
    const chain = findServiceChain(tree, suite);
    if (chain) problems.push({ file: suite, message: `opens a database or Redis (${chain.join(' → ')}): name it *.db.test.ts` });
  }
  return problems;
}
