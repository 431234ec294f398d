import { notFound, type LoaderContext, type NotFoundResult } from '@reelkeep/shared-contracts';
import type { ArticleData, BlogListData, PolicyData } from './pages/blog-data.ts';

/** Articles on one page of the guide centre. */
export const ARTICLES_PER_PAGE = 9;

async function readData<T>(context: LoaderContext, path: string): Promise<T | null> {
  const response = await context.fetchApi(path);
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** `/blog/`, `/blog/category/{category}/`, `/blog/page/{n}/`: a page past the end or an unknown category is 404. */
export async function loadBlogList(context: LoaderContext): Promise<BlogListData | NotFoundResult> {
  const page = Number(context.params.page ?? 1);
  const category = context.params.category ?? null;
  const query = new URLSearchParams({
    category_id: category ?? 'blog',
    language: context.locale,
    start: String((page - 1) * ARTICLES_PER_PAGE),
    len: String(ARTICLES_PER_PAGE),
  });
  const data = await readData<{ list: BlogListData['articles']; total: number; categories: Record<string, number> }>(
    context,
    `/api/blog/article/list?${query}`,
  );
  if (!data) return notFound();
  const pageCount = Math.max(1, Math.ceil(data.total / ARTICLES_PER_PAGE));
  if (page > pageCount || (category && data.total === 0)) return notFound();
  return { articles: data.list, total: data.total, page, pageCount, category, categories: data.categories };
}

/** `/{article}` and `/{lang}/{article}/{id}`: an article missing in the locale is 404 (spec §8). */
export async function loadArticle(context: LoaderContext, slug = context.params.article ?? ''): Promise<ArticleData | NotFoundResult> {
  const data = await readData<ArticleData>(context, `/api/blog/article/detail?${new URLSearchParams({ id: slug, language: context.locale })}`);
  return data ?? notFound();
}

/** `/{lang}/article/what-is-{product}`: the product's introduction article. */
export function loadProductArticle(context: LoaderContext): Promise<ArticleData | NotFoundResult> {
  return loadArticle(context, `what-is-${context.params.product ?? ''}`);
}

/** `/{policy}` and `/{lang}/article/{policy}`. */
export async function loadPolicy(context: LoaderContext): Promise<PolicyData | NotFoundResult> {
  const data = await readData<PolicyData>(
    context,
    `/api/blog/policy/detail?${new URLSearchParams({ id: context.params.policy ?? '', language: context.locale })}`,
  );
  return data ?? notFound();
}
