import { isLocale, POLICY_SLUGS, DEFAULT_LOCALE, type Locale, type RemoteName, type RouteMatch, type RouteName } from '@reelkeep/shared-contracts';

/** One row of the route table: a name, the remote that renders it, and how its path reads. */
export interface RouteDefinition {
  name: RouteName;
  remote: RemoteName;
  /** Anchored pattern over the path without locale prefix; named groups become params. */
  pattern: RegExp;
  /** Builds the page's translation namespace from the params (docs/routing.md "Page names"). */
  pageName: (params: Record<string, string>) => string;
  /** Pages kept out of the page cache (docs/routing.md "Pages that are never cached"). */
  uncached?: boolean;
  /** docs/frame.md "Page frames": clean pages hide nav and footer; simple pages hide the footer. */
  frame?: 'clean' | 'simple' | 'reduced';
}

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const POLICY = POLICY_SLUGS.join('|');

/** docs/routing.md "Page names": strip a trailing `-newN`, hyphens become underscores. */
export function derivePageName(slug: string): string {
  return slug.replace(/-new\d+$/, '').replace(/-/g, '_');
}

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

/** First path segments owned by fixed routes. */
const FIXED_NAMES = [
  ...SERVER_PATH_NAMES,
  'checkout',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'set-password',
  'my-account',
  'newsletter',
  'downloading',
  'product-overview',
  'sales-campaign',
  'store',
  'event-center',
  'pricing',
  'aio-special-offer',
  'contact',
  'pagelink',
  'ping',
  'uninstallation',
  'blog',
  'movie-downloader',
  'article',
];

const fixed = (name: RouteName, remote: RemoteName, path: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  name,
  remote,
  pattern: new RegExp(`^${path.replace(/[-/]/g, (c) => `\\${c}`)}$`),
  pageName: () => derivePageName(path.replace(/^\//, '').replace(/\/$/, '') || 'home'),
  ...extra,
});

/**
 * The one route table (docs/routing.md "Route table"). Order matters: fixed paths first, then patterned ones, the article
 * catch-alls last. Every locale shares it; the locale prefix is resolved before matching.
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  fixed('home', 'mf-landing', '/', { pageName: () => 'home' }),
  fixed('checkout', 'mf-checkout', '/checkout', { uncached: true, frame: 'clean' }),
  fixed('login', 'mf-account', '/login', { uncached: true, frame: 'clean' }),
  fixed('register', 'mf-account', '/register', { uncached: true, frame: 'clean' }),
  fixed('forgot-password', 'mf-account', '/forgot-password', { uncached: true, frame: 'clean' }),
  fixed('reset-password', 'mf-account', '/reset-password', { uncached: true }),
  fixed('set-password', 'mf-account', '/set-password', { uncached: true, frame: 'clean' }),
  fixed('my-account', 'mf-account', '/my-account', { uncached: true }),
  // docs/forms.md "Newsletter": its links carry personal tokens, so the page is never cached.
  fixed('newsletter', 'mf-account', '/newsletter', { uncached: true }),
  fixed('downloading', 'mf-landing', '/downloading', { frame: 'simple' }),
  fixed('product-overview', 'mf-landing', '/product-overview'),
  fixed('sales-campaign', 'mf-campaign', '/sales-campaign', { uncached: true }),
  fixed('store', 'mf-campaign', '/store'),
  fixed('event-center', 'mf-campaign', '/event-center'),
  fixed('pricing', 'mf-campaign', '/pricing'),
  fixed('aio-special-offer', 'mf-campaign', '/aio-special-offer'),
  fixed('contact', 'mf-landing', '/contact'),
  fixed('pagelink', 'mf-landing', '/pagelink'),
  fixed('ping', 'mf-landing', '/ping'),
  fixed('uninstallation', 'mf-landing', '/uninstallation', { uncached: true }),
  {
    name: 'blog',
    remote: 'mf-blog',
    // The guide centre and its listings end with a slash (docs/routing.md "Route table"): /blog/, /blog/category/guides/, /blog/page/2/.
    pattern: new RegExp(`^/blog/(?:category/(?<category>${SLUG})/)?(?:page/(?<page>[1-9]\\d{0,3})/)?$`),
    pageName: () => 'blog',
  },
  {
    name: 'movie-downloader',
    remote: 'mf-landing',
    pattern: /^\/movie-downloader(?:\/(?<id>[a-z0-9-]+))?$/,
    pageName: () => 'movie_downloader',
    frame: 'reduced',
  },
  {
    name: 'thanks-for-installing',
    remote: 'mf-landing',
    pattern: new RegExp(`^/thanks-for-installing-(?<product>${SLUG})$`),
    pageName: () => 'thanks_for_installing',
  },
  {
    name: 'thanks-for-using',
    remote: 'mf-landing',
    pattern: new RegExp(`^/thanks-for-using-(?<product>${SLUG})$`),
    pageName: () => 'thanks_for_using',
  },
  {
    name: 'policy',
    remote: 'mf-blog',
    pattern: new RegExp(`^/(?<policy>${POLICY})$`),
    pageName: (p) => derivePageName(p.policy!),
  },
  {
    name: 'article-policy',
    remote: 'mf-blog',
    pattern: new RegExp(`^/article/(?<policy>${POLICY})$`),
    pageName: (p) => derivePageName(p.policy!),
  },
  {
    name: 'what-is-product',
    remote: 'mf-blog',
    pattern: new RegExp(`^/article/what-is-(?<product>${SLUG})$`),
    pageName: () => 'what_is_product',
  },
  {
    name: 'service-downloader',
    remote: 'mf-landing',
    pattern: new RegExp(`^/(?<service>${SLUG})-downloader$`),
    pageName: () => 'landing',
  },
  {
    name: 'article',
    remote: 'mf-blog',
    // The catch-all never takes a name a fixed route owns (`/blog` is the blog without its slash, not an article).
    pattern: new RegExp(`^/(?!(?:${FIXED_NAMES.join('|')})(?:/|$))(?<article>${SLUG})(?:/(?<id>[a-z0-9-]+))?$`),
    pageName: () => 'article',
  },
];

/** The route table by route name. */
export const ROUTE_BY_NAME = Object.fromEntries(ROUTE_TABLE.map((definition) => [definition.name, definition])) as Record<RouteName, RouteDefinition>;

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

/** A route match plus the table row it came from. */
export interface ResolvedRoute extends RouteMatch {
  definition: RouteDefinition;
}

/** Matches a locale-less path against the route table. */
export function matchRoute(locale: Locale, path: string): ResolvedRoute | null {
  for (const definition of ROUTE_TABLE) {
    const m = definition.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(m.groups ?? {})) if (value !== undefined) params[key] = value;
    return { route: definition.name, locale, params, pageName: definition.pageName(params), definition };
  }
  return null;
}

/** Resolves a full pathname (with optional locale prefix) to a route, or null for the 404. */
export function resolvePath(pathname: string): ResolvedRoute | null {
  const split = splitLocale(pathname);
  if (!split) return null;
  return matchRoute(split.locale, split.path);
}
