import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleUtc } from '@visx/scale';
import { Area, Bar, Line, LinePath } from '@visx/shape';
import { Markup } from './console-html.ts';

/**
 * The console's charts (docs/console.md "Experiments"): @visx components rendered on the server to static SVG, at
 * a fixed size that scales with the page (`viewBox`), with no script. Each chart is a labelled image; the section
 * puts a table of the same figures beside it for screen readers and for anyone who wants the numbers.
 */

/** Colours with at least 3:1 contrast on white, told apart by more than hue (dashes, labels in the tables). */
export const SERIES_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#9d174d', '#4c1d95', '#374151'] as const;
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '4 4'];

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 52 };
const HALF_DAY_MS = 43_200_000;

/** A chart's accessible name and description. */
export interface ChartLabel {
  id: string;
  title: string;
  description: string;
}

/** One variant's conversion and its 95 % interval. */
export interface IntervalPoint {
  label: string;
  value: number;
  low: number;
  high: number;
}

/** One series of a time chart: a value per day, and optionally an interval per day. */
export interface TimeSeries {
  label: string;
  points: readonly { day: string; value: number; low?: number; high?: number }[];
}

const percent = (value: number) => `${Math.round(value * 1000) / 10} %`;

/** React's static markup as console markup; visx's text wrapper asks for `overflow: visible` inline, which the console's CSP forbids and its stylesheet gives. */
function toSvgMarkup(element: ReactElement): Markup {
  return new Markup(renderToStaticMarkup(element).replace(/ style="overflow:visible"/g, ''));
}

function frame(label: ChartLabel, children: ReactElement[]): ReactElement {
  return h(
    'svg',
    {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      width: WIDTH,
      height: HEIGHT,
      role: 'img',
      'aria-labelledby': `${label.id}-title ${label.id}-desc`,
      className: 'chart',
    },
    h('title', { id: `${label.id}-title` }, label.title),
    h('desc', { id: `${label.id}-desc` }, label.description),
    ...children,
  );
}

const AXIS_TEXT = { fill: '#1a1a2e', fontSize: 11, fontFamily: 'system-ui, sans-serif' };

/** Conversion per variant as bars, with the 95 % interval as a whisker on each. */
export function renderIntervalChart(label: ChartLabel, points: readonly IntervalPoint[]): Markup {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = Math.max(0.01, ...points.map((point) => point.high));
  const x = scaleBand<string>({ domain: points.map((point) => point.label), range: [0, innerWidth], padding: 0.4 });
  const y = scaleLinear<number>({ domain: [0, top * 1.1], range: [innerHeight, 0], nice: true });
  const bars = points.flatMap((point, index) => {
    const left = x(point.label) ?? 0;
    const centre = left + x.bandwidth() / 2;
    const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
    return [
      h(Bar, {
        key: `b${index}`,
        x: left,
        y: y(point.value),
        width: x.bandwidth(),
        height: innerHeight - y(point.value),
        fill: colour,
        fillOpacity: 0.35,
        stroke: colour,
      }),
      h(Line, { key: `w${index}`, from: { x: centre, y: y(point.low) }, to: { x: centre, y: y(point.high) }, stroke: '#1a1a2e', strokeWidth: 2 }),
      h(Line, {
        key: `l${index}`,
        from: { x: centre - 8, y: y(point.low) },
        to: { x: centre + 8, y: y(point.low) },
        stroke: '#1a1a2e',
        strokeWidth: 2,
      }),
      h(Line, {
        key: `h${index}`,
        from: { x: centre - 8, y: y(point.high) },
        to: { x: centre + 8, y: y(point.high) },
        stroke: '#1a1a2e',
        strokeWidth: 2,
      }),
    ];
  });
  return toSvgMarkup(
    frame(label, [
      h(
        Group,
        { key: 'g', left: MARGIN.left, top: MARGIN.top },
        ...bars,
        h(AxisLeft, {
          key: 'y',
          scale: y,
          numTicks: 5,
          tickFormat: (value) => percent(Number(value)),
          tickLabelProps: { ...AXIS_TEXT, textAnchor: 'end' },
        }),
        h(AxisBottom, { key: 'x', top: innerHeight, scale: x, tickLabelProps: { ...AXIS_TEXT, textAnchor: 'middle' } }),
      ),
    ]),
  );
}

