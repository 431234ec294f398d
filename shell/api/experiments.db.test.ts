import path from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CLIENT_IP_HEADER, type CheckoutAttributionAnswer } from '@reelkeep/shared-contracts';
import type { Database } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { installTestApiKey } from '@reelkeep/platform/testing/api-keys';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { listTestDatabases } from '@reelkeep/platform/testing/databases';
import siteApi from './api.ts';
import { createExperimentRoutes, EXPERIMENTS_ADMIN_ENDPOINT, EXPOSURE_ENDPOINT } from './experiments.ts';
import { experimentsReadoutAnswerSchema as readoutAnswerSchema } from '../../e2e/operator-answers.ts';
import type { SiteSettings } from './settings.ts';

/** An analyst's API key: the readout needs `analytics:read`. */
const ADMIN_TOKEN = `rk_experiments-${'k'.repeat(28)}`;
/** The checkout's figures as its internal route answers them (its own suite checks them against real orders). */
const CHECKOUT_FIGURES: CheckoutAttributionAnswer = {
  cscode: 200,
  experiments: [
    { experiment: 'sidebar', variant: 'a', checkouts: 3, orders: 1, revenueCents: 8990 },
    { experiment: 'sidebar', variant: 'b', checkouts: 4, orders: 2, revenueCents: 23880 },
  ],
  affiliates: [{ affiliate: '123', checkouts: 2, orders: 1, revenueCents: 8990 }],
  ads: [{ ad: '=cmd', checkouts: 1, orders: 1, revenueCents: 8990 }],
  recentOrders: [],
};

