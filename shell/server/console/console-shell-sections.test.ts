import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ReleaseManifest } from '@reelkeep/shared-contracts/schemas';
import { renderIntervalChart, renderTimeChart } from './console-charts.ts';
import { experimentSwitchInput } from './console-experiments-section.ts';
import { buildConversionSeries, buildFunnelDays } from './console-experiments-series.ts';
import { consolePushForm, toSameSitePath } from './console-push-section.ts';
import { toSitePagePath } from './console-cache-section.ts';
import { readTableState, renderTable, sortAndPage, type TableColumn } from './console-table.ts';
import { diffReleases, readReleaseFacts, type ReleaseFacts } from './release-diff.ts';
import { toConsoleHealth } from './console-releases-section.ts';

const SITE = 'https://reelkeep.test';
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);

const manifest = (version: string, files: Record<string, string>, extra: Partial<ReleaseManifest> = {}): ReleaseManifest => ({
  app: 'mf-checkout',
  version,
  contractVersion: '3.2.0',
  builtAt: '2026-11-28T10:00:00.000Z',
  files,
  migrations: [],
  ...extra,
});
const HASH = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the health column', () => {
  it('shows the host’s counts: 5xx with time-outs, boundary errors with script TypeErrors', () => {
    expect(
      toConsoleHealth({
        requests: 120,
        errors: { 'render-error': 1, 'api-error': 2, 'api-timeout': 3, 'chunk-load': 4, 'error-boundary': 5, 'type-error': 6 },
      }),
    ).toEqual({ requests: 120, renderErrors: 1, api5xx: 5, chunkErrors: 4, boundaryErrors: 11 });
  });
});

describe('the release.json diff', () => {
  it('names added, removed and changed files, contract, exposes, shared versions, API routes and migrations', () => {
    const from: ReleaseFacts = {
      manifest: manifest(
        '1',
        { 'a.js': HASH('a'), 'b.js': HASH('b'), 'c.js': HASH('c') },
        {
          api: { squad: 'checkout', contractVersion: '1.0.0', routes: [{ method: 'GET', path: '/api/checkout/offer' }] },
          migrations: ['0001_a.sql'],
        },
      ),
      federation: { exposes: ['./page'], shared: { react: '19.3.1', 'react-dom': '19.3.1' } },
    };
    const to: ReleaseFacts = {
      manifest: manifest(
        '2',
        { 'a.js': HASH('a'), 'b.js': HASH('b2'), 'd.js': HASH('d') },
        {
          contractVersion: '3.3.0',
          api: {
            squad: 'checkout',
            contractVersion: '1.0.0',
            routes: [
              { method: 'GET', path: '/api/checkout/offer' },
              { method: 'POST', path: '/api/checkout/refund' },
            ],
          },
          migrations: ['0001_a.sql', '0002_b.sql'],
        },
      ),
      federation: { exposes: ['./console', './page'], shared: { react: '19.3.2', i18next: '27.1.2' } },
    };
    expect(diffReleases(from, to)).toEqual({
      files: { added: ['d.js'], removed: ['c.js'], changed: ['b.js'], unchanged: 1 },
      contract: [{ name: 'contract', from: '3.2.0', to: '3.3.0' }],
      exposes: { added: ['./console'], removed: [] },
      shared: [
        { name: 'i18next', from: null, to: '27.1.2' },
        { name: 'react', from: '19.3.1', to: '19.3.2' },
        { name: 'react-dom', from: '19.3.1', to: null },
      ],
      routes: { added: ['POST /api/checkout/refund'], removed: [] },
      migrations: { added: ['0002_b.sql'], removed: [] },
    });
    expect(diffReleases(from, from)).toMatchObject({ files: { added: [], removed: [], changed: [], unchanged: 3 }, contract: [], shared: [] });
  });

  it('reads the federation manifest only when its bytes match the hash release.json records', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'release-diff-'));
    const federation = JSON.stringify({ exposes: [{ name: './page' }], shared: [{ name: 'react', version: '19.3.1' }] });
    for (const [version, recorded] of [
      ['1', HASH(federation)],
      ['2', HASH('something else')],
    ] as const) {
      await mkdir(path.join(dir, 'mf-checkout', version, 'browser'), { recursive: true });
      await writeFile(path.join(dir, 'mf-checkout', version, 'browser', 'mf-manifest.json'), federation);
      await writeFile(
        path.join(dir, 'mf-checkout', version, 'release.json'),
        JSON.stringify(manifest(version, { 'browser/mf-manifest.json': recorded })),
      );
    }
    expect((await readReleaseFacts(dir, 'mf-checkout', '1')).federation).toEqual({ exposes: ['./page'], shared: { react: '19.3.1' } });
    expect((await readReleaseFacts(dir, 'mf-checkout', '2')).federation).toBeNull();
    await expect(readReleaseFacts(dir, 'mf-checkout', '3')).rejects.toThrow();
  });
});

