import { gzipSync } from 'node:zlib';

/**
 * What bench/page-weight.ts reports of one page's HTML (docs/architecture.md "The hydration state"): its size, raw and gzip, the
 * hydration state's share of it by key, and the parts a document must carry once (the head's title, description and
 * structured data), counted where they appear.
 */

/** One part of the hydration state and its size as serialised (JSON text, bytes). */
export interface StatePart {
  key: string;
  bytes: number;
}

/** The weight of one page. */
export interface PageWeight {
  rawBytes: number;
  gzipBytes: number;
  /** The text of the `__RK_STATE__` block, or 0 when the page has none. */
  stateBytes: number;
  /** Each top-level key of the state, then each key one level down (`store.locale`), largest first within its parent. */
  stateParts: StatePart[];
  /** How often each JSON-LD block's facts are present in the document: its block, plus its copies in the state (1 is right). */
  structuredDataCopies: number[];
  /** How often the page's `<title>` text is a value of the hydration state, its dictionaries aside (1 is right: the head, carried once). */
  titleCopiesInState: number;
}

const STATE_BLOCK = /<script id="__RK_STATE__" type="application\/json">([\s\S]*?)<\/script>/;
const STRUCTURED_DATA_BLOCK = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
const TITLE = /<title>([\s\S]*?)<\/title>/;

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');
const jsonBytes = (value: unknown): number => byteLength(JSON.stringify(value) ?? '');

/** Every value of a parsed JSON tree, the tree itself included. */
function* walk(value: unknown): Generator<unknown> {
  yield value;
  if (value && typeof value === 'object') for (const inner of Object.values(value)) yield* walk(inner);
}

/** How many values of the tree are `target` (a string), or serialise to the same JSON (an object). */
function countInState(state: unknown, target: unknown): number {
  if (state === undefined) return 0;
  const text = typeof target === 'string' ? null : JSON.stringify(target);
  let count = 0;
  for (const value of walk(state)) {
    if (typeof target === 'string' ? value === target : value !== null && typeof value === 'object' && JSON.stringify(value) === text) count += 1;
  }
  return count;
}

const decodeHtml = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** Measures one page's HTML. */
export function measurePageWeight(html: string): PageWeight {
  const stateText = STATE_BLOCK.exec(html)?.[1];
  const state = stateText === undefined ? undefined : (JSON.parse(stateText) as Record<string, unknown>);
  const stateParts: StatePart[] = [];
  const sorted = (entries: [string, unknown][]) =>
    entries.map(([key, value]) => ({ key, value, bytes: jsonBytes(value) })).sort((a, b) => b.bytes - a.bytes);
  for (const top of sorted(Object.entries(state ?? {}))) {
    stateParts.push({ key: top.key, bytes: top.bytes });
    if (top.value && typeof top.value === 'object' && !Array.isArray(top.value)) {
      for (const inner of sorted(Object.entries(top.value))) stateParts.push({ key: `${top.key}.${inner.key}`, bytes: inner.bytes });
    }
  }
  const blocks = [...html.matchAll(STRUCTURED_DATA_BLOCK)].map(([, json]) => json!);
  const structuredDataCopies = blocks.map((json) => {
    // The block's facts, as a state would carry them: without `@context`, which only the document's block adds.
    const { '@context': _context, ...facts } = JSON.parse(json) as Record<string, unknown>;
    return blocks.filter((other) => other === json).length + countInState(state, facts);
  });
  const title = decodeHtml(TITLE.exec(html)?.[1] ?? '');
  return {
    rawBytes: byteLength(html),
    gzipBytes: gzipSync(html).length,
    stateBytes: stateText === undefined ? 0 : byteLength(stateText),
    stateParts,
    structuredDataCopies,
    // The dictionaries hold the texts a head is translated from: those are the page's texts, not a copy of its head.
    titleCopiesInState: title ? countInState(state && { ...state, resources: undefined }, title) : 0,
  };
}

/** kB (1,000 bytes) with one decimal, as docs/budgets.md gives page sizes. */
const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

/** The report of one page: a line of totals, the copies, then the state's parts (those over `minBytes`). */
export function formatPageWeight(path: string, weight: PageWeight, minBytes = 64): string {
  const lines = [
    `${path}: ${weight.rawBytes} B HTML (${kb(weight.rawBytes)} kB), ${weight.gzipBytes} B gzip; hydration state ${weight.stateBytes} B`,
    `  title in the state ${weight.titleCopiesInState} times; JSON-LD blocks ${weight.structuredDataCopies.length}, each present ${weight.structuredDataCopies.join(', ') || '-'} times`,
  ];
  for (const part of weight.stateParts) {
    if (part.bytes < minBytes) continue;
    lines.push(`  ${part.key.includes('.') ? '  ' : ''}${part.key.padEnd(22)} ${String(part.bytes).padStart(7)} B`);
  }
  return lines.join('\n');
}
