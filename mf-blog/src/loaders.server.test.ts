import { describe, expect, it } from '@jest/globals';
import { readPageVerdict, type ArticleDto, type LoaderContext } from '@reelkeep/shared-contracts';
import { loadArticle, loadBlogList } from './loaders.server.ts';

const SUMMARY = {
  title: 'How to download',
  new_uuid: 'how-to-download',
  uuid: 'how-to-download',
  description: 'Step by step.',
  category: 'guides',
  published: '2026-05-01',
  updated: '2026-05-02',
  readingMinutes: 4,
};
const ARTICLE: ArticleDto = {
  slug: 'how-to-download',
  title: 'How to download',
  description: 'Step by step.',
  category: 'guides',
  published: '2026-05-01',
  updated: '2026-05-02',
  readingMinutes: 4,
  html: '<p>Body.</p>',
  toc: [],
  faq: [],
  related: [SUMMARY],
  locales: ['en', 'fr'],
};

function contextAnswering(status: number, body: unknown, params: Record<string, string> = {}): LoaderContext {
  const fetchApi = async () => Response.json(body, { status });
  return {
    route: 'article',
    locale: 'fr',
    params,
    pageName: 'article_common',
    url: new URL('http://site.test/fr/x'),
    fetchApi,
    fetchAsVisitor: fetchApi,
  };
}

describe('the blog’s loaders', () => {
  it('read an article as the blog API answers it', async () => {
    expect(await loadArticle(contextAnswering(200, { cscode: 200, data: ARTICLE }, { article: 'how-to-download' }))).toEqual(ARTICLE);
  });

  it('make a missing article the localised 404', async () => {
    expect(readPageVerdict(await loadArticle(contextAnswering(404, { cscode: 404 }, { article: 'nope' })))).not.toBeNull();
  });

  it('refuse an answer of another shape instead of rendering it', async () => {
    await expect(
      loadArticle(contextAnswering(200, { cscode: 200, data: { ...ARTICLE, html: null } }, { article: 'how-to-download' })),
    ).rejects.toThrow();
    await expect(loadBlogList(contextAnswering(200, { cscode: 200, data: { list: [SUMMARY], total: '1' } }))).rejects.toThrow();
  });

  it('read a list page with its counts per category', async () => {
    const data = await loadBlogList(contextAnswering(200, { cscode: 200, data: { list: [SUMMARY], start: 0, total: 1, categories: { guides: 1 } } }));
    expect(data).toEqual({ articles: [SUMMARY], total: 1, page: 1, pageCount: 1, category: null, categories: { guides: 1 } });
  });
});
