import type { ArticleSummaryDto, Locale } from '@reelkeep/shared-contracts';

/** Data of the guide centre's listing pages. */
export interface BlogListData {
  articles: ArticleSummaryDto[];
  total: number;
  page: number;
  pageCount: number;
  category: string | null;
  categories: Record<string, number>;
}

/** Formats a YYYY-MM-DD date for a locale, the same on the server and in the browser. */
export function formatDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-Hant' : locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