/** Series over days as lines (an interval, when given, as a band around its line). */
export function renderTimeChart(label: ChartLabel, series: readonly TimeSeries[], format: 'percent' | 'count'): Markup {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const days = [...new Set(series.flatMap((line) => line.points.map((point) => point.day)))].sort();
  const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
  const first = toDate(days[0] ?? '1970-01-01');
  const last = toDate(days.at(-1) ?? '1970-01-02');
  const top = Math.max(format === 'percent' ? 0.01 : 1, ...series.flatMap((line) => line.points.map((point) => point.high ?? point.value)));
  // One day alone stands in the middle of the axis, half a day either side (a line needs two days: it gets a dot).
  const x = scaleUtc<number>({
    domain: last.getTime() === first.getTime() ? [new Date(first.getTime() - HALF_DAY_MS), new Date(first.getTime() + HALF_DAY_MS)] : [first, last],
    range: [0, innerWidth],
  });
  const y = scaleLinear<number>({ domain: [0, top * 1.1], range: [innerHeight, 0], nice: true });
  const lines = series.flatMap((line, index) => {
    const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
    const banded = line.points.filter((point) => point.low !== undefined && point.high !== undefined);
    return [
      ...(banded.length > 0
        ? [
            h(Area<(typeof banded)[number]>, {
              key: `a${index}`,
              data: banded,
              x: (point) => x(toDate(point.day)),
              y0: (point) => y(point.low!),
              y1: (point) => y(point.high!),
              fill: colour,
              fillOpacity: 0.12,
            }),
          ]
        : []),
      h(LinePath<(typeof line.points)[number]>, {
        key: `p${index}`,
        data: [...line.points],
        x: (point) => x(toDate(point.day)),
        y: (point) => y(point.value),
        stroke: colour,
        strokeWidth: 2,
        strokeDasharray: DASHES[index % DASHES.length] || undefined,
      }),
      ...(line.points.length === 1
        ? [h('circle', { key: `d${index}`, cx: x(toDate(line.points[0]!.day)), cy: y(line.points[0]!.value), r: 4, fill: colour })]
        : []),
    ];
  });
  const legend = series.map((line, index) =>
    h(
      'g',
      { key: `k${index}`, transform: `translate(${MARGIN.left + 8 + index * 130},${MARGIN.top - 4})` },
      h('line', {
        x1: 0,
        x2: 18,
        y1: 0,
        y2: 0,
        stroke: SERIES_COLOURS[index % SERIES_COLOURS.length],
        strokeWidth: 3,
        strokeDasharray: DASHES[index % DASHES.length] || undefined,
      }),
      h('text', { x: 24, y: 4, ...AXIS_TEXT }, line.label),
    ),
  );
  return toSvgMarkup(
    frame(label, [
      h(
        Group,
        { key: 'g', left: MARGIN.left, top: MARGIN.top + 8 },
        ...lines,
        h(AxisLeft, {
          key: 'y',
          scale: y,
          numTicks: 5,
          tickValues: format === 'count' ? y.ticks(5).filter((value) => Number.isInteger(value)) : undefined,
          tickFormat: (value) => (format === 'percent' ? percent(Number(value)) : String(value)),
          tickLabelProps: { ...AXIS_TEXT, textAnchor: 'end' },
        }),
        h(AxisBottom, {
          key: 'x',
          top: innerHeight - 8,
          scale: x,
          numTicks: Math.min(6, Math.max(1, days.length)),
          tickFormat: (value) => (value instanceof Date ? value.toISOString().slice(5, 10) : String(value)),
          tickLabelProps: { ...AXIS_TEXT, textAnchor: 'middle' },
        }),
      ),
      ...legend,
    ]),
  );
}
