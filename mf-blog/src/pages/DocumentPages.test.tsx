/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import type { ArticleDto, PolicyDto, RouteMatch } from '@reelkeep/shared-contracts';
import { renderWithShell } from '@reelkeep/shell/testing';

// The browser's build of the page module (its loaders are the server's).
Object.assign(globalThis, { __SERVER__: false });
const { default: blog } = await import('../page.tsx');

/** A body as the browser writes HTML back (entities it keeps, quotes on attributes), so it reads back the same. */
const BODY = '<h2 id="step-1">Step 1 &amp; more</h2><p>Open <a href="/downloading">the app</a> and save.</p><ul><li>One</li></ul>';

const ARTICLE: ArticleDto = {
  slug: 'how-to-download',
  title: 'How to download',
  description: 'Step by step.',
  category: 'guides',
  published: '2026-05-01',
  updated: '2026-05-02',
  readingMinutes: 4,
  html: BODY,
  toc: [],
  faq: [],
  related: [],
  locales: ['en', 'fr'],
};
const POLICY: PolicyDto = {
  slug: 'privacy-policy',
  title: 'Privacy',
  description: 'How we keep data.',
  updated: '2026-05-02',
  html: BODY,
  locales: ['en'],
};

const match = (route: RouteMatch['route'], params: Record<string, string>): RouteMatch => ({ route, locale: 'en', params, pageName: 'article' });

describe('a document page’s body is sent once (docs/architecture.md "The hydration state")', () => {
  it.each([
    ['an article', 'article' as const, ARTICLE, { article: ARTICLE.slug }],
    ['a guide at /what-is', 'what-is-product' as const, ARTICLE, { product: 'reelkeep' }],
    ['a policy', 'policy' as const, POLICY, { policy: POLICY.slug }],
  ])('%s: the state carries its data without the body, and the browser reads the body back from the page', (_label, route, data, params) => {
    const definition = blog.pages[route]!;
    const { Component } = definition;
    const view = renderWithShell(<Component {...match(route, params)} data={data as never} />, { namespaces: ['article_common'] });
    const carried = definition.dataInDocument!.carried(data as never);
    expect(carried).not.toHaveProperty('html');
    expect(JSON.stringify(carried)).not.toContain('Step 1');
    expect(definition.dataInDocument!.restore(JSON.parse(JSON.stringify(carried)), view.container)).toEqual(data);
  });
});
