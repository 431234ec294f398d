/**
 * docs/tracking.md "Outbound links": the query parameters a link to a configured domain gets, so the site it
 * leads to can join the visit to ours.
 */
export const OUTBOUND_VISITOR_PARAM = '_cut_';
export const OUTBOUND_SESSION_PARAM = '_cus_';
export const OUTBOUND_SOURCE_PARAM = '_csrc_';

/** Whether `hostname` is one of `domains` or a subdomain of one. */
export function isOutboundDomain(hostname: string, domains: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

export interface OutboundContext {
  pageUrl: URL;
  domains: readonly string[];
  /** The page the link is on (path, personal parameters already removed). */
  source: string;
  /** The visitor's and session's ids: with consent only (docs/tracking.md "Cookieless events"). */
  visitorId?: string | undefined;
  sessionId?: string | undefined;
}

/**
 * The address a link should lead to: `href` with `_csrc_` (and, with consent, `_cut_` and `_cus_`) when it
 * leads over http(s) to a configured domain other than this site; null when the link stays as it is.
 */
export function decorateOutboundUrl(href: string, context: OutboundContext): string | null {
  let url: URL;
  try {
    url = new URL(href, context.pageUrl);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.origin === context.pageUrl.origin || !isOutboundDomain(url.hostname, context.domains)) return null;
  const params: [string, string | undefined][] = [
    [OUTBOUND_VISITOR_PARAM, context.visitorId],
    [OUTBOUND_SESSION_PARAM, context.sessionId],
    [OUTBOUND_SOURCE_PARAM, context.source],
  ];
  for (const [name] of params) url.searchParams.delete(name);
  for (const [name, value] of params) if (value) url.searchParams.append(name, value);
  return url.href;
}
