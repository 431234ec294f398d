/** An article of the guide centre, identified by its slug (its `new_uuid` in the spec's list API). */
export interface ArticleEntry {
  slug: string;
  category: 'guide' | 'faq' | 'product';
}

/** The guide centre's articles; their text lives in the locale files until the content issue adds Markdown. */
export const ARTICLES: readonly ArticleEntry[] = [
  { slug: 'faqs', category: 'faq' },
  { slug: 'what-is-reelkeep', category: 'product' },
  { slug: 'how-to-download-netflix-videos', category: 'guide' },
];

/** Products that have a "what is" article at `/{lang}/article/what-is-{product}`. */
export const PRODUCT_ARTICLES: Readonly<Record<string, string>> = {
  reelkeep: 'ReelKeep',
};

/** Finds an article by slug. */
export function findArticle(slug: string): ArticleEntry | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}
