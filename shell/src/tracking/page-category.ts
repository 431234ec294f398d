import { LOCALES } from '@reelkeep/shared-contracts';

/** One category of `GET /category/list` (docs/routing.md "Server paths"). */
export interface Category {
  uid: string;
  children: { uid: string }[];
}

/** The product a page is about: `netflix` on `/fr/netflix-downloader`, else the all-in-one app (`aio`). */
export function findPageProduct(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const slug = segments[0] && (LOCALES as readonly string[]).includes(segments[0]) ? segments[1] : segments[0];
  return /^[a-z0-9-]+-downloader$/.test(slug ?? '') ? slug!.slice(0, -'-downloader'.length) : 'aio';
}

/**
 * docs/tracking.md "Categories": the category uids a page belongs to, the group first, then the service
 * (`['hot', 'netflix']` on `/fr/netflix-downloader`); empty on a page of no category.
 */
export function findPageCategories(pathname: string, categories: readonly Category[]): string[] {
  const product = findPageProduct(pathname);
  const group = categories.find((category) => category.children.some((child) => child.uid === product));
  return group ? [group.uid, product] : [];
}
