import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { matchPage } from './page-gate.server.ts';
import type { PageOutcome, PinnedRemoteRelease, RenderBundle, RenderInput } from './render-contract.ts';

/*
 * Page resolution and the document responder, through the shell bundle's public functions (the render
 * contract the host calls: `renderDocument`, `renderErrorDocument`, `loadPageData`), so a move of the files
 * behind them changes nothing here (docs/routing.md "Rendering a page").
 */

Object.assign(globalThis, { __SERVER__: true });
const { default: bundle } = (await import('./entry.server.tsx')) as { default: RenderBundle };

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const fr = JSON.parse(readFileSync(path.join(LOCALES_DIR, 'fr', 'common.json'), 'utf8')) as {
  not_found: { meta_title: string; title: string };
  remote_unavailable: { meta_title: string; title: string };
  error: { meta_title: string };
};
/** The texts as the host hands them over: each namespace of the locale, read from `locales/`. */
const loadResources: RenderInput['loadResources'] = async (locale, namespaces) =>
  Object.fromEntries(
    namespaces.map((namespace) => [
      namespace,
      JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as Record<string, unknown>,
    ]),
  ) as Awaited<ReturnType<RenderInput['loadResources']>>;

/** A remote pinned by the registry whose server container is not there: loading it fails at once. */
const missingLanding: PinnedRemoteRelease = {
  name: 'mf-landing',
  version: '9.9.9',
  entry: '/static/mf-landing/9.9.9/remoteEntry.js',
  serverEntry: path.join(import.meta.dirname, 'no-such-release', 'remoteEntry.js'),
  styles: [],
  scripts: [],
};

/** A request for `pathname`, with the page its gate matched (as the host hands it over). */
function createInput(pathname: string, remotes: PinnedRemoteRelease[] = []) {
  const reported: string[] = [];
  const input: RenderInput = {
    page: matchPage(pathname),
    url: new URL(pathname, 'https://www.reelkeep.test'),
    siteUrl: 'https://www.reelkeep.test',
    remotes,
    shellAssets: { scripts: ['/static/shell/s1/main.js'], styles: [], startScripts: [] },
    loadResources,
    // The frame's APIs do not answer: the page still renders, with an empty frame.
    fetchApi: async () => new Response(null, { status: 503 }),
    visitorHeaders: {},
    os: { os: 'win', is64Bit: true },
    session: { signedIn: false, user: null },
    abValues: {},
    nonce: 'nonce-123',
    remoteTimeoutMs: 2_000,
    renderTimeoutMs: 5_000,
    reportError: (message) => void reported.push(message),
    warn: () => undefined,
  };
  return { input, reported };
}

/** The whole document a page outcome streams. */
async function readDocument(outcome: PageOutcome): Promise<string> {
  const sink = new PassThrough();
  const document = text(sink);
  await outcome.pipe(sink);
  return document;
}

const readHydration = (html: string) =>
  JSON.parse(/<script id="__RK_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!.replace(/\\u003c/g, '<')) as {
    locale: string;
    page: { status: number; head: { title: string }; unavailable: string[] };
  };

describe('the shell bundle resolves a page request and writes its document', () => {
  it('answers a path the route table does not know with the localised 404 page, the frame around it', async () => {
    const { input } = createInput('/fr/no/such/page');
    const outcome = await bundle.renderDocument(input);
    expect(outcome).toMatchObject({ kind: 'page', status: 404, head: { title: fr.not_found.meta_title }, unavailable: [] });
    const html = await readDocument(outcome as PageOutcome);
    expect(html).toMatch(/^<!doctype html><html lang="fr"/i);
    expect(html).toContain(`<title>${fr.not_found.meta_title}</title>`);
    expect(html).toContain(fr.not_found.title);
    expect(html).toContain('<div id="root">');
    expect(readHydration(html)).toMatchObject({ locale: 'fr', page: { status: 404, unavailable: [] } });
  });

  it('renders the remote’s fallback with 503 when the remote that owns the route cannot be loaded, and reports it', async () => {
    const { input, reported } = createInput('/fr/contact', [missingLanding]);
    const outcome = (await bundle.renderDocument(input)) as PageOutcome;
    expect(outcome).toMatchObject({ kind: 'page', status: 503, unavailable: ['mf-landing'], head: { title: fr.remote_unavailable.meta_title } });
    expect(reported).toEqual([expect.stringContaining('remote mf-landing unavailable')]);
    const html = await readDocument(outcome);
    expect(html).toContain(fr.remote_unavailable.title);
    // The browser is told which remote failed, so it renders the same fallback and hydration matches.
    expect(readHydration(html).page).toMatchObject({ status: 503, unavailable: ['mf-landing'] });
  });

  it('answers a route whose remote has no live version as unavailable, not as missing', async () => {
    const { input } = createInput('/contact');
    const outcome = await bundle.loadPageData(input);
    expect(outcome).toMatchObject({ kind: 'data', payload: { status: 503, unavailable: ['mf-landing'] } });
  });

  it('gives the client navigation the same 404 as the document, as data', async () => {
    const { input } = createInput('/fr/no/such/page');
    expect(await bundle.loadPageData(input)).toMatchObject({
      kind: 'data',
      payload: { status: 404, match: null, head: { title: fr.not_found.meta_title }, namespaces: ['common'] },
    });
  });

  it('renders the page the gate matched as it is handed over, never matching its URL again', async () => {
    // Matching this URL again would give the French 404; the page handed over is the German contact page.
    const { input, reported } = createInput('/fr/no/such/page', [missingLanding]);
    input.page = matchPage('/de/contact');
    const outcome = (await bundle.renderDocument(input)) as PageOutcome;
    expect(outcome).toMatchObject({ kind: 'page', status: 503, unavailable: ['mf-landing'] });
    expect(reported).toEqual([expect.stringContaining('remote mf-landing unavailable for contact')]);
    const html = await readDocument(outcome);
    expect(html).toMatch(/^<!doctype html><html lang="de"/i);
    expect(readHydration(html)).toMatchObject({ locale: 'de', page: { status: 503, unavailable: ['mf-landing'] } });
    expect(await bundle.loadPageData(input)).toMatchObject({ kind: 'data', payload: { status: 503, match: { route: 'contact', locale: 'de' } } });
  });

  it('writes the localised error page of a status outside any remote', async () => {
    const { input } = createInput('/fr/contact', [missingLanding]);
    const outcome = await bundle.renderErrorDocument(input, 500);
    expect(outcome).toMatchObject({ kind: 'page', status: 500, head: { title: fr.error.meta_title } });
    expect(await readDocument(outcome)).toContain(`<title>${fr.error.meta_title}</title>`);
  });
});
