import { z } from 'zod';
import {
  checkoutAttributionAnswerSchema,
  EXPERIMENTS,
  PRICE_EXPERIMENT_KEY,
  readInput,
  type CheckoutAttributionAnswer,
  type Translate as TranslateFunction,
} from '@reelkeep/shared-contracts';
import { canRole, checkoutFunnelAnswerSchema, type CheckoutFunnelAnswer } from '@reelkeep/shared-contracts/console';
import { buildExperimentReadout, type ExperimentReadout, type ExposureCount } from '../../api/experiment-readout.ts';
import { estimateConversion } from '../../api/experiment-statistics.ts';
import { readExperimentSwitches, writeExperimentSwitch, type ExperimentSwitch } from '../pages/experiment-switches.ts';
import { renderIntervalChart, renderTimeChart, type TimeSeries } from './console-charts.ts';
import { html, type Markup } from './console-html.ts';
import type { SectionHandler, SectionRequest } from './console-section-context.ts';
import { readTableState, renderTable, type TableColumn } from './console-table.ts';

/** docs/console.md "Experiments": the days the charts cover. */
export const EXPERIMENT_CHART_DAYS = 30;

/** `POST /console/experiments/switch`: open or close one experiment of the registry (not the price experiment: AB_PLAN_PRICE_OPEN decides it). */
export const experimentSwitchInput = z.object({
  experiment: z.enum(EXPERIMENTS.map((experiment) => experiment.key) as [string, ...string[]]).refine((key) => key !== PRICE_EXPERIMENT_KEY),
  open: z.enum(['open', 'closed']).transform((value) => value === 'open'),
});

/** Exposures of one variant on one UTC day. */
export interface DailyExposure {
  experiment: string;
  variant: string;
  day: string;
  exposed: number;
}

const percent = (value: number) => `${(Math.round(value * 1000) / 10).toFixed(1)} %`;

/**
 * Cumulative conversion per variant, day by day (orders up to that day ÷ exposures up to that day, with its 95 %
 * Wilson interval): the readout as it stood at the end of each day. Days before a variant's first exposure are left out.
 */
export function buildConversionSeries(
  experiment: string,
  variants: readonly string[],
  exposures: readonly DailyExposure[],
  funnel: CheckoutFunnelAnswer | null,
): TimeSeries[] {
  const days = [
    ...new Set([
      ...exposures.filter((row) => row.experiment === experiment).map((row) => row.day),
      ...(funnel?.variants ?? []).filter((row) => row.experiment === experiment).map((row) => row.day),
    ]),
  ].sort();
  return variants.map((variant) => {
    let exposed = 0;
    let orders = 0;
    const points: TimeSeries['points'][number][] = [];
    for (const day of days) {
      exposed += exposures.find((row) => row.experiment === experiment && row.variant === variant && row.day === day)?.exposed ?? 0;
      orders += funnel?.variants.find((row) => row.experiment === experiment && row.variant === variant && row.day === day)?.orders ?? 0;
      if (exposed === 0) continue;
      const estimate = estimateConversion({ visitors: exposed, orders });
      points.push({ day, value: estimate.rate, low: estimate.low, high: estimate.high });
    }
    return { label: variant, points };
  });
}

/** One day of the funnel: visits, checkouts, orders, activations. */
export interface FunnelDay {
  day: string;
  visits: number;
  checkouts: number;
  orders: number;
  activations: number;
}

/** The funnel per day: visits from the site's tracking, the rest from the checkout (every day that has any). */
export function buildFunnelDays(visits: readonly { day: string; visits: number }[], funnel: CheckoutFunnelAnswer | null): FunnelDay[] {
  const days = [...new Set([...visits.map((row) => row.day), ...(funnel?.days ?? []).map((row) => row.day)])].sort();
  return days.map((day) => {
    const checkout = funnel?.days.find((row) => row.day === day);
    return {
      day,
      visits: visits.find((row) => row.day === day)?.visits ?? 0,
      checkouts: checkout?.checkouts ?? 0,
      orders: checkout?.orders ?? 0,
      activations: checkout?.activations ?? 0,
    };
  });
}

