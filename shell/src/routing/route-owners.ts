import type { RemoteName, RouteName } from '@reelkeep/shared-contracts';

/** Which remote renders a route, and the frame around its pages (docs/frame.md "Page frames"). */
export interface RouteOwner {
  remote: RemoteName;
  /** Clean pages hide nav and footer; simple pages hide the footer; reduced pages show a smaller frame. */
  frame?: 'clean' | 'simple' | 'reduced';
}

/**
 * The part of the route table the browser needs (docs/routing.md "Route table"): the owner and frame of each route,
 * without the path patterns, which only the server (and the link prefetcher, loaded after the page) match against.
 * The route table takes each row's owner from here, so the two never differ.
 */
export const ROUTE_OWNERS: Readonly<Record<RouteName, RouteOwner>> = {
  home: { remote: 'mf-landing' },
  checkout: { remote: 'mf-checkout', frame: 'clean' },
  login: { remote: 'mf-account', frame: 'clean' },
  register: { remote: 'mf-account', frame: 'clean' },
  'forgot-password': { remote: 'mf-account', frame: 'clean' },
  'reset-password': { remote: 'mf-account' },
  'set-password': { remote: 'mf-account', frame: 'clean' },
  'my-account': { remote: 'mf-account' },
  newsletter: { remote: 'mf-account' },
  downloading: { remote: 'mf-landing', frame: 'simple' },
  'product-overview': { remote: 'mf-landing' },
  'sales-campaign': { remote: 'mf-campaign' },
  store: { remote: 'mf-campaign' },
  'event-center': { remote: 'mf-campaign' },
  pricing: { remote: 'mf-campaign' },
  'aio-special-offer': { remote: 'mf-campaign' },
  contact: { remote: 'mf-landing' },
  pagelink: { remote: 'mf-landing' },
  ping: { remote: 'mf-landing' },
  uninstallation: { remote: 'mf-landing' },
  blog: { remote: 'mf-blog' },
  'movie-downloader': { remote: 'mf-landing', frame: 'reduced' },
  'thanks-for-installing': { remote: 'mf-landing' },
  'thanks-for-using': { remote: 'mf-landing' },
  policy: { remote: 'mf-blog' },
  'article-policy': { remote: 'mf-blog' },
  'what-is-product': { remote: 'mf-blog' },
  'service-downloader': { remote: 'mf-landing' },
  article: { remote: 'mf-blog' },
};
