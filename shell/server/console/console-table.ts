import { z } from 'zod';
import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { html, type Markup } from './console-html.ts';

/**
 * The shell sections' tables (docs/console.md "Tables"): sorted and paged on the server by links (no script), each
 * sortable column header a link that says how it sorts, `aria-sort` on the sorted one, and a caption.
 */

/** A column: its key in the query, its header, how a row shows in it and what it sorts by. */
export interface TableColumn<Row> {
  key: string;
  label: string;
  cell: (row: Row) => Markup | string | number;
  /** The value the column sorts by; a column without one is not sortable. */
  sortValue?: (row: Row) => string | number;
  /** The row header column (`<th scope="row">`). */
  rowHeader?: boolean;
}

/** A table's place in the query: the column it sorts by, the direction and the page. */
export interface TableState {
  sort?: string;
  dir: 'asc' | 'desc';
  page: number;
}

/** `?<prefix>sort=&<prefix>dir=&<prefix>page=`: a page number from 1, one of the table's columns. */
export function readTableState(url: URL, prefix: string, columns: readonly string[], fallback: Omit<TableState, 'page'>): TableState {
  const schema = z.object({
    sort: z.enum(columns as [string, ...string[]]).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  });
  const parsed = schema.safeParse({
    sort: url.searchParams.get(`${prefix}sort`) ?? undefined,
    dir: url.searchParams.get(`${prefix}dir`) ?? undefined,
    page: url.searchParams.get(`${prefix}page`) ?? undefined,
  });
  const data = parsed.success ? parsed.data : {};
  return { sort: data.sort ?? fallback.sort, dir: data.dir ?? fallback.dir, page: data.page ?? 1 };
}

/** The rows of one page, sorted (a stable sort: equal values keep their order). */
export function sortAndPage<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  state: TableState,
  pageSize: number,
): { rows: Row[]; pages: number; page: number } {
  const column = columns.find((candidate) => candidate.key === state.sort && candidate.sortValue);
  const sorted = [...rows];
  if (column?.sortValue) {
    const value = column.sortValue;
    const factor = state.dir === 'asc' ? 1 : -1;
    sorted.sort((a, b) => {
      const left = value(a);
      const right = value(b);
      if (typeof left === 'number' && typeof right === 'number') return (left - right) * factor;
      return String(left).localeCompare(String(right)) * factor;
    });
  }
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const page = Math.min(state.page, pages);
  return { rows: sorted.slice((page - 1) * pageSize, page * pageSize), pages, page };
}

/** The address of the same page with this table's state changed (other tables' and the page's own parameters kept). */
function linkTo(url: URL, prefix: string, changes: Record<string, string>): string {
  const next = new URL(url);
  for (const [name, value] of Object.entries(changes)) next.searchParams.set(`${prefix}${name}`, value);
  return `${next.pathname}${next.search}`;
}

/** A sortable, paged, captioned table in its scrolling region. */
export function renderTable<Row>(input: {
  t: TranslateFunction;
  url: URL;
  prefix: string;
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  state: TableState;
  pageSize: number;
  empty: string;
}): Markup {
  const { t, url, prefix, columns, state } = input;
  const shown = sortAndPage(input.rows, columns, state, input.pageSize);
  const header = columns.map((column) => {
    if (!column.sortValue) return html`<th scope="col">${column.label}</th>`;
    const sorted = state.sort === column.key;
    const nextDir = sorted && state.dir === 'asc' ? 'desc' : 'asc';
    return html`<th scope="col" ${sorted ? html`aria-sort="${state.dir === 'asc' ? 'ascending' : 'descending'}"` : ''}>
      <a href="${linkTo(url, prefix, { sort: column.key, dir: nextDir, page: '1' })}"
        >${column.label}<span class="visually-hidden"> (${t(nextDir === 'asc' ? 'table.sortAscending' : 'table.sortDescending')})</span>${
          sorted ? html`<span aria-hidden="true">${state.dir === 'asc' ? ' ▲' : ' ▼'}</span>` : ''
        }</a
      >
    </th>`;
  });
  const body = shown.rows.map(
    (row) =>
      html`<tr>
        ${columns.map((column) => (column.rowHeader ? html`<th scope="row">${column.cell(row)}</th>` : html`<td>${column.cell(row)}</td>`))}
      </tr>`,
  );
  const pager =
    shown.pages > 1
      ? html`<nav class="row pager" aria-label="${t('table.pages', { caption: input.caption })}">
          ${shown.page > 1 ? html`<a href="${linkTo(url, prefix, { page: String(shown.page - 1) })}">${t('table.previous')}</a>` : ''}
          <span>${t('table.pageOf', { page: shown.page, pages: shown.pages })}</span>
          ${shown.page < shown.pages ? html`<a href="${linkTo(url, prefix, { page: String(shown.page + 1) })}">${t('table.next')}</a>` : ''}
        </nav>`
      : '';
  return html`<div class="scroll" role="region" tabindex="0" aria-label="${input.caption}">
      <table>
        <caption>
          ${input.caption}
        </caption>
        <thead>
          <tr>
            ${header}
          </tr>
        </thead>
        <tbody>
          ${body}
        </tbody>
      </table>
    </div>
    ${input.rows.length === 0 ? html`<p>${input.empty}</p>` : ''}${pager}`;
}

/** A plain table (no sorting, no pages) in its scrolling region, named for screen readers by `label`: column headings, then rows. */
export function renderPlainTable(label: string, headings: readonly string[], rows: readonly Markup[]): Markup {
  return html`<div class="scroll" role="region" tabindex="0" aria-label="${label}">
    <table>
      <thead>
        <tr>
          ${headings.map((heading) => html`<th scope="col">${heading}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`;
}
