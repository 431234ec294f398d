// Jest runs TypeScript as ES modules (the code uses import.meta), one project per workspace. This file is the pure
// suite (`npm run test:unit`): no database, Redis or mail server, so it stays fast. Suites that open one are named
// `*.db.test.ts(x)` and run from jest.db.config.js (`npm run test:db`); `npm run check:suites` fails when a suite
// of this set reaches the helpers that open them (docs/toolchain.md "A slow unit suite in Jest").
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2023',
        // `import x from './x.json' with { type: 'json' }` reaches Jest with its attribute, as Node requires.
        experimental: { keepImportAttributes: true },
      },
      module: { type: 'es6' },
    },
  ],
};

/** The workspaces that hold suites, each a Jest project named after it. */
export const TEST_WORKSPACES = [
  'shared-contracts',
  'platform',
  'shell',
  'mf-landing',
  'mf-checkout',
  'mf-account',
  'mf-blog',
  'mf-campaign',
  'locales',
  'scripts',
  'bench',
];

/** How a suite that opens PGlite, PostgreSQL or Redis is named: it runs in the database set, never in the pure one. */
export const DATABASE_SUITE_PATTERN = '\\.db\\.test\\.tsx?$';

/**
 * Database suites whose owners have not renamed them to `*.db.test.ts` yet (their folders belong to work in
 * progress elsewhere): they run in the database set by name. Rename one, then delete its line.
 */
export const DATABASE_SUITES_AWAITING_RENAME = [];

const escapeForPattern = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A workspace's Jest project: its suites beside the code, matched and ignored as the set says. */
export function createWorkspaceProject(workspace, { testMatch, testPathIgnorePatterns }) {
  return {
    displayName: workspace,
    rootDir: `<rootDir>/${workspace}`,
    testMatch,
    // bench/results/ holds the benchmarks' copies of the sources (git-ignored), suites included.
    testPathIgnorePatterns: ['/node_modules/', '/bench/results/', ...testPathIgnorePatterns],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform,
    testEnvironment: 'node',
    setupFiles: ['<rootDir>/../jest.setup.js'],
    setupFilesAfterEnv: ['<rootDir>/../jest.setup-after-env.js'],
    moduleNameMapper: {
      '\\.module\\.css$': '<rootDir>/../jest.css-modules.js',
      '\\.css$': '<rootDir>/../jest.css-modules.js',
    },
  };
}

/** @type {import('jest').Config} */
export default {
  testTimeout: 30_000,
  // Two cores: Jest's default (cores - 1) would run every suite in one worker.
  maxWorkers: 2,
  projects: [
    ...TEST_WORKSPACES.map((workspace) =>
      createWorkspaceProject(workspace, {
        testMatch: ['<rootDir>/**/*.test.ts?(x)'],
        testPathIgnorePatterns: [DATABASE_SUITE_PATTERN, ...DATABASE_SUITES_AWAITING_RENAME.map((file) => `/${escapeForPattern(file)}$`)],
      }),
    ),
    {
      displayName: 'build',
      rootDir: '<rootDir>',
      testMatch: ['<rootDir>/rspack.base.test.ts', '<rootDir>/rspack/*.test.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      transform,
      testEnvironment: 'node',
    },
  ],
};
