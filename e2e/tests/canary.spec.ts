import * as z from 'zod/mini';
import { isInCanary, type ActiveCanary } from '../../platform/src/release/canary.ts';
import { expect, readText, runRelease, test, waitForLive } from '../fixtures.ts';
import { startLoad } from '../load.ts';
import { E2E_OWNER_KEY, E2E_BASE_URL } from '../test-site.ts';

/**
 * docs/releases.md "Canary": a canary serves a sticky cohort beside the live version, is judged by its error rate
 * against the live version's, and is rolled back or promoted by itself. The test site judges it on 20 requests,
 * in steps of 1.5 s, every 250 ms (test-site.ts).
 */
// A canary's slice is prepared (its API loaded, its migrations applied) before it serves: seconds on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const statusSchema = z.looseObject({
  live: z.record(z.string(), z.string()),
  canaries: z.array(z.object({ app: z.string(), version: z.string(), percent: z.number() })),
  history: z.array(z.looseObject({ app: z.string(), action: z.string(), from: z.nullable(z.string()), to: z.string(), by: z.string() })),
});
const readStatus = async () =>
  statusSchema.parse(await (await fetch(`${E2E_BASE_URL}/admin/releases`, { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } })).json());

/** A seed (as the cohort cookie carries it) inside or outside a canary. */
function findSeed(canary: ActiveCanary, inside: boolean): string {
  for (let index = 0; ; index += 1) {
    const seed = `journeyseed${String(index).padStart(8, '0')}`;
    if (isInCanary(seed, canary) === inside) return seed;
  }
}

test('a canary of mf-landing that throws on one route is rolled back by itself under load, and the stable cohort sees no error', async ({
  fixtures,
}) => {
  const version = fixtures.landingThrowingOnOneRoute;
  const live = fixtures.initial['mf-landing']!;
  const canary = { app: 'mf-landing', version, percent: 20 };
  const canarySeed = findSeed(canary, true);
  const stableCookie = `rk_cohort=${findSeed(canary, false)}.-`;
  const canaryCookie = `rk_cohort=${canarySeed}.mf-landing@${version}`;
  await runRelease('canary', 'mf-landing', version, '20', '--steps', 'none');
  try {
    await expect.poll(async () => (await readStatus()).canaries, { timeout: 30_000 }).toEqual([canary]);
    // A new visitor gets a cohort cookie at the first page; a visitor of the canary's cohort gets the canary's page.
    expect((await fetch(`${E2E_BASE_URL}/`)).headers.get('set-cookie')).toMatch(/(?:^|, )rk_cohort=[\w-]{16}\.(?:-|mf-landing@[\w.-]+);/);
    const stablePage = await fetch(`${E2E_BASE_URL}/product-overview`, { headers: { cookie: stableCookie } });
    expect(stablePage.status).toBe(200);

    const stableLoad = startLoad(`${E2E_BASE_URL}/product-overview`, { connections: 3, seconds: 60, headers: [`Cookie: ${stableCookie}`] });
    // New visitors on a route the canary renders well: both cohorts, and nobody fails.
    const newVisitorsLoad = startLoad(`${E2E_BASE_URL}/`, { connections: 3, seconds: 60 });
    let canaryFailures = 0;
    await expect
      .poll(
        async () => {
          for (let index = 0; index < 5; index += 1) {
            const answer = await fetch(`${E2E_BASE_URL}/product-overview`, { headers: { cookie: canaryCookie } });
            if (answer.status >= 500) canaryFailures += 1;
            await answer.arrayBuffer();
          }
          return (await readStatus()).canaries.length;
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBe(0);
    const [stable, newVisitors] = await Promise.all([stableLoad.stop(), newVisitorsLoad.stop()]);
    test.info().annotations.push({
      type: 'load',
      description: `stable ${stable.requests}, new visitors ${newVisitors.requests}, canary failures ${canaryFailures}`,
    });
    expect(canaryFailures).toBeGreaterThan(0);
    expect(stable.requests, stable.output).toBeGreaterThan(20);
    expect(stable.failed, stable.output).toBe(0);
    expect(newVisitors.failed, newVisitors.output).toBe(0);

    // The history says who rolled it back and why (the instance's copy follows within a refresh).
    const rollbacks = async () => {
      const { history } = await readStatus();
      const started = history.findLastIndex((event) => event.action === 'canary' && event.to === version);
      return history.slice(started).filter((event) => event.action === 'canary-rollback' && event.from === version);
    };
    await expect
      .poll(rollbacks, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ to: live, by: 'automatic rollback', reason: expect.stringMatching(/^error rate/) })]);
    expect((await readStatus()).live['mf-landing']).toBe(live);
    // The canary's visitor gets the live page from the next request, and a cookie that says so.
    const after = await fetch(`${E2E_BASE_URL}/product-overview`, { headers: { cookie: canaryCookie } });
    expect(after.status).toBe(200);
    const afterHtml = await after.text();
    expect(afterHtml).toContain(`<h1`);
    expect(afterHtml).toContain(readText('en', 'product_overview', 'heading'));
    expect(afterHtml).toContain(`/static/mf-landing/${live}/`);
    expect(afterHtml).not.toContain(`/static/mf-landing/${version}/`);
    expect(after.headers.get('set-cookie')).toContain(`rk_cohort=${canarySeed}.-;`);
  } finally {
    await runRelease('canary', 'mf-landing', 'rollback').catch(() => undefined);
  }
});

test('a healthy canary advances through its steps to 100 % and becomes the live version', async ({ fixtures }) => {
  const version = fixtures.campaignNext;
  const live = fixtures.initial['mf-campaign']!;
  await runRelease('canary', 'mf-campaign', version, '25', '--steps', '50,100');
  const shares = new Set<number>();
  try {
    // New visitors on a page of the campaign squad, until the canary has gone live (each step lasts 1.5 s).
    await expect
      .poll(
        async () => {
          await Promise.all(Array.from({ length: 8 }, () => fetch(`${E2E_BASE_URL}/store`).then((answer) => answer.arrayBuffer())));
          const status = await readStatus();
          const share = status.canaries.find((canary) => canary.app === 'mf-campaign')?.percent;
          if (share !== undefined) shares.add(share);
          return status.live['mf-campaign'];
        },
        { timeout: 60_000, intervals: [150] },
      )
      .toBe(version);
    expect([...shares]).toEqual(expect.arrayContaining([25, 50]));
    const events = (await readStatus()).history.filter((event) => event.app === 'mf-campaign' && event.to === version).slice(-3);
    expect(events).toEqual([
      expect.objectContaining({ action: 'canary', percent: 25 }),
      expect.objectContaining({ action: 'canary', percent: 50, by: 'canary schedule' }),
      expect.objectContaining({ action: 'promote', from: live, by: 'canary schedule' }),
    ]);
    // Everyone gets it now, without a cohort cookie.
    const page = await fetch(`${E2E_BASE_URL}/store`);
    expect(await page.text()).toContain('data-testid="release-badge"');
    expect(page.headers.get('set-cookie') ?? '').not.toContain('rk_cohort');
  } finally {
    const status = await readStatus();
    if (status.canaries.some((canary) => canary.app === 'mf-campaign')) await runRelease('canary', 'mf-campaign', 'rollback');
    if (status.live['mf-campaign'] === version) await runRelease('rollback', 'mf-campaign');
    await waitForLive('mf-campaign', live);
  }
});
