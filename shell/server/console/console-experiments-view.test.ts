import type { ExperimentReadout } from '../../api/experiment-readout.ts';
import { renderExperiment, renderFunnel } from './console-experiments-view.ts';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const URL_OF_PAGE = new URL('https://reelkeep.test/console/experiments');

/** A readout of `sidebar` with variants a and b, exposed as given (orders: a tenth of them). */
const readoutOf = (exposed: [number, number]): ExperimentReadout => ({
  experiment: 'sidebar',
  version: '1',
  open: true,
  control: 'a',
  variants: (['a', 'b'] as const).map((variant, index) => ({
    variant,
    exposed: exposed[index]!,
    checkouts: 0,
    orders: exposed[index]! / 10,
    revenueCents: 0,
    // With no exposure, the Wilson interval is 0 to 100 %: what the empty charts used to draw.
    conversion: exposed[index] ? 0.1 : 0,
    conversionLow: exposed[index] ? 0.05 : 0,
    conversionHigh: exposed[index] ? 0.15 : 1,
    probabilityBeatsControl: index === 0 ? null : 0.5,
  })),
});

describe('the Experiments page before its figures exist', () => {
  it('says an experiment nobody has seen has nothing to chart, instead of drawing an empty axis and 0–100 % bars', () => {
    const page = renderExperiment(t, URL_OF_PAGE, readoutOf([0, 0]), [], undefined, false).toString();
    expect(page).toContain('<p class="no-chart">experiments.noData</p>');
    expect(page).not.toContain('<svg');
    expect(page).not.toContain('100.0 %');
    // Nor a chance to beat the control out of no data (the prior's 50 %).
    expect(page).not.toContain('50.0 %');
    expect(page).not.toContain('experiments.timeTable');
    // The readout still lists the variants, with no made-up conversion.
    expect(page).toContain('<th scope="row">b</th>');
  });

  it('draws the conversion bars once a variant was seen, and says the chart over time waits for an exposure in its days', () => {
    const page = renderExperiment(t, URL_OF_PAGE, readoutOf([100, 0]), [], undefined, false).toString();
    expect(page.match(/class="chart"/g)).toHaveLength(1);
    expect(page).toContain('experiments.noRecentData {&quot;days&quot;:30}');
    expect(page).not.toContain('experiments.noData');
  });

  it('draws both charts and the table over time when the days have figures', () => {
    const series = [{ label: 'a', points: [{ day: '2026-11-01', value: 0.1, low: 0.05, high: 0.15 }] }];
    const page = renderExperiment(t, URL_OF_PAGE, readoutOf([100, 100]), series, undefined, false).toString();
    expect(page.match(/class="chart"/g)).toHaveLength(2);
    expect(page).toContain('experiments.timeTable');
    expect(page).not.toContain('no-chart');
  });

  it('says the funnel has no figures in its days yet, with no chart and no empty table', () => {
    const empty = renderFunnel(t, URL_OF_PAGE, []).toString();
    expect(empty).toContain('<p class="no-chart">experiments.funnel.noData {&quot;days&quot;:30}</p>');
    expect(empty).not.toContain('<svg');
    expect(empty).not.toContain('<table');
    const day = { day: '2026-11-01', visits: 4, checkouts: 1, orders: 1, activations: 0 };
    expect(
      renderFunnel(t, URL_OF_PAGE, [day])
        .toString()
        .match(/class="chart"/g),
    ).toHaveLength(2);
  });
});
