import { describe, expect, it } from '@jest/globals';
import { createFrameDataLoader } from './frame-data-loader.server.ts';

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

/** Lets a refresh started in the background finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

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

describe('frame data follows the releases that answer it (docs/frame.md "Frame data")', () => {
  const OLD = { groups: [{ id: 'hot', services: [{ slug: 'netflix', name: 'Netflix' }] }], adultPage: null };
  const NEW = { groups: [{ id: 'hot', services: [{ slug: 'hulu', name: 'Hulu' }] }], adultPage: null };

  it('after a switch the next render waits for the new version’s answer instead of serving the old one for a minute', async () => {
    const load = createFrameDataLoader(
      'https://rk.example',
      () => undefined,
      () => 0,
    );
    const before = await load('en', apisAnswering({ '/api/landing/catalogue': OLD, '/api/blog/article/list': LIST }), 'mf-blog@1 mf-landing@1');
    expect(before.catalogue).toEqual(OLD);
    const after = await load('en', apisAnswering({ '/api/landing/catalogue': NEW, '/api/blog/article/list': LIST }), 'mf-blog@1 mf-landing@2');
    expect(after.catalogue).toEqual(NEW);
    // A rollback finds the earlier version's data again, still fresh.
    const back = await load('en', apisAnswering({}), 'mf-blog@1 mf-landing@1');
    expect(back.catalogue).toEqual(OLD);
  });

  it('a new version whose API fails shows the last good data of the locale, not an empty menu', async () => {
    const load = createFrameDataLoader(
      'https://rk.example',
      () => undefined,
      () => 0,
    );
    await load('ja', apisAnswering({ '/api/landing/catalogue': OLD, '/api/blog/article/list': LIST }), 'mf-landing@1');
    const failed = await load('ja', apisAnswering({}), 'mf-landing@2');
    expect(failed.catalogue).toEqual(OLD);
  });

  it('the stand-in of another release is asked again at the next render, not kept for a minute', async () => {
    const load = createFrameDataLoader(
      'https://rk.example',
      () => undefined,
      () => 0,
    );
    await load('pt', apisAnswering({ '/api/landing/catalogue': OLD, '/api/blog/article/list': LIST }), 'mf-landing@1');
    expect((await load('pt', apisAnswering({}), 'mf-landing@2')).catalogue).toEqual(OLD);
    const recovered = apisAnswering({ '/api/landing/catalogue': NEW, '/api/blog/article/list': LIST });
    // The render after the failure asks again (and shows the stand-in meanwhile); the one after shows the new version's.
    expect((await load('pt', recovered, 'mf-landing@2')).catalogue).toEqual(OLD);
    await settle();
    expect((await load('pt', recovered, 'mf-landing@2')).catalogue).toEqual(NEW);
  });

  it('an empty menu (no answer yet, nothing to stand in) is asked again at the next render too', async () => {
    const load = createFrameDataLoader(
      'https://rk.example',
      () => undefined,
      () => 0,
    );
    expect((await load('es', apisAnswering({}), 'mf-landing@1')).catalogue).toEqual({ groups: [], adultPage: null });
    const answering = apisAnswering({ '/api/landing/catalogue': NEW, '/api/blog/article/list': LIST });
    await load('es', answering, 'mf-landing@1');
    await settle();
    expect((await load('es', answering, 'mf-landing@1')).catalogue).toEqual(NEW);
  });
});
