import * as z from 'zod/mini';
import type { ArticleSummaryDto } from './blog-contract.ts';
import type { Locale } from './locales.ts';

/**
 * What the frame shows besides the page, and the landing squad's catalogue it is built from. The schemas are
 * read by the shell's server, which hands the browser the frame it built.
 */

/** Navigation groups of the service catalogue (hot, TV, anime and adult lists: docs/routing.md "Service catalogue"). */
export const SERVICE_GROUPS = ['hot', 'tv', 'anime', 'adult'] as const;
/** One navigation group. */
export type ServiceGroupId = (typeof SERVICE_GROUPS)[number];

/** A service link of the navigation: the landing page is `/{slug}-downloader`. */
export const serviceLinkSchema = z.object({ slug: z.string(), name: z.string() });
/** A service link of the navigation. */
export type ServiceLink = z.infer<typeof serviceLinkSchema>;

/**
 * The service catalogue as the landing squad serves it (`GET /api/landing/catalogue`): the shell builds
 * the navigation and the footer's hot products from it, so adding a service needs no shell release.
 */
export const serviceCatalogueSchema = z.object({
  groups: z.array(z.object({ id: z.enum(SERVICE_GROUPS), services: z.array(serviceLinkSchema) })),
  /** Path of the generic adult page, when the adult group is on. */
  adultPage: z.nullable(z.string()),
});
/** The service catalogue. */
export type ServiceCatalogueDto = z.infer<typeof serviceCatalogueSchema>;

/** One article of the footer's guide centre: what its link needs. */
export type FooterArticleDto = Pick<ArticleSummaryDto, 'title' | 'new_uuid' | 'uuid'>;

/** What the frame shows besides the page: read by the shell server, cached, and handed to the browser. */
export interface FrameData {
  locale: Locale;
  /** Public origin of the site (share links need absolute URLs). */
  siteUrl: string;
  catalogue: ServiceCatalogueDto;
  /** Latest guide-centre articles, `faqs` skipped (docs/frame.md "Footer"). */
  articles: FooterArticleDto[];
}