describe('the sections’ tables', () => {
  type Row = { name: string; count: number };
  const rows: Row[] = [
    { name: 'b', count: 2 },
    { name: 'a', count: 10 },
    { name: 'c', count: 1 },
  ];
  const columns: TableColumn<Row>[] = [
    { key: 'name', label: 'Name', cell: (row) => row.name, sortValue: (row) => row.name, rowHeader: true },
    { key: 'count', label: 'Count', cell: (row) => row.count, sortValue: (row) => row.count },
    { key: 'note', label: 'Note', cell: () => '' },
  ];

  it('sorts by a column either way, numbers as numbers, and pages', () => {
    expect(sortAndPage(rows, columns, { sort: 'count', dir: 'asc', page: 1 }, 10).rows.map((row) => row.count)).toEqual([1, 2, 10]);
    expect(sortAndPage(rows, columns, { sort: 'name', dir: 'desc', page: 1 }, 2)).toEqual({
      rows: [
        { name: 'c', count: 1 },
        { name: 'b', count: 2 },
      ],
      pages: 2,
      page: 1,
    });
    // A page past the end shows the last one.
    expect(sortAndPage(rows, columns, { sort: 'name', dir: 'asc', page: 9 }, 2)).toMatchObject({ rows: [{ name: 'c' }], page: 2 });
  });

  it('reads its state from the query, ignoring a column it does not have', () => {
    const url = new URL(`${SITE}/console/push?ssort=count&sdir=desc&spage=2&xsort=name`);
    expect(readTableState(url, 's', ['name', 'count'], { dir: 'asc' })).toEqual({ sort: 'count', dir: 'desc', page: 2 });
    expect(readTableState(new URL(`${SITE}/x?ssort=evil&spage=-1`), 's', ['name'], { sort: 'name', dir: 'asc' })).toEqual({
      sort: 'name',
      dir: 'asc',
      page: 1,
    });
  });

  it('marks the sorted column, links each header to the other direction and keeps the page’s other parameters', () => {
    const markup = renderTable({
      t,
      url: new URL(`${SITE}/console/push?done=push&ssort=count&sdir=asc`),
      prefix: 's',
      caption: 'Sends',
      columns,
      rows,
      state: { sort: 'count', dir: 'asc', page: 1 },
      pageSize: 2,
      empty: 'none',
    }).toString();
    expect(markup).toContain('<caption>');
    expect(markup).toMatch(/<th scope="col" aria-sort="ascending">\s*<a href="\/console\/push\?done=push&amp;ssort=count&amp;sdir=desc&amp;spage=1"/);
    expect(markup).toContain('<th scope="col">Note</th>');
    expect(markup).toContain('<th scope="row">c</th>');
    expect(markup).toContain('spage=2');
  });
});

