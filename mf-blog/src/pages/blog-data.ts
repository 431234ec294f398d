import type { Locale } from '@reelkeep/shared-contracts';

/** An article as listings show it. */
export interface ArticleSummary {
  title: string;
  new_uuid: string;
  description: string;
  category: string;
  published: string;
  updated: string;
  readingMinutes: number;
}

/** Data of the guide centre's listing pages. */
export interface BlogListData {
  articles: ArticleSummary[];
  total: number;
  page: number;
  pageCount: number;
  category: string | null;
  categories: Record<string, number>;
}

/** Data of an article page. */
export interface ArticleData extends ArticleSummary {
  slug: string;
  html: string;
  toc: { id: string; text: string }[];
  faq: { q: string; a: string }[];
  related: ArticleSummary[];
  locales: Locale[];
}

/** Data of a policy page. */
export interface PolicyData {
  slug: string;
  title: string;
  description: string;
  updated: string;
  html: string;
  locales: Locale[];
}

/** Formats a YYYY-MM-DD date for a locale, the same on the server and in the browser. */
export function formatDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-Hant' : locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
