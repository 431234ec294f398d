import { execFile } from 'node:child_process';
import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as z from 'zod/mini';
import { expect, readText, test } from '../fixtures.ts';
import { E2E_BASE_URL, E2E_DIR, E2E_RELEASES_DIR } from '../test-site.ts';

const run = promisify(execFile);
const PROBE = path.resolve(import.meta.dirname, '..', 'server-unload-probe.ts');

/** The probe's report (`UnloadReport` in e2e/server-unload-probe.ts). */
const unloadReportSchema = z.object({
  loadedBefore: z.object({ old: z.boolean(), pinned: z.boolean(), live: z.boolean() }),
  pinnableBefore: z.object({ old: z.boolean(), pinned: z.boolean(), live: z.boolean() }),
  unloaded: z.array(z.string()),
  oldContainerCollected: z.boolean(),
  oldExportsCollected: z.boolean(),
  oldFinalized: z.boolean(),
  pinnedContainerAlive: z.boolean(),
  cachedFilesAfter: z.object({ old: z.number(), pinned: z.number() }),
  federationMentionsOfOld: z.array(z.string()),
  liveHealthyAfter: z.boolean(),
  oldReloadsAfter: z.boolean(),
  reloadedUnloaded: z.array(z.string()),
  reloadedCollected: z.boolean(),
  liveRender: z.object({ status: z.number(), unavailable: z.array(z.string()), html: z.string(), errors: z.array(z.string()) }),
});

/** The releases folder reached through a link, as a deployment may have it (Node's module cache keys real paths). */
const LINKED_RELEASES_DIR = path.join(E2E_DIR, 'releases-link');

// docs/operations.md "Memory": a remote version the registry no longer lists leaves the host's memory.
for (const [how, releasesDir] of [
  ['in the releases folder', E2E_RELEASES_DIR],
  ['behind a link to the releases folder', LINKED_RELEASES_DIR],
] as const) {
  test(`a remote version that left the registry is collected after the unload, the pinned and live ones stay (${how})`, async ({ fixtures }) => {
    await rm(LINKED_RELEASES_DIR, { force: true });
    await symlink(E2E_RELEASES_DIR, LINKED_RELEASES_DIR);
    // The old version is the one with the "new" badge: the live render must not show it.
    const old = fixtures.campaignNext;
    const pinned = fixtures.campaignWithMigration;
    const live = fixtures.initial['mf-campaign']!;
    const { stdout } = await run(
      process.execPath,
      ['--expose-gc', PROBE, releasesDir, fixtures.initial.shell!, 'mf-campaign', old, pinned, live, E2E_BASE_URL, '/sales-campaign'],
      { timeout: 25_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = unloadReportSchema.parse(JSON.parse(stdout.trim().split('\n').at(-1)!));

    expect(report.loadedBefore).toEqual({ old: true, pinned: true, live: true });
    expect(report.pinnableBefore).toEqual({ old: false, pinned: true, live: true });
    expect(report.unloaded).toEqual([`mf-campaign@${old}`]);
    expect(report.cachedFilesAfter.old).toBe(0);
    expect(report.cachedFilesAfter.pinned).toBeGreaterThan(0);
    expect(report.federationMentionsOfOld).toEqual([]);
    expect(report.oldContainerCollected).toBe(true);
    expect(report.oldExportsCollected).toBe(true);
    expect(report.oldFinalized).toBe(true);
    expect(report.pinnedContainerAlive).toBe(true);
    expect(report.liveHealthyAfter).toBe(true);
    expect(report.oldReloadsAfter).toBe(true);
    // After the unload the live version still renders its page (the squads' APIs answered by the test site).
    expect(report.liveRender).toMatchObject({ status: 200, unavailable: [], errors: [] });
    expect(report.liveRender.html).toContain(readText('en', 'sales_campaign', 'heading'));
    expect(report.liveRender.html).not.toContain('data-testid="release-badge"');
    // Loaded again, the old version is the latest of its remote to have loaded: the next unload still frees it.
    expect(report.reloadedUnloaded).toEqual([`mf-campaign@${old}`]);
    expect(report.reloadedCollected).toBe(true);
  });
}
