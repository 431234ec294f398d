import path from 'node:path';
import {
  articleListQuery,
  documentQuery,
  oncePerContext,
  readInput,
  respondJson,
  type ArticleDto,
  type ArticleListDto,
  type ArticleSummaryDto,
  type BlogSitemapDto,
  type Locale,
  type PolicyDto,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { ARTICLE_CATEGORIES, loadContent, type Article, type ContentRepository } from './content-repository.ts';
import type { BlogSettings } from './settings.ts';

/** The release's folder of articles and policies (`BUILD.copy` ships `content/` next to `api/`). */
export const CONTENT_FOLDER = 'content';
const MAX_PAGE_LENGTH = 50;
const CACHE_HEADERS = { 'cache-control': 'public, max-age=300' };

type BlogContext = HostContext<BlogSettings>;

/** Per context (per loaded version): its release's content, read and rendered on first use; a failed read is retried. */
const contentOf = oncePerContext((context: BlogContext) => {
  let content: Promise<ContentRepository> | undefined;
  return (): Promise<ContentRepository> => {
    if (!content) {
      const { COMPANY_NAME, CONTACT_EMAIL, SITE_URL } = context.site;
      content = loadContent(path.join(context.releaseDir, CONTENT_FOLDER), { company: COMPANY_NAME, contactEmail: CONTACT_EMAIL, siteUrl: SITE_URL });
      content.catch(() => (content = undefined));
    }
    return content;
  };
});

/** The blog's content of a loaded version, kept while that version is loaded. */
export function getContent(context: BlogContext): Promise<ContentRepository> {
  return contentOf(context)();
}

/** An article as the list answers it (docs/frame.md "Footer", plus what cards show). */
function summarise(article: Article): ArticleSummaryDto {
  const { title, slug, description, category, published, updated, readingMinutes } = article;
  return { title, new_uuid: slug, uuid: slug, description, category, published, updated, readingMinutes };
}

/**
 * `GET /api/blog/article/list`: `category_id` (`blog` for all, or a category), `language`, `start`, `len`;
 * newest first; `is_footer=1` skips the `faqs` article (docs/frame.md "Footer"). Answers `cscode` 200 with `list, start, total`.
 */
export const articleListRoute: ApiRoute<BlogSettings> = {
  method: 'GET',
  path: '/api/blog/article/list',
  async handle(request, context) {
    const input = await readInput(request, articleListQuery);
    if (!input.ok)
      return respondJson(
        { cscode: 400, msg: `language must be a supported locale, start ≥ 0 and 1 ≤ len ≤ ${MAX_PAGE_LENGTH}`, problems: input.problems },
        400,
      );
    const { language: locale, start, len: length, category_id: category, is_footer: isFooter } = input.data;
    if (category !== 'blog' && !(ARTICLE_CATEGORIES as readonly string[]).includes(category))
      return respondJson({ cscode: 400, msg: `unknown category_id ${category}` }, 400);
    const repository = await getContent(context);
    const visible = repository
      .listArticles(locale)
      .filter((article) => category === 'blog' || article.category === category)
      .filter((article) => isFooter !== '1' || article.slug !== 'faqs');
    const body: ArticleListDto = {
      cscode: 200,
      data: {
        list: visible.slice(start, start + length).map(summarise),
        start,
        total: visible.length,
        categories: Object.fromEntries(
          ARTICLE_CATEGORIES.map((id) => [id, repository.listArticles(locale).filter((article) => article.category === id).length]),
        ),
      },
    };
    return respondJson(body, 200, CACHE_HEADERS);
  },
};

/**
 * A detail route (`?id=&language=`): validates the query, finds the document in the repository and
 * answers it with the locales it exists in; 400 for a bad query, 404 when the locale lacks it.
 */
function createDetailRoute<Document extends ArticleDto | PolicyDto>(
  path: string,
  kind: string,
  find: (repository: ContentRepository, locale: Locale, slug: string) => Document | undefined,
): ApiRoute<BlogSettings> {
  return {
    method: 'GET',
    path,
    async handle(request, context) {
      const input = await readInput(request, documentQuery);
      if (!input.ok) return respondJson({ cscode: 400, msg: 'id and a supported language are required', problems: input.problems }, 400);
      const { language: locale, id: slug } = input.data;
      const data = find(await getContent(context), locale, slug);
      if (!data) return respondJson({ cscode: 404, msg: `no ${kind} ${slug} in ${locale}` }, 404);
      return respondJson({ cscode: 200, data }, 200, CACHE_HEADERS);
    },
  };
}

/** `GET /api/blog/article/detail?id=&language=`: one article with its related articles and the locales it exists in. */
export const articleDetailRoute = createDetailRoute<ArticleDto>('/api/blog/article/detail', 'article', (repository, locale, slug) => {
  const article = repository.findArticle(locale, slug);
  if (!article) return undefined;
  const related = article.related
    .map((other) => repository.findArticle(locale, other))
    .filter((other): other is Article => other !== undefined)
    .map(summarise);
  return { ...article, related, locales: repository.listArticleLocales(slug) };
});

/** `GET /api/blog/policy/detail?id=&language=`: one policy document and the locales it exists in. */
export const policyDetailRoute = createDetailRoute<PolicyDto>('/api/blog/policy/detail', 'policy', (repository, locale, slug) => {
  const policy = repository.findPolicy(locale, slug);
  return policy && { ...policy, locales: repository.listPolicyLocales(slug) };
});

/** `GET /api/blog/sitemap`: every article and policy with the locales it exists in, for the sitemap. */
export const sitemapRoute: ApiRoute<BlogSettings> = {
  method: 'GET',
  path: '/api/blog/sitemap',
  async handle(_request, context) {
    const repository = await getContent(context);
    const group = (items: { slug: string; locale: Locale; updated: string }[]) => {
      const bySlug = new Map<string, { slug: string; locales: Locale[]; updated: string }>();
      for (const item of items) {
        const entry = bySlug.get(item.slug) ?? { slug: item.slug, locales: [], updated: item.updated };
        entry.locales.push(item.locale);
        if (item.updated > entry.updated) entry.updated = item.updated;
        bySlug.set(item.slug, entry);
      }
      return [...bySlug.values()];
    };
    const body: BlogSitemapDto = { articles: group(repository.allArticles()), policies: group(repository.allPolicies()) };
    return respondJson(body, 200, CACHE_HEADERS);
  },
};
