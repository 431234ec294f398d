import * as z from 'zod/mini';
import { LOCALES } from './locales.ts';

/**
 * The blog squad's API (`/api/blog/*`) as servers read it: the blog's page loaders, the shell's frame (the
 * footer's guide centre) and its sitemaps. One schema per answer, and the types the blog's server answers
 * with. The blog's pages read them on the server, so its browser code imports only types from here.
 */

const localesSchema = z.array(z.enum(LOCALES));

/** An article as lists answer it (the footer's guide centre and the blog's cards). */
export const articleSummarySchema = z.object({
  title: z.string(),
  /** The article's identifier in URLs: `/{lang}/{new_uuid}`. */
  new_uuid: z.string(),
  uuid: z.string(),
  description: z.string(),
  category: z.string(),
  published: z.string(),
  updated: z.string(),
  readingMinutes: z.number(),
});
/** An article as lists answer it. */
export type ArticleSummaryDto = z.infer<typeof articleSummarySchema>;

/** `GET /api/blog/article/list` `cscode` 200 with `data.list, start, total` and the articles per category. */
export const articleListAnswerSchema = z.object({
  cscode: z.literal(200),
  data: z.object({
    list: z.array(articleSummarySchema),
    start: z.number(),
    total: z.number(),
    categories: z.record(z.string(), z.number()),
  }),
});
/** `GET /api/blog/article/list`. */
export type ArticleListDto = z.infer<typeof articleListAnswerSchema>;

/** An article with its body, its related articles and the locales it exists in. */
export const articleSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  published: z.string(),
  updated: z.string(),
  readingMinutes: z.number(),
  html: z.string(),
  toc: z.array(z.object({ id: z.string(), text: z.string() })),
  faq: z.array(z.object({ q: z.string(), a: z.string() })),
  related: z.array(articleSummarySchema),
  locales: localesSchema,
});
/** An article with its body. */
export type ArticleDto = z.infer<typeof articleSchema>;

/** `GET /api/blog/article/detail?id=&language=`. */
export const articleAnswerSchema = z.object({ cscode: z.literal(200), data: articleSchema });

/** A policy document and the locales it exists in. */
export const policySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  updated: z.string(),
  html: z.string(),
  locales: localesSchema,
});
/** A policy document. */
export type PolicyDto = z.infer<typeof policySchema>;

/** `GET /api/blog/policy/detail?id=&language=`. */
export const policyAnswerSchema = z.object({ cscode: z.literal(200), data: policySchema });

/** A document of the sitemap: its slug, the locales it exists in and its last change (YYYY-MM-DD). */
const sitemapEntrySchema = z.object({ slug: z.string(), locales: localesSchema, updated: z.string() });

/** `GET /api/blog/sitemap`: every article and policy. */
export const blogSitemapSchema = z.object({ articles: z.array(sitemapEntrySchema), policies: z.array(sitemapEntrySchema) });
/** `GET /api/blog/sitemap`. */
export type BlogSitemapDto = z.infer<typeof blogSitemapSchema>;
