import type { z } from 'zod';
import { checkoutAttributionAnswerSchema, EXPERIMENTS, PRICE_EXPERIMENT_KEY, type CheckoutAttributionAnswer } from '@reelkeep/shared-contracts';
import { checkoutFunnelAnswerSchema } from '@reelkeep/shared-contracts/console';
import { buildExperimentReadout, type ExposureCount } from '../../api/experiment-readout.ts';
import { readExperimentSwitches, type ExperimentSwitch } from '../pages/experiment-switches.ts';
import { readAnswer } from './console-request.ts';
import type { SectionRequest } from './console-section-context.ts';
import type { DailyExposure } from './console-experiments-series.ts';

/** docs/console.md "Experiments": the days the charts cover. */
export const EXPERIMENT_CHART_DAYS = 30;

/** A checkout figure: its answer parsed, or null while its API does not answer (the page says so). */
const readJson = <Schema extends z.ZodType>(request: SectionRequest, path: string, schema: Schema): Promise<z.output<Schema> | null> =>
  request
    .fetchApi(path)
    .then((answer) => (answer.ok ? readAnswer(answer, schema) : null))
    .catch(() => null);

/** Everything the Experiments section shows, read at once: exposures, visits, switches, the checkout's figures. */
export async function loadExperimentFigures(request: SectionRequest) {
  const since = [EXPERIMENT_CHART_DAYS];
  const [totals, daily, visits, switches, attribution, funnel] = await Promise.all([
    request.db.query<ExposureCount>(
      `SELECT experiment, variant, count(*)::int AS exposed FROM site.experiment_exposures GROUP BY experiment, variant ORDER BY experiment, variant`,
    ),
    request.db.query<DailyExposure>(
      `SELECT experiment, variant, to_char(date_trunc('day', exposed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS exposed
       FROM site.experiment_exposures WHERE exposed_at >= now() - make_interval(days => $1) GROUP BY 1, 2, 3 ORDER BY 3`,
      since,
    ),
    // A visit: a consenting visitor's session once, else a page view (cookieless events carry no session: docs/tracking.md).
    request.db.query<{ day: string; visits: number }>(
      `SELECT to_char(date_trunc('day', received_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(DISTINCT coalesce(session_id, upload_id))::int AS visits
       FROM platform.tracking_events WHERE event = 'page_view' AND received_at >= now() - make_interval(days => $1) GROUP BY 1 ORDER BY 1`,
      since,
    ),
    readExperimentSwitches(request.db).catch((): ExperimentSwitch[] => []),
    readJson(request, '/api/checkout/internal/attribution', checkoutAttributionAnswerSchema),
    readJson(request, `/api/checkout/internal/funnel?days=${EXPERIMENT_CHART_DAYS}`, checkoutFunnelAnswerSchema),
  ]);
  const registry = EXPERIMENTS.map((experiment) => {
    if (experiment.key === PRICE_EXPERIMENT_KEY) return { ...experiment, open: request.priceExperimentOpen };
    const switched = switches.find((entry) => entry.experiment === experiment.key);
    return switched ? { ...experiment, open: switched.open } : experiment;
  });
  const readout = buildExperimentReadout({ registry, exposures: totals, checkout: attribution as CheckoutAttributionAnswer | null });
  return { readout, daily, visits, switches, funnel, checkoutAvailable: attribution !== null && funnel !== null };
}
