import * as z from 'zod/mini';

/*
 * The schemas of the landing squad's service catalogue, read by the shell's server (`frame-data-loader.server.ts`, the
 * sitemap). Apart from `frame-contract.ts` so that the browser modules that import the frame's constants never
 * evaluate zod for them (docs/routing.md "After the start").
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
