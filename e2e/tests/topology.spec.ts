import { readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTopology, stopAbandonedTopology, stopPid, type Topology } from '@reelkeep/platform/topology';
import { expect, readJson, test } from '../fixtures.ts';
import { adminReleasesAnswerSchema } from '../operator-answers.ts';
import { E2E_ENV, E2E_RELEASES_DIR } from '../test-site.ts';

/**
 * docs/operations.md "The topology", docs/releases.md "Artifact origin": the production topology (PostgreSQL,
 * Redis, the nginx artifact origin, three instances on empty releases folders, Varnish in front), started once
 * for the file with the journeys' builds. A new instance pulls what the registry says is live; a copy that went
 * bad on the origin is refused and the last good version stays live; promotion refuses what the origin lacks.
 */
const BASE_PORT = Number(process.env.E2E_TOPOLOGY_PORT ?? 45_420);
/** A fresh instance loads and checks every release it pulls: on a busy two-core machine that takes a while. */
const START_TIMEOUT_MS = 480_000;
const TOPOLOGY_DIR = path.join(tmpdir(), `reelkeep-e2e-topology-${BASE_PORT}`);

let topology: Topology;
let isStarted = false;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ fixtures }) => {
  test.setTimeout(START_TIMEOUT_MS);
  topology = await startTopology({
    dir: TOPOLOGY_DIR,
    basePort: BASE_PORT,
    build: { releasesDir: E2E_RELEASES_DIR, live: fixtures.initial },
    publishAlso: [{ 'mf-campaign': fixtures.campaignNext }],
    env: { REMOTE_LOAD_TIMEOUT_MS: '5000', LOG_LEVEL: 'info', CHECKOUT_RATE_LIMIT: E2E_ENV.CHECKOUT_RATE_LIMIT! },
  });
  isStarted = true;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  // A start cut by its time-out left its parts running: they are stopped by the pids it recorded.
  await (isStarted ? topology.stop() : stopAbandonedTopology(TOPOLOGY_DIR));
});

/** An instance's live versions, as `GET /admin/releases` tells them. */
async function readLive(site: string): Promise<Record<string, string>> {
  const answer = await fetch(`${site}/admin/releases`, { headers: { authorization: `Bearer ${topology.apiKey}` } });
  return (await readJson(answer, adminReleasesAnswerSchema)).live;
}

test('a fourth instance started on an empty releases folder serves the live versions after pulling them', async ({ fixtures }) => {
  test.setTimeout(START_TIMEOUT_MS);
  const fourth = await topology.spawnInstance('instance-4', topology.ports.extra(0));
  try {
    expect(await readdir(fourth.releasesDir).then((apps) => apps.filter((app) => !app.startsWith('.')).sort())).toEqual(
      Object.keys(fixtures.initial).sort(),
    );
    expect(await readLive(fourth.url)).toEqual(fixtures.initial);
    const page = await fetch(`${fourth.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Browser files come from the artifact origin (ASSET_ORIGIN), kept for good.
    const script = new RegExp(`${topology.origin.url}/static/shell/${fixtures.initial.shell}/[^"]+\\.js`).exec(html)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(script!);
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(await readFile(fourth.logFile, 'utf8')).toContain('"msg":"release pulled from the artifact origin","app":"mf-landing"');
  } finally {
    await stopPid(fourth.pid);
  }
});

test('a corrupt artifact on the origin is refused and the last good version stays live', async ({ fixtures }) => {
  test.setTimeout(START_TIMEOUT_MS);
  const next = fixtures.campaignNext;
  const promoted = await topology.release('promote', 'mf-campaign', next);
  expect(promoted.code, promoted.output).toBe(0);
  // The origin's copy goes bad after the promotion (a disk, an operator): instances that pull it now refuse it.
  const tampered = path.join(topology.origin.dataDir, 'releases', 'mf-campaign', next, 'server', 'remoteEntry.cjs');
  const original = await readFile(tampered);
  await writeFile(tampered, Buffer.concat([original, Buffer.from('\n;globalThis.owned = true;')]));
  let fifth: Awaited<ReturnType<Topology['spawnInstance']>> | undefined;
  try {
    fifth = await topology.spawnInstance('instance-5', topology.ports.extra(1));
    expect(await readLive(fifth.url)).toEqual(fixtures.initial);
    expect((await fetch(`${fifth.url}/`)).status).toBe(200);
    const log = await readFile(fifth.logFile, 'utf8');
    expect(log).toContain('release refused at load: the artifact origin could not give it');
    expect(log).toContain(`mf-campaign@${next}: server/remoteEntry.cjs on the artifact origin does not match its recorded hash`);
    expect(await readdir(path.join(fifth.releasesDir, 'mf-campaign'))).toEqual([fixtures.initial['mf-campaign']]);

    // Repaired on the origin: the instance pulls it on a later poll, without a restart or a new promote.
    await writeFile(tampered, original);
    await expect.poll(async () => (await readLive(fifth!.url))['mf-campaign'], { timeout: 20_000 }).toBe(next);
  } finally {
    await writeFile(tampered, original);
    if (fifth) await stopPid(fifth.pid);
    const rolledBack = await topology.release('rollback', 'mf-campaign');
    expect(rolledBack.code, rolledBack.output).toBe(0);
  }
});

test('promote refuses a version the origin does not hold, and the live one stays', async ({ fixtures }) => {
  const before = await readLive(topology.instances[0]!.url);
  const refused = await topology.release('promote', 'mf-checkout', fixtures.checkoutNextSlice);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain(`refusing to promote mf-checkout@${fixtures.checkoutNextSlice}:`);
  expect(refused.output).toContain(`the artifact origin holds no mf-checkout@${fixtures.checkoutNextSlice}; publish it first`);
  const status = await topology.release('status');
  expect(JSON.parse(status.output.slice(status.output.indexOf('{'))).live['mf-checkout']).toBe(before['mf-checkout']);
  // The site, through Varnish, still answers from every instance.
  for (let i = 0; i < 6; i += 1) expect((await fetch(`${topology.url}/checkout`)).status).toBe(200);
});
