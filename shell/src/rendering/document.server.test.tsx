import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { FrameData, HydrationState, NamespaceResources, RemotePageModule } from '@reelkeep/shared-contracts';
import { createI18n } from '@reelkeep/shared-contracts/i18n';
import { Root } from '../app/Root.tsx';
import type { ErrorRenderInput, PageOutcome } from '../render-contract.ts';
import { buildStructuredData } from './head-tags.ts';
import { readStructuredData, restoreHydrationState } from './hydration-state.ts';
import type { ResolvedPage } from './page-resolution.server.ts';

/*
 * The document of a page with structured data, as `renderWholeDocument` writes it (docs/architecture.md "The hydration
 * state"): every part once, and what the hydration state leaves out rebuilt in the browser as the server rendered it.
 */

Object.assign(globalThis, { __SERVER__: true });
const { renderWholeDocument } = await import('./document.server.tsx');

const SITE_URL = 'https://www.reelkeep.test';
const common = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../locales/de/common.json'), 'utf8')) as Record<string, unknown>;
const resources = { common } as unknown as NamespaceResources;

const STRUCTURED_DATA = [
  { '@type': 'SoftwareApplication', name: 'ReelKeep', offers: [{ '@type': 'Offer', price: '29.90', priceCurrency: 'USD' }] },
  {
    '@type': 'FAQPage',
    mainEntity: [{ '@type': 'Question', name: 'Läuft es <offline>?', acceptedAnswer: { '@type': 'Answer', text: 'Ja & immer.' } }],
  },
];
const HEAD = {
  title: 'Netflix-Downloader: Netflix-Videos in HD speichern | ReelKeep',
  description: 'Filme und Serien von Netflix in bis zu 1080p herunterladen.',
  keywords: 'Netflix-Downloader',
  type: 'product' as const,
  structuredData: STRUCTURED_DATA,
};

const frame: FrameData = { locale: 'de', siteUrl: SITE_URL, catalogue: { groups: [], adultPage: null }, articles: [], campaign: null };

const input = {
  url: new URL('/de/nirgends', SITE_URL),
  siteUrl: SITE_URL,
  remotes: [],
  shellAssets: { scripts: ['/static/shell/s1/main.js'], styles: [], startScripts: [] },
  loadResources: async () => resources,
  fetchApi: async () => new Response(null, { status: 503 }),
  visitorHeaders: {},
  os: { os: 'mac', is64Bit: true },
  session: { signedIn: false, user: null },
  abValues: { abPlanPrice: 'b' },
  nonce: 'nonce-123',
  remoteTimeoutMs: 2_000,
  renderTimeoutMs: 5_000,
  reportError: () => undefined,
  warn: () => undefined,
} as ErrorRenderInput;

/** A page without a remote (the frame's own 404 view) whose head carries structured data, as a remote's would. */
const page: ResolvedPage = {
  locale: 'de',
  path: '/nirgends',
  resources,
  i18n: createI18n('de', resources),
  modules: new Map(),
  payload: { status: 404, match: null, head: HEAD, data: null, namespaces: ['common'], unavailable: [] },
};

async function renderDocument(resolved: ResolvedPage = page): Promise<{ html: string; state: HydrationState; stateText: string }> {
  const outcome = (await renderWholeDocument(input, resolved, frame, <Root />)) as PageOutcome;
  const sink = new PassThrough();
  const document = text(sink);
  await outcome.pipe(sink);
  const html = await document;
  const stateText = /<script id="__RK_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
  return { html, state: JSON.parse(stateText) as HydrationState, stateText };
}

