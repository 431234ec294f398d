// Jest runs TypeScript as ES modules (the code uses import.meta), one project per workspace.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2023' },
      module: { type: 'es6' },
    },
  ],
};

const WORKSPACES = ['shared-contracts', 'platform', 'shell', 'mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign', 'locales'];

/** @type {import('jest').Config} */
export default {
  // Hooks open an embedded PostgreSQL (PGlite, a WebAssembly build): a few seconds on a busy 2-core machine.
  testTimeout: 30_000,
  // Two cores: Jest's default (cores - 1) would run every suite in one worker.
  maxWorkers: 2,
  globalSetup: '<rootDir>/jest.global-setup.js',
  globalTeardown: '<rootDir>/jest.global-teardown.js',
  projects: [
    ...WORKSPACES.map((workspace) => ({
      displayName: workspace,
      rootDir: `<rootDir>/${workspace}`,
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/'],
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      transform,
      testEnvironment: 'node',
      setupFiles: ['<rootDir>/../jest.setup.js'],
      setupFilesAfterEnv: ['<rootDir>/../jest.setup-after-env.js'],
      moduleNameMapper: {
        '\\.module\\.css$': '<rootDir>/../jest.css-modules.js',
        '\\.css$': '<rootDir>/../jest.css-modules.js',
      },
    })),
    {
      displayName: 'build',
      rootDir: '<rootDir>',
      testMatch: ['<rootDir>/rspack.base.test.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      transform,
      testEnvironment: 'node',
    },
  ],
};
