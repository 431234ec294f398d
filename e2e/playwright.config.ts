import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { E2E_BASE_URL } from './test-site.ts';

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
    // The journeys start as visitors who already answered the consent question (declined), so the consent
    // card stays out of their way; tracking.spec.ts starts without an answer.
    storageState: { cookies: [{ name: 'rk_consent', value: 'denied', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] },
  },
  webServer: {
    command: 'node e2e/start-test-site.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/favicon.ico`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
