import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { E2E_BASE_URL, E2E_CONSENT_STATE } from './test-site.ts';

export default defineConfig({
  testDir: './tests',
  // The release journeys switch live versions of the one test site: run the files one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The consent card stays out of the journeys' way (test-site.ts).
    storageState: E2E_CONSENT_STATE,
  },
  webServer: {
    command: 'node e2e/start-test-site.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/favicon.ico`,
    // The test site builds every app and the fixture versions first: about a minute alone, several on a busy machine.
    timeout: 360_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
