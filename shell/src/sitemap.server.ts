import { blogSitemapSchema, DEFAULT_LOCALE, LOCALES, serviceCatalogueSchema, type Locale } from '@reelkeep/shared-contracts';
import { listAlternates, toAbsoluteUrl } from './routing/site-paths.ts';

/** Indexable pages of the route table with fixed paths (utility, account and campaign pages are left out). */
export const SITEMAP_FIXED_PATHS = ['/', '/product-overview', '/downloading', '/movie-downloader', '/checkout', '/contact', '/blog/'] as const;

/** Guide-centre categories that have listing pages. */
const BLOG_CATEGORIES = ['guides', 'formats', 'troubleshooting', 'product', 'faq'] as const;

/** How long a built sitemap is reused. */
export const SITEMAP_TTL_MS = 10 * 60_000;

/** One URL of a sitemap: a locale-less path, the locales it exists in, its last change. */
interface SitemapEntry {
  path: string;
  locales: readonly Locale[];
  lastModified?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A `<urlset>` with one `<url>` per page and locale, each listing its hreflang alternates (x-default included). */
export function renderUrlSet(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls: string[] = [];
  for (const entry of entries) {
    const alternates = listAlternates(siteUrl, entry.path, entry.locales)
      .map(
        (alternate) =>
          `<xhtml:link rel="alternate" hreflang="${alternate.hreflang === 'zh' ? 'zh-Hant' : alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
      )
      .join('');
    for (const locale of entry.locales) {
      const lastModified = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : '';
      urls.push(`<url><loc>${escapeXml(toAbsoluteUrl(siteUrl, locale, entry.path))}</loc>${lastModified}${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

/** The sitemap index naming the three sitemaps. */
export function renderSitemapIndex(siteUrl: string, names: readonly string[]): string {
  const items = names.map((name) => `<sitemap><loc>${escapeXml(new URL(`/sitemaps/${name}.xml`, siteUrl).href)}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>\n`;
}

/** robots.txt: everything public is crawlable; APIs, data and admin paths are not. */
export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /_data/\nDisallow: /admin/\nDisallow: /mlink\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

/**
 * Builds the sitemaps from the route table and the squads' APIs (catalogue and blog content), cached.
 * `pages`: fixed pages and guide listings; `services`: landing pages; `articles`: guides and policies.
 */
export function createSitemaps(siteUrl: string, now: () => number = Date.now) {
  let cached: { at: number; sitemaps: Promise<Record<string, string>> } | undefined;
  const build = async (fetchApi: (path: string) => Promise<Response>): Promise<Record<string, string>> => {
    const [catalogue, content] = await Promise.all([
      fetchApi('/api/landing/catalogue').then(async (r) => serviceCatalogueSchema.parse(await r.json())),
      fetchApi('/api/blog/sitemap').then(async (r) => blogSitemapSchema.parse(await r.json())),
    ]);
    const everywhere = LOCALES;
    const pages: SitemapEntry[] = [
      ...SITEMAP_FIXED_PATHS.map((path) => ({ path, locales: everywhere })),
      ...BLOG_CATEGORIES.map((category) => ({ path: `/blog/category/${category}/`, locales: [DEFAULT_LOCALE] as Locale[] })),
    ];
    const services: SitemapEntry[] = catalogue.groups.flatMap((group) =>
      group.services.map((service) => ({ path: `/${service.slug}-downloader`, locales: everywhere })),
    );
    if (catalogue.adultPage) services.push({ path: catalogue.adultPage, locales: everywhere });
    const articles: SitemapEntry[] = [...content.articles, ...content.policies].map((entry) => ({
      path: `/${entry.slug}`,
      locales: entry.locales,
      lastModified: entry.updated,
    }));
    return { pages: renderUrlSet(siteUrl, pages), services: renderUrlSet(siteUrl, services), articles: renderUrlSet(siteUrl, articles) };
  };
  return async (name: string, fetchApi: (path: string) => Promise<Response>): Promise<string | null> => {
    if (!cached || now() - cached.at > SITEMAP_TTL_MS) {
      const sitemaps = build(fetchApi);
      cached = { at: now(), sitemaps };
      sitemaps.catch(() => (cached = undefined));
    }
    const sitemaps = await cached.sitemaps;
    if (name === 'index') return renderSitemapIndex(siteUrl, Object.keys(sitemaps));
    return sitemaps[name] ?? null;
  };
}
