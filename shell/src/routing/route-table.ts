import { POLICY_SLUGS, type Locale, type RouteMatch, type RouteName } from '@reelkeep/shared-contracts';
import { SERVER_PATH_NAMES, splitLocale } from './locale-path.ts';
import { ROUTE_OWNERS, type RouteOwner } from './route-owners.ts';

export { isServerPath, SERVER_PATH_NAMES, splitLocale, type LocalisedPath } from './locale-path.ts';

/** One row of the route table: a name, the remote that renders it (`route-owners.ts`), and how its path reads. */
export interface RouteDefinition extends RouteOwner {
  name: RouteName;
  /** Anchored pattern over the path without locale prefix; named groups become params. */
  pattern: RegExp;
  /** Builds the page's translation namespace from the params (docs/routing.md "Page names"). */
  pageName: (params: Record<string, string>) => string;
  /** Pages kept out of the page cache (docs/routing.md "Pages that are never cached"). */
  uncached?: boolean;
}

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const POLICY = POLICY_SLUGS.join('|');

/** docs/routing.md "Page names": strip a trailing `-newN`, hyphens become underscores. */
export function derivePageName(slug: string): string {
  return slug.replace(/-new\d+$/, '').replace(/-/g, '_');
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

const fixed = (name: RouteName, path: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  name,
  ...ROUTE_OWNERS[name],
  pattern: new RegExp(`^${path.replace(/[-/]/g, (c) => `\\${c}`)}$`),
  pageName: () => derivePageName(path.replace(/^\//, '').replace(/\/$/, '') || 'home'),
  ...extra,
});

/**
 * The one route table (docs/routing.md "Route table"). Order matters: fixed paths first, then patterned ones, the article
 * catch-alls last. Every locale shares it; the locale prefix is resolved before matching.
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  fixed('home', '/', { pageName: () => 'home' }),
  fixed('checkout', '/checkout', { uncached: true }),
  fixed('login', '/login', { uncached: true }),
  fixed('register', '/register', { uncached: true }),
  fixed('forgot-password', '/forgot-password', { uncached: true }),
  fixed('reset-password', '/reset-password', { uncached: true }),
  fixed('set-password', '/set-password', { uncached: true }),
  fixed('my-account', '/my-account', { uncached: true }),
  // docs/forms.md "Newsletter": its links carry personal tokens, so the page is never cached.
  fixed('newsletter', '/newsletter', { uncached: true }),
  fixed('downloading', '/downloading'),
  fixed('product-overview', '/product-overview'),
  fixed('sales-campaign', '/sales-campaign', { uncached: true }),
  fixed('store', '/store'),
  fixed('event-center', '/event-center'),
  fixed('pricing', '/pricing'),
  fixed('aio-special-offer', '/aio-special-offer'),
  fixed('contact', '/contact'),
  fixed('pagelink', '/pagelink'),
  fixed('ping', '/ping'),
  fixed('uninstallation', '/uninstallation', { uncached: true }),
  {
    name: 'blog',
    ...ROUTE_OWNERS.blog,
    // The guide centre and its listings end with a slash (docs/routing.md "Route table"): /blog/, /blog/category/guides/, /blog/page/2/.
    pattern: new RegExp(`^/blog/(?:category/(?<category>${SLUG})/)?(?:page/(?<page>[1-9]\\d{0,3})/)?$`),
    pageName: () => 'blog',
  },
  {
    name: 'movie-downloader',
    ...ROUTE_OWNERS['movie-downloader'],
    pattern: /^\/movie-downloader(?:\/(?<id>[a-z0-9-]+))?$/,
    pageName: () => 'movie_downloader',
  },
  {
    name: 'thanks-for-installing',
    ...ROUTE_OWNERS['thanks-for-installing'],
    pattern: new RegExp(`^/thanks-for-installing-(?<product>${SLUG})$`),
    pageName: () => 'thanks_for_installing',
  },
  {
    name: 'thanks-for-using',
    ...ROUTE_OWNERS['thanks-for-using'],
    pattern: new RegExp(`^/thanks-for-using-(?<product>${SLUG})$`),
    pageName: () => 'thanks_for_using',
  },
  {
    name: 'policy',
    ...ROUTE_OWNERS.policy,
    pattern: new RegExp(`^/(?<policy>${POLICY})$`),
    pageName: (p) => derivePageName(p.policy!),
  },
  {
    name: 'article-policy',
    ...ROUTE_OWNERS['article-policy'],
    pattern: new RegExp(`^/article/(?<policy>${POLICY})$`),
    pageName: (p) => derivePageName(p.policy!),
  },
  {
    name: 'what-is-product',
    ...ROUTE_OWNERS['what-is-product'],
    pattern: new RegExp(`^/article/what-is-(?<product>${SLUG})$`),
    pageName: () => 'what_is_product',
  },
  {
    name: 'service-downloader',
    ...ROUTE_OWNERS['service-downloader'],
    pattern: new RegExp(`^/(?<service>${SLUG})-downloader$`),
    pageName: () => 'landing',
  },
  {
    name: 'article',
    ...ROUTE_OWNERS.article,
    // The catch-all never takes a name a fixed route owns (`/blog` is the blog without its slash, not an article).
    pattern: new RegExp(`^/(?!(?:${FIXED_NAMES.join('|')})(?:/|$))(?<article>${SLUG})(?:/(?<id>[a-z0-9-]+))?$`),
    pageName: () => 'article',
  },
];

/** The route table by route name. */
export const ROUTE_BY_NAME = Object.fromEntries(ROUTE_TABLE.map((definition) => [definition.name, definition])) as Record<RouteName, RouteDefinition>;

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
