import { isLocale, DEFAULT_LOCALE, type Locale } from '@reelkeep/shared-contracts';

/*
 * What the browser needs of a path without the route table (docs/routing.md "Route table"): its locale prefix, and
 * whether the server answers it itself. The route table re-exports both for the server.
 */

/**
 * First path segments the server answers itself (APIs, downloads, files): never pages, so never an
 * article and never a client-side navigation.
 */
export const SERVER_PATH_NAMES = [
  'api',
  'static',
  'assets',
  'locales',
  'admin',
  '_data',
  'mlink',
  'product',
  'category',
  'cookie_set',
  'email',
  'sitemaps',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'og-image.png',
];

/** Whether a path is answered by the server rather than rendered as a page. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_NAMES.includes(pathname.split('/')[1] ?? '');
}

/** A path split into its locale and the rest. `null` when the prefix is the default locale's (docs/routing.md "Not found"). */
export interface LocalisedPath {
  locale: Locale;
  /** The path without locale prefix, always starting with `/`. */
  path: string;
}

/**
 * Splits the locale prefix off a path. Null (a 404: docs/routing.md "Not found") for the default locale's prefix and for
 * a language-like first segment that is not supported (`/tr/...`, `/zh-cn/...`).
 */
export function splitLocale(pathname: string): LocalisedPath | null {
  const m = /^\/([a-z]{2}(?:-[a-z]{2,4})?)(?=\/|$)(.*)$/i.exec(pathname);
  if (!m) return { locale: DEFAULT_LOCALE, path: pathname };
  const candidate = m[1]!;
  if (!isLocale(candidate) || candidate === DEFAULT_LOCALE) return null;
  return { locale: candidate, path: m[2] || '/' };
}