describe.each(listTestDatabases())('experiment exposures and readout on %s (docs/experiments.md)', (_kind, open) => {
  let db: Database;
  let context: HostContext<SiteSettings>;
  let routes: ApiRoute<SiteSettings>[];
  let checkoutUp = true;
  let address = 0;

  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await installTestApiKey(db, ADMIN_TOKEN, 'analyst');
    await applyMigrations(db, 'site', path.join(import.meta.dirname, 'migrations'));
    context = createTestHostContext(db, {
      module: siteApi,
      env: { TRACKING_RATE_LIMIT: '100' },
      fetchApi: async (apiPath) =>
        apiPath === '/api/checkout/internal/attribution' && checkoutUp ? Response.json(CHECKOUT_FIGURES) : new Response(null, { status: 503 }),
    });
    routes = createExperimentRoutes();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM site.experiment_exposures');
    checkoutUp = true;
  });
  afterAll(() => db.close());

  const expose = (body: Record<string, unknown>, cookie = '', headers: Record<string, string> = {}) => {
    address += 1;
    return routes
      .find((route) => route.path === EXPOSURE_ENDPOINT)!
      .handle(
        new Request(`http://localhost${EXPOSURE_ENDPOINT}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', cookie, [CLIENT_IP_HEADER]: `10.2.0.${address}`, ...headers },
        }),
        context,
      );
  };
  const seen = (page: string, variant = 'b', experiment = 'sidebar') => ({ experiment, variant, page, path: '/how-to-download-netflix-videos' });
  const stored = () =>
    db.query<{ variant: string; visitor_id: string | null }>('SELECT variant, visitor_id FROM site.experiment_exposures ORDER BY id');
  const readout = (query = '', token = ADMIN_TOKEN) =>
    routes
      .find((route) => route.path === EXPERIMENTS_ADMIN_ENDPOINT)!
      .handle(new Request(`http://localhost${EXPERIMENTS_ADMIN_ENDPOINT}${query}`, { headers: { authorization: `Bearer ${token}` } }), context);

  describe(`POST ${EXPOSURE_ENDPOINT} (docs/experiments.md "Exposure")`, () => {
    it('records a page once per experiment, and without consent no visitor id', async () => {
      expect(await (await expose(seen('page-0001'), 'sidebarAB=b; _EA_GUID=guid-0123456789')).json()).toEqual({ cscode: 200, recorded: true });
      expect(await (await expose(seen('page-0001'), 'sidebarAB=b')).json()).toEqual({ cscode: 200, recorded: false });
      expect(await (await expose(seen('page-0002'), 'sidebarAB=b')).json()).toEqual({ cscode: 200, recorded: true });
      expect(await stored()).toEqual([
        { variant: 'b', visitor_id: null },
        { variant: 'b', visitor_id: null },
      ]);
    });

    it('records a consenting visitor once per experiment, on any page; never under Global Privacy Control', async () => {
      const consenting = 'rk_consent=granted; _EA_GUID=guid-0123456789; sidebarAB=a; resourceBannerAB=b';
      expect((await (await expose(seen('page-0003', 'a'), consenting)).json()).recorded).toBe(true);
      expect((await (await expose(seen('page-0004', 'a'), consenting)).json()).recorded).toBe(false);
      expect((await (await expose(seen('page-0004', 'b', 'resource_banner'), consenting)).json()).recorded).toBe(true);
      await expose(seen('page-0005', 'a'), consenting.replace('guid-0123456789', 'guid-9876543210'), { 'sec-gpc': '1' });
      expect((await stored()).map((row) => row.visitor_id)).toEqual(['guid-0123456789', 'guid-0123456789', null]);
    });

    it('counts nothing for an experiment the console closed, and counts again once it is opened (docs/experiments.md "Opening and closing")', async () => {
      await db.query(`INSERT INTO platform.experiment_switches (experiment, open, changed_by) VALUES ('sidebar', false, 'test')
         ON CONFLICT (experiment) DO UPDATE SET open = false`);
      try {
        const closed = await expose(seen('page-0010'), 'sidebarAB=b');
        expect(closed.status).toBe(404);
        const report = z
          .object({ experiments: z.array(z.object({ experiment: z.string(), open: z.boolean() })) })
          .parse(await (await readout()).json());
        expect(report.experiments.find((experiment) => experiment.experiment === 'sidebar')?.open).toBe(false);
        await db.query(`UPDATE platform.experiment_switches SET open = true WHERE experiment = 'sidebar'`);
        expect((await (await expose(seen('page-0011'), 'sidebarAB=b')).json()).recorded).toBe(true);
      } finally {
        await db.query(`DELETE FROM platform.experiment_switches`);
      }
    });

    it.each([
      { body: seen('page-0006', 'a'), cookie: 'sidebarAB=b', status: 409, error: 'variant_not_assigned' },
      { body: seen('page-0006', 'c'), cookie: 'sidebarAB=c', status: 409, error: 'variant_not_assigned' },
      { body: seen('page-0006', 'a', 'hero'), cookie: 'sidebarAB=a', status: 404, error: 'experiment_unknown' },
      // The price experiment is closed here (AB_PLAN_PRICE_OPEN unset).
      { body: seen('page-0006', 'price_b', 'ab_plan_price'), cookie: 'abPlanPrice=price_b', status: 404, error: 'experiment_unknown' },
      { body: { ...seen('page-0006'), page: 'short' }, cookie: 'sidebarAB=b', status: 400, error: 'invalid_exposure' },
      { body: { ...seen('page-0006'), path: 'https://elsewhere.example/' }, cookie: 'sidebarAB=b', status: 400, error: 'invalid_exposure' },
    ])('refuses $body.experiment=$body.variant with cookie $cookie: $status $error', async ({ body, cookie, status, error }) => {
      const answer = await expose(body, cookie);
      expect(answer.status).toBe(status);
      expect((await answer.json()).error).toBe(error);
      expect(await stored()).toEqual([]);
    });
  });

  describe(`GET ${EXPERIMENTS_ADMIN_ENDPOINT} (docs/experiments.md "Readout")`, () => {
    it('is for the operator only', async () => {
      expect((await readout('', 'wrong-token-123456789')).status).toBe(401);
      expect((await readout('?format=xml')).status).toBe(400);
    });

    it('joins exposures and the checkout’s figures per variant, with conversion, interval and P(beats control)', async () => {
      for (const [index, variant] of ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b'].entries())
        await expose(seen(`page-1${String(index).padStart(4, '0')}`, variant), `sidebarAB=${variant}`);
      const body = readoutAnswerSchema.parse(await (await readout()).json());
      const sidebar = body.experiments.find((experiment) => experiment.experiment === 'sidebar')!;
      expect(sidebar.control).toBe('a');
      expect(
        sidebar.variants.map(({ variant, exposed, checkouts, orders, revenueCents, conversion }) => ({
          variant,
          exposed,
          checkouts,
          orders,
          revenueCents,
          conversion,
        })),
      ).toEqual([
        { variant: 'a', exposed: 4, checkouts: 3, orders: 1, revenueCents: 8990, conversion: 0.25 },
        { variant: 'b', exposed: 4, checkouts: 4, orders: 2, revenueCents: 23880, conversion: 0.5 },
      ]);
      expect(sidebar.variants[0]!.probabilityBeatsControl).toBeNull();
      expect(sidebar.variants[1]!.probabilityBeatsControl).toBeGreaterThan(0.5);
      expect(sidebar.variants[1]!.conversionLow).toBeLessThan(0.5);
      expect(body.experiments.map((experiment) => [experiment.experiment, experiment.open])).toEqual([
        ['ab_plan_price', false],
        ['sidebar', true],
        ['resource_banner', true],
      ]);
      expect(body.affiliates).toEqual([{ id: '123', checkouts: 2, orders: 1, revenueCents: 8990 }]);
      expect(body.checkoutAvailable).toBe(true);
    });

    it('exports CSV, neutralising spreadsheet formulas', async () => {
      await expose(seen('page-2000', 'b'), 'sidebarAB=b');
      const answer = await readout('?format=csv');
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await answer.text()).split('\r\n');
      expect(lines[0]).toBe(
        'section,experiment,variant,exposed,checkouts,orders,revenue_usd,conversion,conversion_low,conversion_high,p_beats_control',
      );
      expect(lines).toContain('experiment,sidebar,b,1,4,2,238.80,1,0.2065,1,0.6726');
      expect(lines).toContain('affiliate,123,,,2,1,89.90,,,,');
      expect(lines).toContain("ad,'=cmd,,,1,1,89.90,,,,");
    });

    it('still shows exposures while the checkout does not answer', async () => {
      checkoutUp = false;
      await expose(seen('page-3000', 'b'), 'sidebarAB=b');
      const body = readoutAnswerSchema.parse(await (await readout()).json());
      expect(body.checkoutAvailable).toBe(false);
      expect(body.experiments[1]!.variants[1]).toMatchObject({ variant: 'b', exposed: 1, orders: 0 });
    });
  });
});
