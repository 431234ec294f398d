/**
 * Crawls every page of the sitemap and checks each internal link: it stays in the page's locale (except
 * the language picker's `source=lang_switch` links) and it resolves (200, or a redirect that ends in 200).
 */
import { LOCALES } from '@reelkeep/shared-contracts';
import { normaliseQuery } from '../shell/server/page-cache/page-cache-rules.ts';

/** What the crawl found. */
export interface LinkCheckReport {
  pages: number;
  links: number;
  /** Links fetched: the others are sitemap pages already fetched, linked with tracking parameters only. */
  fetchedLinks: number;
  problems: string[];
}

const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.filter((locale) => locale !== 'en').join('|')})(?=/|$|\\?)`);

/** `/`, `/fr`, `/fr/`: a locale's home, where the language picker's parameter decides a redirect (docs/routing.md "Language choice"). */
function isLocaleHome(path: string): boolean {
  return path === '/' || (LOCALE_PREFIX.test(path) && path.replace(LOCALE_PREFIX, '').replace('/', '') === '');
}

function localeOf(path: string): string {
  return LOCALE_PREFIX.exec(path)?.[1] ?? 'en';
}

async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Reads the sitemap index and its sitemaps, then checks every page and every distinct internal link. */
export async function checkSiteLinks(baseUrl: string, concurrency = 16): Promise<LinkCheckReport> {
  const problems: string[] = [];
  const readLocs = async (url: string) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const sitemaps = await readLocs(new URL('/sitemap.xml', baseUrl).href);
  const pageUrls = (await Promise.all(sitemaps.map((sitemap) => readLocs(new URL(new URL(sitemap).pathname, baseUrl).href)))).flat();
  const linkSources = new Map<string, string>();
  const failedPages = new Set<string>();
  await mapWithLimit(pageUrls, concurrency, async (pageUrl) => {
    const path = new URL(pageUrl).pathname;
    const response = await fetch(new URL(path, baseUrl), { redirect: 'manual' });
    if (response.status !== 200) {
      failedPages.add(path);
      return void problems.push(`${path}: sitemap page answers ${response.status}`);
    }
    const html = await response.text();
    const main = html.slice(html.indexOf('<body'));
    for (const match of main.matchAll(/<a [^>]*href="(\/[^"#]*)(?:#[^"]*)?"/g)) {
      const href = match[1]!.replace(/&amp;/g, '&');
      if (href.startsWith('/mlink') || href.startsWith('/static/')) continue;
      const switching = new URLSearchParams(href.split('?')[1] ?? '').get('source') === 'lang_switch';
      if (!switching && localeOf(href) !== localeOf(path)) problems.push(`${path}: link ${href} leaves the page's locale`);
      if (!linkSources.has(href)) linkSources.set(href, path);
    }
  });
  // A link to a sitemap page that answered 200, with nothing but tracking parameters in its query, resolves: the page
  // cache's rule (one key for them all, docs/operations.md "Page cache") says those parameters never change the page.
  // The language picker's links to a home page are fetched all the same: there `source=lang_switch` decides a redirect.
  const answered = new Set(pageUrls.map((pageUrl) => new URL(pageUrl).pathname).filter((path) => !failedPages.has(path)));
  const toFetch = [...linkSources.keys()].filter((href) => {
    const [path = '', query = ''] = href.split('?');
    return !(answered.has(path) && normaliseQuery(query) === '' && !isLocaleHome(path));
  });
  await mapWithLimit(toFetch, concurrency, async (href) => {
    const response = await fetch(new URL(href, baseUrl), { redirect: 'follow' });
    if (response.status !== 200) problems.push(`${linkSources.get(href)}: link ${href} answers ${response.status}`);
    await response.body?.cancel();
  });
  return { pages: pageUrls.length, links: linkSources.size, fetchedLinks: toFetch.length, problems };
}
