import {
  checkoutAttributionAnswerSchema,
  CLIENT_IP_HEADER,
  EXPERIMENTS,
  experimentExposureInput,
  experimentReadoutQuery,
  isKnownVariant,
  oncePerContext,
  PRICE_EXPERIMENT_KEY,
  readCookie,
  readInput,
  respondJson,
  type CheckoutAttributionAnswer,
  type ExperimentDefinition,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { buildExperimentReadout, renderReadoutCsv, type ExposureCount } from './experiment-readout.ts';
import type { SiteSettings } from './settings.ts';
import { requestConsent } from './tracking.ts';

/** `POST`: a page shows a variant (docs/experiments.md "Exposure"). */
export const EXPOSURE_ENDPOINT = '/api/site/experiments/exposure';
/** `GET` with an API key or console session holding `analytics:read`: the readout, JSON or `?format=csv` (docs/experiments.md "Readout"). */
export const EXPERIMENTS_ADMIN_ENDPOINT = '/api/site/admin/experiments';
const CHECKOUT_ATTRIBUTION_PATH = '/api/checkout/internal/attribution';
/** Exposures per client address and minute: TRACKING_RATE_LIMIT, like tracking events. */
const EXPOSURE_WINDOW_MS = 60_000;
const OPAQUE_ID = /^[\w-]{8,64}$/;

/**
 * The registry as this site runs it: the price experiment opened by AB_PLAN_PRICE_OPEN (docs/commerce.md "Price
 * experiment"), the others as the console last opened or closed them (docs/experiments.md "Opening and closing").
 */
async function runningRegistry(context: HostContext<SiteSettings>): Promise<ExperimentDefinition[]> {
  const switches = await context.db
    .query<{ experiment: string; open: boolean }>(`SELECT experiment, open FROM platform.experiment_switches`)
    .catch((): { experiment: string; open: boolean }[] => []);
  return EXPERIMENTS.map((experiment) => {
    if (experiment.key === PRICE_EXPERIMENT_KEY) return { ...experiment, open: context.site.AB_PLAN_PRICE_OPEN };
    const switched = switches.find((entry) => entry.experiment === experiment.key);
    return switched ? { ...experiment, open: switched.open } : experiment;
  });
}

/** The consenting visitor's tracking id (docs/tracking.md "Tracking cookies"), or null. */
function readConsentingVisitor(request: Request): string | null {
  if (!requestConsent(request)) return null;
  const cookie = request.headers.get('cookie');
  const id = readCookie(cookie, '_EA_GUID') ?? readCookie(cookie, '_T_EA_GUID');
  return id !== undefined && OPAQUE_ID.test(id) ? id : null;
}

async function readCheckoutFigures(context: HostContext<SiteSettings>): Promise<CheckoutAttributionAnswer | null> {
  try {
    const response = await context.fetchApi(CHECKOUT_ATTRIBUTION_PATH);
    if (!response.ok) return null;
    const parsed = checkoutAttributionAnswerSchema.safeParse(await response.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The exposure beacon and the operator's readout (docs/experiments.md "Exposure", "Readout"). */
export function createExperimentRoutes(): ApiRoute<SiteSettings>[] {
  const limiterFor = oncePerContext((context: HostContext<SiteSettings>) =>
    context.createRateLimiter('experiment-exposure', context.settings.TRACKING_RATE_LIMIT, EXPOSURE_WINDOW_MS),
  );

  const exposureRoute: ApiRoute<SiteSettings> = {
    method: 'POST',
    path: EXPOSURE_ENDPOINT,
    maxBodyBytes: 2_048,
    async handle(request, context) {
      const noStore = { 'cache-control': 'no-store' };
      const limit = await limiterFor(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed)
        return respondJson({ cscode: 429, error: 'rate_limited' }, 429, { ...noStore, 'retry-after': String(limit.retryAfterSeconds) });
      const input = await readInput(request, experimentExposureInput);
      if (!input.ok) return respondJson({ cscode: input.status, error: 'invalid_exposure', problems: input.problems }, input.status, noStore);
      const { experiment: key, variant, page, path } = input.data;
      const experiment = (await runningRegistry(context)).find((entry) => entry.key === key);
      if (!experiment || !experiment.open) return respondJson({ cscode: 404, error: 'experiment_unknown' }, 404, noStore);
      // docs/experiments.md "Exposure": only the variant the server assigned this browser counts.
      if (!isKnownVariant(experiment, variant) || readCookie(request.headers.get('cookie'), experiment.cookie) !== variant)
        return respondJson({ cscode: 409, error: 'variant_not_assigned' }, 409, noStore);
      const rows = await context.db.query<{ id: string }>(
        `INSERT INTO site.experiment_exposures (experiment, variant, page_id, visitor_id, path) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING id::text`,
        [key, variant, page, readConsentingVisitor(request), path],
      );
      return respondJson({ cscode: 200, recorded: rows.length === 1 }, 200, noStore);
    },
  };

  const readoutRoute: ApiRoute<SiteSettings> = {
    method: 'GET',
    path: EXPERIMENTS_ADMIN_ENDPOINT,
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'analytics', action: 'read' });
      if (refusal) return refusal;
      const input = await readInput(request, experimentReadoutQuery);
      if (!input.ok) return respondJson({ error: 'bad query: format is json or csv', problems: input.problems }, 400);
      const [exposures, checkout] = await Promise.all([
        context.db.query<ExposureCount>(
          `SELECT experiment, variant, count(*)::int AS exposed FROM site.experiment_exposures GROUP BY experiment, variant ORDER BY experiment, variant`,
        ),
        readCheckoutFigures(context),
      ]);
      const readout = buildExperimentReadout({ registry: await runningRegistry(context), exposures, checkout });
      if (input.data.format === 'csv')
        return new Response(renderReadoutCsv(readout), {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="experiments.csv"',
            'cache-control': 'no-store',
          },
        });
      return respondJson(readout, 200, { 'cache-control': 'no-store' });
    },
  };
  return [exposureRoute, readoutRoute];
}
