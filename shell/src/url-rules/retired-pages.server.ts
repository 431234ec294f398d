import { toLocalePath } from '@reelkeep/shared-contracts';
import { splitLocale } from '../routing/route-table.ts';
import { buildPermanentRedirect, CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

/**
 * docs/routing.md "Retired pages": locale-less path → the page that replaces it, a map in data.
 * Funimation merged into Crunchyroll; Showtime merged into Paramount+.
 */
export const RETIRED_PAGES: Readonly<Record<string, string>> = Object.freeze({
  '/funimation-downloader': '/crunchyroll-downloader',
  '/showtime-downloader': '/paramount-plus-downloader',
});

/** docs/routing.md "Retired pages": a retired page 301s to its replacement in the same locale, keeping the query. */
export function redirectRetiredPage(request: RuleRequest): UrlDecision {
  const decoded = decodeRequestPath(request.rawPath);
  const split = decoded === null ? null : splitLocale(decoded);
  if (split === null || !Object.hasOwn(RETIRED_PAGES, split.path)) return CONTINUE_DECISION;
  return buildPermanentRedirect(toLocalePath(split.locale, RETIRED_PAGES[split.path]!), request.search);
}
