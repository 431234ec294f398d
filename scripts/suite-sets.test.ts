import { describe, expect, it } from '@jest/globals';
import { findSuiteProblems, readValueImports } from './suite-sets.ts';

const DATABASE_SUITE = /\.db\.test\.tsx?$/;

const problemsOf = (files: Record<string, string>, awaitingRename: string[] = []) =>
  findSuiteProblems(new Map(Object.entries(files)), DATABASE_SUITE, awaitingRename).map(({ file, message }) => `${file}: ${message}`);

describe('readValueImports', () => {
  it('reads static and dynamic imports and re-exports, not type-only imports or comments', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { Database } from '@reelkeep/platform/db';",
      "export type { Redis } from 'ioredis';",
      "export { listTestDatabases } from '@reelkeep/platform/testing/databases';",
      "import './side-effect.ts';",
      'import {',
      '  b,',
      "} from './b.ts';",
      "const pg = await import('pg');",
      "// import { PGlite } from '@electric-sql/pglite';",
      "/* import Redis from 'ioredis'; */",
    ].join('\n');
    expect(readValueImports(text)).toEqual(['./a.ts', '@reelkeep/platform/testing/databases', './side-effect.ts', './b.ts', 'pg']);
  });
});

describe('findSuiteProblems', () => {
  it('lets database suites open services and pure suites import types and rules', () => {
    expect(
      problemsOf({
        'mf-x/server/orders.db.test.ts': "import { listTestDatabases } from '@reelkeep/platform/testing/databases';",
        'mf-x/server/pricing.test.ts': "import type { Database } from '@reelkeep/platform/db';\nimport { price } from './pricing.ts';",
        'mf-x/server/pricing.ts': "import { openDatabase } from '@reelkeep/platform/db';",
      }),
    ).toEqual([]);
  });

  it.each([
    ["import { openTestPglite } from '@reelkeep/platform/testing/databases';", '@reelkeep/platform/testing/databases'],
    ["import { readServiceUrl } from '../testing/external-services.ts';", '../testing/external-services.ts'],
    ["import { createRedisClient } from '@reelkeep/platform/redis';", '@reelkeep/platform/redis'],
    ["import { openDatabase } from './db/database.ts';", './db/database.ts'],
    ["import { PGlite } from '@electric-sql/pglite';", '@electric-sql/pglite'],
    ["import Redis from 'ioredis';", 'ioredis'],
    ["import { SMTPServer } from 'smtp-server';", 'smtp-server'],
  ])('catches a pure suite that imports %s', (line, specifier) => {
    expect(problemsOf({ 'platform/src/a.test.ts': line })).toEqual([
      `platform/src/a.test.ts: opens a database or Redis (platform/src/a.test.ts → ${specifier}): name it *.db.test.ts`,
    ]);
  });

  it('follows test harnesses in testing/ folders, not the code under test', () => {
    expect(
      problemsOf({
        'mf-x/server/routes.test.tsx': "import { useApi } from './testing/harness.ts';\nimport { route } from './routes.ts';",
        'mf-x/server/testing/harness.ts': "export { openStore } from './store.ts';",
        'mf-x/server/testing/store.ts': "import { PGlite } from '@electric-sql/pglite';",
        'mf-x/server/routes.ts': "import Redis from 'ioredis';",
      }),
    ).toEqual([
      'mf-x/server/routes.test.tsx: opens a database or Redis (mf-x/server/routes.test.tsx → mf-x/server/testing/harness.ts → mf-x/server/testing/store.ts → @electric-sql/pglite): name it *.db.test.ts',
    ]);
  });

  it('runs suites awaiting their rename in the database set, and catches a stale name', () => {
    const files = { 'shell/server/cache.test.ts': "import { createRedisClient } from '@reelkeep/platform/redis';" };
    expect(problemsOf(files, ['shell/server/cache.test.ts'])).toEqual([]);
    expect(problemsOf(files, ['shell/server/cache.test.ts', 'shell/server/gone.test.ts'])).toEqual([
      'shell/server/gone.test.ts: listed as a database suite awaiting its rename, but no such suite exists: delete the line',
    ]);
  });
});
