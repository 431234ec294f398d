import { describe, expect, it } from '@jest/globals';
import { gunzipSync, gzipSync } from 'node:zlib';
import { formatPageWeight, measurePageWeight } from './page-weight-report.ts';

const LD = { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?' }] };
const ldBlock = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...LD })}</script>`;

/** A page whose state carries the head twice and the JSON-LD twice, as the documents before issue 23's weight work did. */
function page(state: unknown): string {
  return `<!doctype html><html><head><title>Save &amp; watch | ReelKeep</title></head><body><div id="root">${ldBlock}<p>Hi</p></div><script id="__RK_STATE__" type="application/json">${JSON.stringify(state)}</script></body></html>`;
}

const title = 'Save & watch | ReelKeep';

describe('the page weight report', () => {
  it('counts the head and each JSON-LD block wherever the state carries them, its dictionaries aside', () => {
    const doubled = page({
      store: { pageMeta: { title, structuredData: [LD] }, os: { os: 'win' } },
      page: { head: { title, structuredData: [LD] } },
      resources: { landing: { title } },
    });
    const weight = measurePageWeight(doubled);
    expect(weight.titleCopiesInState).toBe(2);
    expect(weight.structuredDataCopies).toEqual([3]);
    const once = measurePageWeight(page({ store: { os: { os: 'win' } }, page: { head: { title } }, resources: { landing: { title } } }));
    expect(once.titleCopiesInState).toBe(1);
    expect(once.structuredDataCopies).toEqual([1]);
  });

  it('sizes the page raw and gzip, and the state by key, largest first, one level down', () => {
    const state = { store: { os: { os: 'win' }, pageMeta: { title } }, renderedAt: 1 };
    const html = page(state);
    const weight = measurePageWeight(html);
    expect(weight.rawBytes).toBe(Buffer.byteLength(html));
    expect(gunzipSync(gzipSync(html)).toString()).toBe(html);
    expect(weight.gzipBytes).toBe(gzipSync(html).length);
    expect(weight.stateBytes).toBe(JSON.stringify(state).length);
    expect(weight.stateParts.map((part) => part.key)).toEqual(['store', 'store.pageMeta', 'store.os', 'renderedAt']);
    expect(weight.stateParts[0]!.bytes).toBe(JSON.stringify(state.store).length);
    expect(formatPageWeight('/x', weight, 0)).toContain('  store.pageMeta');
  });

  it('reports a page without a state or JSON-LD as such', () => {
    const weight = measurePageWeight('<!doctype html><title>t</title><p>x</p>');
    expect(weight).toMatchObject({ stateBytes: 0, stateParts: [], structuredDataCopies: [], titleCopiesInState: 0 });
    expect(formatPageWeight('/x', weight)).toContain('JSON-LD blocks 0');
  });
});
