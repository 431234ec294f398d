import { describe, expect, it } from '@jest/globals';
import { createFrameDataLoader } from './frame-data-loader.ts';

const CATALOGUE = { groups: [{ id: 'hot', services: [{ slug: 'netflix', name: 'Netflix' }] }], adultPage: null };
const summary = (slug: string) => ({
  title: `Title of ${slug}`,
  new_uuid: slug,
  uuid: slug,
  description: 'A long description the footer never shows.',
  category: 'guides',
  published: '2026-05-01',
  updated: '2026-05-01',
  readingMinutes: 3,
});
const LIST = { cscode: 200, data: { list: [summary('faqs'), summary('how-to-download')], start: 0, total: 2, categories: { guides: 2 } } };

function apisAnswering(answers: Record<string, unknown>) {
  return async (path: string) =>
    Response.json(answers[path.split('?')[0]!] ?? { cscode: 404 }, { status: path.split('?')[0]! in answers ? 200 : 404 });
}

describe('the frame data loader', () => {
  it('builds the frame from the squads’ answers: the catalogue, and the footer’s articles without faqs, with what a link needs', async () => {
    const load = createFrameDataLoader('https://rk.example', () => undefined);
    const frame = await load('fr', apisAnswering({ '/api/landing/catalogue': CATALOGUE, '/api/blog/article/list': LIST }));
    expect(frame.catalogue).toEqual(CATALOGUE);
    expect(frame.articles).toEqual([{ title: 'Title of how-to-download', new_uuid: 'how-to-download', uuid: 'how-to-download' }]);
  });

  it('takes an answer of another shape for a failed API: the last good data, else empty lists, and a warning', async () => {
    let now = 0;
    const warnings: string[] = [];
    const load = createFrameDataLoader(
      'https://rk.example',
      (message, fields) => warnings.push(`${message} ${String(fields.path)}`),
      () => now,
    );
    const broken = apisAnswering({ '/api/landing/catalogue': { groups: 'hot' }, '/api/blog/article/list': { cscode: 200, data: { list: 'none' } } });
    const empty = await load('de', broken);
    expect([empty.catalogue, empty.articles]).toEqual([{ groups: [], adultPage: null }, []]);
    expect(warnings).toHaveLength(2);

    await load('it', apisAnswering({ '/api/landing/catalogue': CATALOGUE, '/api/blog/article/list': LIST }));
    now = 61_000;
    await load('it', broken);
    const kept = await load('it', broken);
    expect(kept.catalogue).toEqual(CATALOGUE);
    expect(kept.articles).toHaveLength(1);
  });
});