describe('push targets and the compose form', () => {
  it.each([
    ['/store', '/store'],
    ['/fr/store?plan=1Y', '/store?plan=1Y'],
    [`${SITE}/de/netflix-downloader`, '/netflix-downloader'],
    [`${SITE}/`, '/'],
    ['https://evil.example/store', null],
    ['//evil.example/store', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    [`http://reelkeep.test/store`, null],
    [`https://user@reelkeep.test/store`, null],
    ['store', null],
    ['/a b', null],
  ])('%s → %s', (target, expected) => {
    expect(toSameSitePath(target, SITE)).toBe(expected);
  });

  it('turns the form into a composed message: English required, other locales optional, the audience when chosen', () => {
    const form = consolePushForm(SITE);
    expect(
      form.parse({
        title_en: ' Sale ',
        body_en: 'Half price',
        title_fr: 'Soldes',
        body_fr: 'Moitié prix',
        target: `${SITE}/fr/store`,
        locale: '',
        os: 'mac',
        confirm: 'yes',
      }),
    ).toEqual({
      texts: { en: { title: 'Sale', body: 'Half price' }, fr: { title: 'Soldes', body: 'Moitié prix' } },
      path: '/store',
      os: 'mac',
    });
    expect(form.safeParse({ title_fr: 'Soldes', body_fr: 'x', target: '/store', confirm: 'yes' }).success).toBe(false);
    expect(form.safeParse({ title_en: 'A', body_en: 'B', target: 'https://evil.example/', confirm: 'yes' }).success).toBe(false);
    expect(form.safeParse({ title_en: 'A', body_en: 'B', target: '/store' }).success).toBe(false);
    expect(form.safeParse({ title_en: 'A', body_en: 'B', target: '/store', os: 'amiga', confirm: 'yes' }).success).toBe(false);
  });

  it('purges by an address of this site only', () => {
    expect(toSitePagePath(`${SITE}/fr/store?x=1`, SITE)).toBe('/fr/store');
    expect(toSitePagePath('/store', SITE)).toBe('/store');
    expect(toSitePagePath('https://evil.example/store', SITE)).toBeNull();
    expect(toSitePagePath('//evil.example/store', SITE)).toBeNull();
  });
});

describe('the experiments’ figures', () => {
  it('refuses to switch the price experiment, which only its setting opens', () => {
    expect(experimentSwitchInput.safeParse({ experiment: 'ab_plan_price', open: 'open' }).success).toBe(false);
    expect(experimentSwitchInput.parse({ experiment: 'sidebar', open: 'closed' })).toEqual({ experiment: 'sidebar', open: false });
    expect(experimentSwitchInput.safeParse({ experiment: 'nope', open: 'open' }).success).toBe(false);
  });

  it('builds the cumulative conversion per variant day by day, with its interval', () => {
    const series = buildConversionSeries(
      'sidebar',
      ['a', 'b'],
      [
        { experiment: 'sidebar', variant: 'a', day: '2026-11-01', exposed: 100 },
        { experiment: 'sidebar', variant: 'b', day: '2026-11-02', exposed: 100 },
        { experiment: 'sidebar', variant: 'a', day: '2026-11-02', exposed: 100 },
        { experiment: 'other', variant: 'a', day: '2026-11-03', exposed: 999 },
      ],
      {
        days: [],
        variants: [
          { experiment: 'sidebar', variant: 'a', day: '2026-11-01', checkouts: 12, orders: 10 },
          { experiment: 'sidebar', variant: 'a', day: '2026-11-02', checkouts: 12, orders: 10 },
          { experiment: 'sidebar', variant: 'b', day: '2026-11-02', checkouts: 40, orders: 30 },
        ],
      },
    );
    expect(series.map((line) => line.label)).toEqual(['a', 'b']);
    expect(series[0]!.points.map((point) => [point.day, point.value])).toEqual([
      ['2026-11-01', 0.1],
      ['2026-11-02', 0.1],
    ]);
    // B has no exposure on the first day: it starts on the second, 30 of 100 (Wilson interval 21.9 % to 39.6 %).
    expect(series[1]!.points).toHaveLength(1);
    expect(series[1]!.points[0]).toMatchObject({ day: '2026-11-02', value: 0.3 });
    expect(series[1]!.points[0]!.low).toBeCloseTo(0.2189, 3);
    expect(series[1]!.points[0]!.high).toBeCloseTo(0.3958, 3);
  });

  it('joins visits and the checkout’s figures by day', () => {
    expect(
      buildFunnelDays(
        [
          { day: '2026-11-02', visits: 50 },
          { day: '2026-11-01', visits: 40 },
        ],
        { days: [{ day: '2026-11-02', checkouts: 5, orders: 3, activations: 2 }], variants: [] },
      ),
    ).toEqual([
      { day: '2026-11-01', visits: 40, checkouts: 0, orders: 0, activations: 0 },
      { day: '2026-11-02', visits: 50, checkouts: 5, orders: 3, activations: 2 },
    ]);
    expect(buildFunnelDays([{ day: '2026-11-01', visits: 4 }], null)).toEqual([
      { day: '2026-11-01', visits: 4, checkouts: 0, orders: 0, activations: 0 },
    ]);
  });
});

describe('the charts', () => {
  it('render static, labelled SVG with no inline style (the console’s CSP has none) and bars to scale', () => {
    const svg = renderIntervalChart({ id: 'c', title: 'Conversion <a>', description: 'A 10 %, B 20 %' }, [
      { label: 'a', value: 0.1, low: 0.05, high: 0.15 },
      { label: 'b', value: 0.2, low: 0.15, high: 0.25 },
    ]).toString();
    expect(svg).toMatch(/^<svg viewBox="0 0 640 260" width="640" height="260" role="img" aria-labelledby="c-title c-desc"/);
    expect(svg).toContain('<title id="c-title">Conversion &lt;a&gt;</title>');
    expect(svg).not.toContain('style=');
    expect(svg).not.toContain('<script');
    const heights = [...svg.matchAll(/<rect class="visx-bar"[^>]* height="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(heights).toHaveLength(2);
    expect(heights[1]! / heights[0]!).toBeCloseTo(2, 5);
  });

  it('draw one line per series over the days, with a band for an interval and a legend', () => {
    const svg = renderTimeChart(
      { id: 't', title: 'T', description: 'D' },
      [
        {
          label: 'visits',
          points: [
            { day: '2026-11-01', value: 10 },
            { day: '2026-11-02', value: 20 },
          ],
        },
        {
          label: 'orders',
          points: [
            { day: '2026-11-01', value: 1, low: 0, high: 2 },
            { day: '2026-11-02', value: 2, low: 1, high: 3 },
          ],
        },
      ],
      'count',
    ).toString();
    expect(svg.match(/class="visx-linepath"/g)).toHaveLength(2);
    expect(svg.match(/class="visx-area"/g)).toHaveLength(1);
    expect(svg).toContain('>visits</text>');
    expect(svg).toContain('>orders</text>');
    expect(svg).not.toContain('style=');
  });

  it('draw a day alone as a dot in the middle of its axis: a line needs two days', () => {
    const svg = renderTimeChart(
      { id: 'one', title: 'T', description: 'D' },
      [{ label: 'visits', points: [{ day: '2026-11-28', value: 3 }] }],
      'count',
    ).toString();
    expect(svg.match(/<circle /g)).toHaveLength(1);
    // The plot is 572 wide (640 less the margins): the day stands at its middle, and its tick says which day it is.
    expect(svg).toMatch(/<circle cx="286"/);
    expect(svg).toContain('>11-28</tspan>');
    // Counts are whole: no tick at half a visit.
    expect(svg).not.toContain('>0.5</tspan>');
  });
});
