import type { Locale } from './locales.ts';

/** Navigation groups of the service catalogue (spec §2: hot, TV, anime and adult lists). */
export const SERVICE_GROUPS = ['hot', 'tv', 'anime', 'adult'] as const;
/** One navigation group. */
export type ServiceGroupId = (typeof SERVICE_GROUPS)[number];

/** A service link of the navigation: the landing page is `/{slug}-downloader`. */
export interface ServiceLink {
  slug: string;
  name: string;
}

/**
 * The service catalogue as the landing squad serves it (`GET /api/landing/catalogue`): the shell builds
 * the navigation and the footer's hot products from it, so adding a service needs no shell release.
 */
export interface ServiceCatalogueDto {
  groups: { id: ServiceGroupId; services: ServiceLink[] }[];
  /** Path of the generic adult page, when the adult group is on. */
  adultPage: string | null;
}

/** One article of the footer's guide centre (spec §3 "Footer article list response"). */
export interface ArticleSummaryDto {
  title: string;
  /** The article's identifier in URLs: `/{lang}/{new_uuid}`. */
  new_uuid: string;
  uuid: string;
}

/** The blog squad's article list answer (spec §7: `cscode` 200 gives `data.list, start, total`). */
export interface ArticleListDto {
  cscode: number;
  data: { list: ArticleSummaryDto[]; start: number; total: number };
}

/** What the frame shows besides the page: read by the shell server, cached, and handed to the browser. */
export interface FrameData {
  locale: Locale;
  /** Public origin of the site (share links need absolute URLs). */
  siteUrl: string;
  catalogue: ServiceCatalogueDto;
  /** Latest guide-centre articles, `faqs` skipped (spec §2 footer). */
  articles: ArticleSummaryDto[];
}
