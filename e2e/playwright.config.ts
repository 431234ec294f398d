import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './chromium.ts';
import { E2E_BASE_URL, E2E_CONSENT_STATE } from './test-site.ts';

/**
 * Journeys that change what every visitor of the one test site sees: they switch or roll back releases, start
 * campaigns or experiments, purge the page cache, send push messages to every subscriber, count site-wide events,
 * or stop the site's servers. They run one at a time, after the others (docs/testing.md "Two groups of journeys").
 */
const SITE_WIDE = [
  'abuse.spec.ts',
  'campaign-dialogs.spec.ts',
  'campaign.spec.ts',
  'canary.spec.ts',
  'console-campaigns.spec.ts',
  'console-orders.spec.ts',
  'console-pages.spec.ts',
  'experiments.spec.ts',
  'failure-isolation.spec.ts',
  'page-cache.spec.ts',
  'releases.spec.ts',
  'server-rendering.spec.ts',
  'tracking.spec.ts',
  'web-push.spec.ts',
];

/**
 * Journeys that bring servers of their own (a cluster of instances, their own PostgreSQL or Redis, the topology) and
 * leave the test site alone: one at a time, beside the site-wide ones, after the visitors' journeys.
 */
const OWN_SERVERS = [
  'campaign-release.spec.ts',
  'console-shell.spec.ts',
  'postgres-faults.spec.ts',
  'redis-faults.spec.ts',
  'slices.spec.ts',
  'topology.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  // Two at a time: two visitors' journeys, or one site-wide journey beside one that brings its own servers.
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'visitors', testIgnore: [...SITE_WIDE, ...OWN_SERVERS] },
    // After the visitors' journeys, so no switch, campaign or purge lands in the middle of one of them. `npm run test:e2e`
    // (run-journeys.ts) runs these two groups side by side in a second Playwright run with `--no-deps`: a failure before
    // does not skip them. One worker each: one journey of each group at a time.
    { name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['visitors'], workers: 1 },
    { name: 'own-servers', testMatch: OWN_SERVERS, dependencies: ['visitors'], workers: 1 },
  ],
  // On CI a failed journey runs once more, and run-journeys.ts ends its output with every journey that failed or
  // passed only on that retry, so a timing flake on a loaded machine is named in the log instead of hiding the rest.
  retries: process.env.CI ? 1 : 0,
  // A journey walks through several pages: on a two-core CI machine at a load average of 9, with two browsers and the
  // site on it, the longest of the default ones (the Google sign-in, the header in eight locales at 320 px) reached
  // 30 s (2026-11-29). Longer journeys set their own (`test.setTimeout`).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: { executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace costs Chromium and the runner about a third more CPU for every journey, failing or not
    // (measured on four visitors' files, two workers, 2026-11-29: 97 and 92 s with traces against 67 and 75 s
    // without). On CI a failed journey runs once more, and that retry records its trace; locally, with no retry,
    // a failed journey keeps the trace of its one run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The consent card stays out of the journeys' way (test-site.ts).
    storageState: E2E_CONSENT_STATE,
  },
  webServer: {
    command: 'node e2e/start-test-site.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/favicon.ico`,
    // The test site builds every app and the fixture versions first: about a minute alone, several on a busy machine.
    timeout: 360_000,
    // run-journeys.ts starts the one test site itself for its two runs; a plain `playwright test` never shares a stale one.
    reuseExistingServer: process.env.E2E_SITE_STARTED === 'true',
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
