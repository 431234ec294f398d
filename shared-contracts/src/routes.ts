/** Names of the remotes in the design card; each owns the routes the shell's table gives it. */
export const REMOTE_NAMES = ['mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign'] as const;

/** A remote's package name (also its folder). */
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The federation container name of a remote (identifier-safe form of its name). */
export function toContainerName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}

/** Every named route of the route table (docs/routing.md "Route table"); the shell maps each to a path and a remote. */
export const ROUTE_NAMES = [
  'home',
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
  'contact',
  'pagelink',
  'ping',
  'uninstallation',
  'blog',
  'thanks-for-installing',
  'thanks-for-using',
  'policy',
  'article-policy',
  'what-is-product',
  'movie-downloader',
  'service-downloader',
  'article',
  'store',
  'event-center',
  'pricing',
  'aio-special-offer',
] as const;

/** One named route of the route table. */
export type RouteName = (typeof ROUTE_NAMES)[number];

/** The policy documents served at `/{policy}` and `/{lang}/article/{policy}`. */
export const POLICY_SLUGS = [
  'cookies-policy',
  'privacy-policy',
  'purchase-policy',
  'refund-policy',
  'terms-of-use',
  'dmca',
  'legal-disclaimer',
] as const;

/** One policy document's slug. */
export type PolicySlug = (typeof POLICY_SLUGS)[number];
