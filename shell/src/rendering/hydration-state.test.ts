/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import {
  CLIENT_NOT_DETECTED,
  PROMPT_QUEUE_INITIAL_STATE,
  type FrameData,
  type HydrationState,
  type RemotePageModule,
  type SharedState,
} from '@reelkeep/shared-contracts';
import { buildStructuredData } from './head-tags.ts';
import { readStructuredData, restoreHydrationState, restorePageData, toHydrationState, toPageMeta } from './hydration-state.ts';

const SITE_URL = 'https://www.reelkeep.test';
const head = {
  title: 'Checkout | ReelKeep',
  description: 'Choose a plan',
  structuredData: [{ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: '<Home> & more' }] }],
};
const page = { status: 200, match: null, head, data: { plans: [1, 2] }, namespaces: ['common'], unavailable: [] };
const place = { locale: 'fr' as const, path: '/checkout', siteUrl: SITE_URL };

/** The full state the server renders with: the contract's slices, `pageMeta` from the head, and an injected slice. */
function fullState(overrides: Partial<SharedState> = {}): HydrationState & { store: SharedState } {
  const store: SharedState & Record<string, unknown> = {
    locale: { current: 'fr', prefix: '/fr', path: '/checkout' },
    os: { os: 'win', is64Bit: true },
    session: { signedIn: false, user: null },
    pageMeta: toPageMeta(page, place),
    ab: { values: {} },
    campaignNav: { visible: false },
    prompts: PROMPT_QUEUE_INITIAL_STATE,
    client: CLIENT_NOT_DETECTED,
    checkout: { plan: '1Y' },
    ...overrides,
  };
  return {
    locale: 'fr',
    store,
    resources: {},
    remotes: [],
    page,
    frame: { locale: 'fr', siteUrl: SITE_URL, catalogue: { groups: [], adultPage: null }, articles: [] } as FrameData,
    renderedAt: 1,
  };
}

/** Through JSON, as the browser reads `__RK_STATE__`. */
const throughJson = (state: HydrationState): HydrationState => JSON.parse(JSON.stringify(state)) as HydrationState;

describe('the hydration state', () => {
  it('leaves out the JSON-LD, the head’s `pageMeta` copy and the slices the browser fills in, and keeps injected slices', () => {
    const sent = toHydrationState(fullState());
    expect(Object.keys(sent.store).sort()).toEqual(['ab', 'campaignNav', 'checkout', 'locale', 'os', 'session']);
    expect(sent.page.head).toEqual({ title: head.title, description: head.description });
  });

  it('sends a slice the server changed from what the browser would rebuild', () => {
    const changed = { ...CLIENT_NOT_DETECTED, categories: ['hot'] };
    const otherMeta = { ...toPageMeta(page, place), title: 'Set by an opening event' };
    const sent = toHydrationState(fullState({ client: changed, pageMeta: otherMeta }));
    expect(sent.store.client).toEqual(changed);
    expect(sent.store.pageMeta).toEqual(otherMeta);
    expect(restoreHydrationState(throughJson(sent), []).store).toMatchObject({ client: changed, pageMeta: otherMeta });
  });

  it('is restored in the browser to what the server rendered with, the JSON-LD read back from the document', () => {
    const full = fullState();
    document.body.innerHTML = [
      // A block outside the app is not the page's (a third party's): only the app's root is read.
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<div id="root"><main>',
      ...buildStructuredData(head).map((json) => `<script type="application/ld+json">${json}</script>`),
      '</main></div>',
    ].join('');
    const restored = restoreHydrationState(throughJson(toHydrationState(full)), readStructuredData(document));
    expect(restored.store).toEqual(full.store);
    expect(buildStructuredData(restored.page.head)).toEqual(buildStructuredData(head));
    expect(restored.page).toEqual({ ...page, head: { ...head, structuredData: [{ '@context': 'https://schema.org', ...head.structuredData[0] }] } });
  });

  it('skips a JSON-LD block in the root that is not JSON, so the page still starts', () => {
    document.body.innerHTML = `<div id="root"><script type="application/ld+json">{not json</script>${buildStructuredData(head)
      .map((json) => `<script type="application/ld+json">${json}</script>`)
      .join('')}</div>`;
    expect(readStructuredData(document)).toEqual([{ '@context': 'https://schema.org', ...head.structuredData[0] }]);
  });

  it('restores a page without structured data without adding any', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const bare = { ...fullState(), page: { ...page, head: { title: 't', description: 'd' } } };
    const restored = restoreHydrationState(throughJson(toHydrationState(bare)), readStructuredData(document));
    expect(restored.page.head).toEqual({ title: 't', description: 'd' });
  });
});

describe('a page whose data is partly in the document', () => {
  const data = { slug: 'guide', html: '<p>Body</p>' };
  const module = {
    remote: 'mf-blog',
    contractVersion: '6.1.0',
    pages: {
      article: {
        Component: () => null,
        head: () => head,
        namespaces: () => [],
        dataInDocument: {
          carried: ({ html: _html, ...rest }: typeof data) => rest,
          restore: (carried: unknown, root: ParentNode) => ({ ...(carried as object), html: root.querySelector('[data-document-body]')!.innerHTML }),
        },
      },
    },
  } as unknown as RemotePageModule;
  const articlePayload = { ...page, match: { route: 'article' as const, locale: 'fr' as const, params: {}, pageName: 'article' }, data };

  it('is carried without that part, and the browser reads it back from the document, only when the server left it out', () => {
    document.body.innerHTML = '<div id="root"><div data-document-body=""><p>Body</p></div></div>';
    const sent = throughJson(toHydrationState({ ...fullState(), page: articlePayload }, module.pages.article!.dataInDocument));
    expect(sent.page.data).toEqual({ slug: 'guide' });
    expect(sent.dataInDocument).toBe(true);
    expect(restorePageData(sent, sent.page, module, document).data).toEqual(data);
    // Sent whole (no flag): the data is the server's as it is, whatever the document holds.
    const whole = throughJson(toHydrationState({ ...fullState(), page: articlePayload }));
    expect(whole.dataInDocument).toBeUndefined();
    document.body.innerHTML = '<div id="root"></div>';
    expect(restorePageData(whole, whole.page, module, document).data).toEqual(data);
  });
});