/** How many times `needle` is in `haystack`. */
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('the document a page is sent as', () => {
  it('carries each JSON-LD block once: as the document’s block, never in the hydration state', async () => {
    const { html, stateText } = await renderDocument();
    const blocks = buildStructuredData(HEAD);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(count(html, block)).toBe(1);
    expect(count(html, 'application/ld+json')).toBe(2);
    // Not as JSON inside the state either, however it is escaped there.
    expect(stateText).not.toContain('structuredData');
    expect(stateText).not.toContain('SoftwareApplication');
    expect(stateText).not.toContain('FAQPage');
  });

  it('carries the head once in the hydration state: the page’s head, no `pageMeta` copy of it', async () => {
    const { state, stateText } = await renderDocument();
    expect(state.page.head).toEqual({ title: HEAD.title, description: HEAD.description, keywords: HEAD.keywords, type: 'product' });
    expect(state.store).not.toHaveProperty('pageMeta');
    expect(count(stateText, JSON.stringify(HEAD.title))).toBe(1);
    expect(count(stateText, JSON.stringify(HEAD.description))).toBe(1);
  });

  it('sends the store’s per-visitor slices and leaves out the ones the browser fills in itself', async () => {
    const { state } = await renderDocument();
    expect(Object.keys(state.store).sort()).toEqual(['ab', 'campaignNav', 'locale', 'os', 'session']);
    expect(state.store).toMatchObject({
      os: { os: 'mac' },
      ab: { values: { abPlanPrice: 'b' } },
      locale: { current: 'de', prefix: '/de', path: '/nirgends' },
    });
  });

  it('gives the browser back the store and the page the server rendered with, JSON-LD from the document', async () => {
    const { html, state } = await renderDocument();
    // The document's JSON-LD blocks as the browser's `querySelectorAll` finds them (hydration-state.test.ts checks the selector).
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(([, json]) => ({ textContent: json! }));
    const restored = restoreHydrationState(state, readStructuredData({ querySelectorAll: () => blocks } as unknown as ParentNode));
    // The blocks PageHead renders in the browser are the server's, character for character (no hydration mismatch).
    expect(buildStructuredData(restored.page.head)).toEqual(buildStructuredData(HEAD));
    expect(restored.page).toEqual({
      ...page.payload,
      head: { ...HEAD, structuredData: STRUCTURED_DATA.map((data) => ({ '@context': 'https://schema.org', ...data })) },
    });
    expect(restored.store.pageMeta).toEqual({
      title: HEAD.title,
      description: HEAD.description,
      keywords: HEAD.keywords,
      status: 404,
      canonicalUrl: `${SITE_URL}/de/nirgends`,
    });
    expect(restored.store.client).toEqual({ mobile: null, webp: null, referer: null, browser: null, downloadUrl: null, categories: [] });
    expect(restored.store.prompts).toMatchObject({ menuOpen: false, entries: {} });
  });
});

describe('a page whose data is partly in the document (an article’s body)', () => {
  const BODY = '<h2 id="a">Schritt 1</h2><p>Öffnen &amp; speichern.</p>';
  const data = { slug: 'guide', title: 'Anleitung', html: BODY };
  const bodyInDocument = {
    carried: ({ html: _html, ...rest }: typeof data) => rest,
    restore: (carried: unknown) => ({ ...(carried as object), html: BODY }) as typeof data,
  };
  /** A blog module whose article page writes its body into the document, or throws while rendering. */
  const moduleWith = (fails: boolean): RemotePageModule => ({
    remote: 'mf-blog',
    contractVersion: '6.1.0',
    pages: {
      article: {
        Component: ({ data: page }: { data: typeof data }) => {
          if (fails) throw new Error('region fails');
          return <div data-document-body="" dangerouslySetInnerHTML={{ __html: page.html }} />;
        },
        head: () => HEAD,
        namespaces: () => [],
        dataInDocument: bodyInDocument,
      },
    },
  });
  const articlePage = (fails: boolean): ResolvedPage => ({
    ...page,
    path: '/guide',
    modules: new Map([['mf-blog', moduleWith(fails)]]),
    payload: {
      status: 200,
      match: { route: 'article', locale: 'de', params: { article: 'guide' }, pageName: 'article' },
      head: HEAD,
      data,
      namespaces: ['common'],
      unavailable: [],
    },
  });

  it('sends the body once, in the document, and tells the browser to read it back', async () => {
    const { html, state, stateText } = await renderDocument(articlePage(false));
    expect(count(html, BODY)).toBe(1);
    expect(stateText).not.toContain('Schritt 1');
    expect(state.page.data).toEqual({ slug: 'guide', title: 'Anleitung' });
    expect(state.dataInDocument).toBe(true);
  });

  it('sends the whole data when the page’s region failed, since the browser renders it again', async () => {
    const { state } = await renderDocument(articlePage(true));
    expect(state.page.data).toEqual(data);
    expect(state).not.toHaveProperty('dataInDocument');
  });
});