async function readJson<Schema extends z.ZodType>(request: SectionRequest, path: string, schema: Schema): Promise<z.output<Schema> | null> {
  try {
    const answer = await request.fetchApi(path);
    if (!answer.ok) return null;
    const parsed = schema.safeParse(await answer.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Everything the section shows, read at once. */
async function loadExperimentFigures(request: SectionRequest) {
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

function renderExperiment(
  t: TranslateFunction,
  url: URL,
  experiment: ExperimentReadout,
  series: TimeSeries[],
  switched: ExperimentSwitch | undefined,
  canSwitch: boolean,
): Markup {
  const id = `x-${experiment.experiment}`;
  const columns: TableColumn<ExperimentReadout['variants'][number]>[] = [
    { key: 'variant', label: t('experiments.variant'), cell: (row) => row.variant, sortValue: (row) => row.variant, rowHeader: true },
    { key: 'exposed', label: t('experiments.exposed'), cell: (row) => row.exposed, sortValue: (row) => row.exposed },
    { key: 'orders', label: t('experiments.orders'), cell: (row) => row.orders, sortValue: (row) => row.orders },
    {
      key: 'conversion',
      label: t('experiments.conversion'),
      cell: (row) => t('experiments.interval', { rate: percent(row.conversion), low: percent(row.conversionLow), high: percent(row.conversionHigh) }),
      sortValue: (row) => row.conversion,
    },
    {
      key: 'beats',
      label: t('experiments.beatsControl'),
      cell: (row) => (row.probabilityBeatsControl === null ? '—' : percent(row.probabilityBeatsControl)),
      sortValue: (row) => row.probabilityBeatsControl ?? -1,
    },
  ];
  const isPrice = experiment.experiment === PRICE_EXPERIMENT_KEY;
  const days = [...new Set(series.flatMap((line) => line.points.map((point) => point.day)))].sort();
  return html`<section aria-labelledby="${id}-h">
    <h2 id="${id}-h">${experiment.experiment} <small>(${experiment.version})</small></h2>
    <p>
      <strong>${t(experiment.open ? 'experiments.open' : 'experiments.closed')}</strong>
      ${switched ? t('experiments.switchedBy', { by: switched.changedBy, at: switched.changedAt.replace('T', ' ').slice(0, 16) }) : ''}
      ${isPrice ? t('experiments.priceSetting') : ''}
    </p>
    ${
      canSwitch && !isPrice
        ? html`<form method="post" action="/console/experiments/switch" class="row">
            <input type="hidden" name="experiment" value="${experiment.experiment}" /><input
              type="hidden"
              name="open"
              value="${experiment.open ? 'closed' : 'open'}"
            /><button type="submit" class="secondary">${t(experiment.open ? 'experiments.close' : 'experiments.openAction')}</button>
          </form>`
        : ''
    }
    <div class="charts">
      <figure>
        ${renderIntervalChart(
          {
            id: `${id}-c`,
            title: t('experiments.conversionChart', { experiment: experiment.experiment }),
            description: experiment.variants
              .map((row) =>
                t('experiments.interval', {
                  rate: `${row.variant} ${percent(row.conversion)}`,
                  low: percent(row.conversionLow),
                  high: percent(row.conversionHigh),
                }),
              )
              .join('; '),
          },
          experiment.variants.map((row) => ({ label: row.variant, value: row.conversion, low: row.conversionLow, high: row.conversionHigh })),
        )}
        <figcaption>${t('experiments.conversionCaption')}</figcaption>
      </figure>
      <figure>
        ${renderTimeChart(
          {
            id: `${id}-t`,
            title: t('experiments.timeChart', { experiment: experiment.experiment }),
            description: t('experiments.timeDescription', { days: days.length }),
          },
          series,
          'percent',
        )}
        <figcaption>${t('experiments.timeCaption')}</figcaption>
      </figure>
    </div>
    ${renderTable({
      t,
      url,
      prefix: `${experiment.experiment}-`,
      caption: t('experiments.tableCaption', { experiment: experiment.experiment }),
      columns,
      rows: experiment.variants,
      state: readTableState(url, `${experiment.experiment}-`, ['variant', 'exposed', 'orders', 'conversion', 'beats'], { dir: 'asc' }),
      pageSize: 20,
      empty: t('experiments.none'),
    })}
    <details>
      <summary>${t('experiments.timeTable')}</summary>
      <div class="scroll" role="region" tabindex="0" aria-label="${t('experiments.timeTable')}">
        <table>
          <caption>
            ${t('experiments.timeChart', { experiment: experiment.experiment })}
          </caption>
          <thead>
            <tr>
              <th scope="col">${t('experiments.day')}</th>
              ${series.map((line) => html`<th scope="col">${line.label}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${days.map(
              (day) =>
                html`<tr>
                  <th scope="row">${day}</th>
                  ${series.map((line) => {
                    const point = line.points.find((candidate) => candidate.day === day);
                    return html`<td>
                      ${point ? t('experiments.interval', { rate: percent(point.value), low: percent(point.low ?? 0), high: percent(point.high ?? 1) }) : '—'}
                    </td>`;
                  })}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </details>
  </section>`;
}

function renderFunnel(t: TranslateFunction, url: URL, days: readonly FunnelDay[]): Markup {
  const stages = ['visits', 'checkouts', 'orders', 'activations'] as const;
  const series: TimeSeries[] = stages.map((stage) => ({
    label: t(`experiments.funnel.${stage}`),
    points: days.map((day) => ({ day: day.day, value: day[stage] })),
  }));
  const totals = Object.fromEntries(stages.map((stage) => [stage, days.reduce((sum, day) => sum + day[stage], 0)]));
  const columns: TableColumn<FunnelDay>[] = [
    { key: 'day', label: t('experiments.day'), cell: (row) => row.day, sortValue: (row) => row.day, rowHeader: true },
    ...stages.map((stage) => ({
      key: stage,
      label: t(`experiments.funnel.${stage}`),
      cell: (row: FunnelDay) => row[stage],
      sortValue: (row: FunnelDay) => row[stage],
    })),
  ];
  return html`<section>
    <h2 id="funnel-h">${t('experiments.funnel.heading')}</h2>
    <p>${t('experiments.funnel.intro', { days: EXPERIMENT_CHART_DAYS })}</p>
    <div class="charts">
      <figure>
        ${renderTimeChart(
          { id: 'funnel-visits', title: t('experiments.funnel.visits'), description: t('experiments.funnel.totals', totals) },
          series.slice(0, 1),
          'count',
        )}
        <figcaption>${t('experiments.funnel.visits')}</figcaption>
      </figure>
      <figure>
        ${renderTimeChart({ id: 'funnel-chart', title: t('experiments.funnel.heading'), description: t('experiments.funnel.totals', totals) }, series.slice(1), 'count')}
        <figcaption>${t('experiments.funnel.totals', totals)}</figcaption>
      </figure>
    </div>
    ${renderTable({
      t,
      url,
      prefix: 'f',
      caption: t('experiments.funnel.heading'),
      columns,
      rows: days,
      state: readTableState(url, 'f', ['day', ...stages], { sort: 'day', dir: 'desc' }),
      pageSize: 10,
      empty: t('experiments.funnel.empty'),
    })}
  </section>`;
}

/** `/console/experiments` (`experiment:read`) and `/console/experiments/switch` (`experiment:switch`). */
export const handleExperiments: SectionHandler = async (request) => {
  const { t, path } = request;
  if (path === '/console/experiments' && !request.form) {
    const actor = await request.admit({ resource: 'experiment', action: 'read' });
    if (!actor) return true;
    const figures = await loadExperimentFigures(request);
    const canSwitch = canRole(actor.role, { resource: 'experiment', action: 'switch' });
    const sections = figures.readout.experiments.map((experiment) =>
      renderExperiment(
        t,
        request.url,
        experiment,
        buildConversionSeries(
          experiment.experiment,
          experiment.variants.map((row) => row.variant),
          figures.daily,
          figures.funnel,
        ),
        figures.switches.find((entry) => entry.experiment === experiment.experiment),
        canSwitch,
      ),
    );
    return request.page(
      200,
      t('sections.experiments'),
      html`${figures.checkoutAvailable ? '' : html`<p class="notice problem" role="status">${t('experiments.checkoutUnavailable')}</p>`}
        <section>
          <p>${t('experiments.intro')}</p>
        </section>
        ${sections}${renderFunnel(t, request.url, buildFunnelDays(figures.visits, figures.funnel))}`,
      actor,
      'experiments',
    );
  }
  if (path === '/console/experiments/switch' && request.form) {
    const actor = await request.admit({ resource: 'experiment', action: 'switch' });
    if (!actor) return true;
    const input = await readInput(request.form, experimentSwitchInput);
    if (!input.ok) return request.problemPage(400, 'invalidInput', actor);
    const registryOpen = EXPERIMENTS.find((experiment) => experiment.key === input.data.experiment)!.open;
    const { before } = await writeExperimentSwitch(request.db, input.data.experiment, input.data.open, `${actor.email} (console)`);
    await request.audit(
      actor,
      input.data.open ? 'experiment.open' : 'experiment.close',
      input.data.experiment,
      { open: before ?? registryOpen },
      { open: input.data.open },
    );
    return request.redirect('/console/experiments?done=experiment');
  }
  return false;
};
