import {
  articleAnswerSchema,
  articleListAnswerSchema,
  notFound,
  policyAnswerSchema,
  type ArticleDto,
  type LoaderContext,
  type NotFoundResult,
  type PolicyDto,
} from '@reelkeep/shared-contracts';
import type * as z from 'zod/mini';
import type { BlogListData } from './pages/blog-data.ts';

/** Articles on one page of the guide centre. */
export const ARTICLES_PER_PAGE = 9;

/** A blog API's answer, read with its schema: null for a document that does not exist (404, or 400 for a malformed id). */
async function readAnswer<Answer>(context: LoaderContext, path: string, schema: z.ZodMiniType<Answer>): Promise<Answer | null> {
  const response = await context.fetchApi(path);
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return schema.parse(await response.json());
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
  const data = (await readAnswer(context, `/api/blog/article/list?${query}`, articleListAnswerSchema))?.data;
  if (!data) return notFound();
  const pageCount = Math.max(1, Math.ceil(data.total / ARTICLES_PER_PAGE));
  if (page > pageCount || (category && data.total === 0)) return notFound();
  return { articles: data.list, total: data.total, page, pageCount, category, categories: data.categories };
}

/** `/{article}` and `/{lang}/{article}/{id}`: an article missing in the locale is 404 (docs/locales.md "Content per locale"). */
export async function loadArticle(context: LoaderContext, slug = context.params.article ?? ''): Promise<ArticleDto | NotFoundResult> {
  const answer = await readAnswer(
    context,
    `/api/blog/article/detail?${new URLSearchParams({ id: slug, language: context.locale })}`,
    articleAnswerSchema,
  );
  return answer?.data ?? notFound();
}

/** `/{lang}/article/what-is-{product}`: the product's introduction article. */
export function loadProductArticle(context: LoaderContext): Promise<ArticleDto | NotFoundResult> {
  return loadArticle(context, `what-is-${context.params.product ?? ''}`);
}

/** `/{policy}` and `/{lang}/article/{policy}`. */
export async function loadPolicy(context: LoaderContext): Promise<PolicyDto | NotFoundResult> {
  const answer = await readAnswer(
    context,
    `/api/blog/policy/detail?${new URLSearchParams({ id: context.params.policy ?? '', language: context.locale })}`,
    policyAnswerSchema,
  );
  return answer?.data ?? notFound();
}
