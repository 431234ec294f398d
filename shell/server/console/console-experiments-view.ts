import { PRICE_EXPERIMENT_KEY, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import type { ExperimentReadout } from '../../api/experiment-readout.ts';
import type { ExperimentSwitch } from '../pages/experiment-switches.ts';
import { renderIntervalChart, renderTimeChart, type TimeSeries } from './console-charts.ts';
import { EXPERIMENT_CHART_DAYS } from './console-experiments-loader.ts';
import type { FunnelDay } from './console-experiments-series.ts';
import { html, type Markup } from './console-html.ts';
import { readTableState, renderTable, type TableColumn } from './console-table.ts';

const percent = (value: number) => `${(Math.round(value * 1000) / 10).toFixed(1)} %`;

/** A chart's place while it has nothing to draw: what is missing, said plainly (never an empty axis). */
function renderNoChart(text: string): Markup {
  return html`<p class="no-chart">${text}</p>`;
}

/**
 * An experiment's two charts: conversion per variant, and over time. Before its first exposure there is nothing to
 * draw (an interval of 0 to 100 %, an axis of no days): the section says so instead; likewise the chart over time
 * when no exposure falls in the charts' days.
 */
function renderExperimentCharts(t: TranslateFunction, experiment: ExperimentReadout, series: readonly TimeSeries[], days: readonly string[]): Markup {
  if (!experiment.variants.some((row) => row.exposed > 0)) return renderNoChart(t('experiments.noData'));
  const id = `x-${experiment.experiment}`;
  return html`<div class="charts">
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
    ${
      days.length === 0
        ? renderNoChart(t('experiments.noRecentData', { days: EXPERIMENT_CHART_DAYS }))
        : html`<figure>
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
          </figure>`
    }
  </div>`;
}

/** The chart over time as a table, in a disclosure: a row per day, a column per variant. */
function renderTimeTable(t: TranslateFunction, experimentKey: string, series: readonly TimeSeries[], days: readonly string[]): Markup {
  return html`<details>
    <summary>${t('experiments.timeTable')}</summary>
    <div class="scroll" role="region" tabindex="0" aria-label="${t('experiments.timeTable')}">
      <table>
        <caption>
          ${t('experiments.timeChart', { experiment: experimentKey })}
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
  </details>`;
}

/** One experiment: its state and switch, its charts (or why there are none yet), its readout and its figures over time. */
export function renderExperiment(
  t: TranslateFunction,
  url: URL,
  experiment: ExperimentReadout,
  series: TimeSeries[],
  switched: ExperimentSwitch | undefined,
  canSwitch: boolean,
): Markup {
  const id = `x-${experiment.experiment}`;
  const controlSeen = experiment.variants.some((row) => row.variant === experiment.control && row.exposed > 0);
  const columns: TableColumn<ExperimentReadout['variants'][number]>[] = [
    { key: 'variant', label: t('experiments.variant'), cell: (row) => row.variant, sortValue: (row) => row.variant, rowHeader: true },
    { key: 'exposed', label: t('experiments.exposed'), cell: (row) => row.exposed, sortValue: (row) => row.exposed },
    { key: 'orders', label: t('experiments.orders'), cell: (row) => row.orders, sortValue: (row) => row.orders },
    {
      key: 'conversion',
      label: t('experiments.conversion'),
      cell: (row) =>
        row.exposed === 0
          ? '—'
          : t('experiments.interval', { rate: percent(row.conversion), low: percent(row.conversionLow), high: percent(row.conversionHigh) }),
      sortValue: (row) => row.conversion,
    },
    {
      key: 'beats',
      label: t('experiments.beatsControl'),
      // A comparison needs both sides seen: with no exposure on either, the prior's 50 % says nothing.
      cell: (row) => (row.probabilityBeatsControl === null || row.exposed === 0 || !controlSeen ? '—' : percent(row.probabilityBeatsControl)),
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
    ${renderExperimentCharts(t, experiment, series, days)}
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
    ${days.length > 0 ? renderTimeTable(t, experiment.experiment, series, days) : ''}
  </section>`;
}

/** The funnel's charts (visits alone, then checkouts, orders and activations) and its table, for days with figures. */
function renderFunnelFigures(t: TranslateFunction, url: URL, days: readonly FunnelDay[]): Markup {
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
  return html`<div class="charts">
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
    })}`;
}

/** The funnel per day: visits, then checkouts, orders and activations, as charts and a table (or why there are none yet). */
export function renderFunnel(t: TranslateFunction, url: URL, days: readonly FunnelDay[]): Markup {
  return html`<section>
    <h2 id="funnel-h">${t('experiments.funnel.heading')}</h2>
    <p>${t('experiments.funnel.intro', { days: EXPERIMENT_CHART_DAYS })}</p>
    ${days.length === 0 ? renderNoChart(t('experiments.funnel.noData', { days: EXPERIMENT_CHART_DAYS })) : renderFunnelFigures(t, url, days)}
  </section>`;
}
