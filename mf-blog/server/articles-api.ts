import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, type ArticleListDto, type Locale } from '@reelkeep/shared-contracts';
import { respondJson, type PluginRoute } from '@reelkeep/platform/server-plugin';
import { ARTICLES } from '../src/content/articles.ts';

const MAX_PAGE_LENGTH = 50;

type ArticleTitles = Record<string, { title: string }>;

async function readArticleTitles(localesDir: string, locale: Locale): Promise<ArticleTitles> {
  const file = path.join(localesDir, locale, 'article.json');
  const dictionary = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { items?: ArticleTitles };
  return dictionary.items ?? {};
}

/**
 * `GET /api/blog/articles`: the spec's footer article list (§7): `category_id=blog`, `language`, `start`,
 * `len`; newest first; the footer passes `is_footer=1`, which skips the `faqs` article (spec §2).
 */
export const articleListRoute: PluginRoute = {
  method: 'GET',
  path: '/api/blog/articles',
  async handle(request, { config }) {
    const query = new URL(request.url).searchParams;
    const language = query.get('language') ?? DEFAULT_LOCALE;
    const start = Number(query.get('start') ?? 0);
    const length = Number(query.get('len') ?? 6);
    if (!isLocale(language) || !Number.isInteger(start) || start < 0 || !Number.isInteger(length) || length < 1 || length > MAX_PAGE_LENGTH) {
      return respondJson({ cscode: 400, msg: 'language must be a supported locale, start ≥ 0 and 1 ≤ len ≤ 50' }, 400);
    }
    const [titles, fallback] = await Promise.all([readArticleTitles(config.LOCALES_DIR, language), readArticleTitles(config.LOCALES_DIR, DEFAULT_LOCALE)]);
    const visible = [...ARTICLES]
      .filter((article) => query.get('category_id') !== 'blog' || article.category !== 'faq' || query.get('is_footer') !== '1')
      .reverse();
    const list = visible.slice(start, start + length).map((article) => ({
      title: titles[article.slug]?.title ?? fallback[article.slug]?.title ?? article.slug,
      new_uuid: article.slug,
      uuid: article.slug,
    }));
    const body: ArticleListDto = { cscode: 200, data: { list, start, total: visible.length } };
    return respondJson(body, 200, { 'cache-control': 'public, max-age=300' });
  },
};
