// The database set (`npm run test:db`): suites that open PGlite, and PostgreSQL and Redis when TEST_DATABASE_URL and
// TEST_REDIS_URL name them (.ci/run does). Same projects as jest.config.js, holding only `*.db.test.ts(x)`.
import { createWorkspaceProject, DATABASE_SUITES_AWAITING_RENAME, TEST_WORKSPACES } from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  // Hooks open an embedded PostgreSQL (PGlite, a WebAssembly build), apply migrations and wait for a shared
  // PostgreSQL schema: on a busy two-core machine one such hook took over 30 s (stop 36).
  testTimeout: 60_000,
  maxWorkers: 2,
  globalSetup: '<rootDir>/jest.global-setup.js',
  globalTeardown: '<rootDir>/jest.global-teardown.js',
  projects: TEST_WORKSPACES.map((workspace) =>
    createWorkspaceProject(workspace, {
      testMatch: [
        '<rootDir>/**/*.db.test.ts?(x)',
        ...DATABASE_SUITES_AWAITING_RENAME.filter((file) => file.startsWith(`${workspace}/`)).map(
          (file) => `<rootDir>/${file.slice(workspace.length + 1)}`,
        ),
      ],
      testPathIgnorePatterns: [],
    }),
  ),
};
