import { toLocalePath } from '@reelkeep/shared-contracts';
import { splitLocale } from '../routing/route-table.ts';
import { buildPermanentRedirect, CONTINUE_DECISION, decodeRequestPath, type RuleRequest, type UrlDecision } from './url-rule.server.ts';

// docs/routing.md "Versioned pages": a trailing `-new` plus digits on the last segment (a blog listing may end with a slash after it).
const VERSION_SUFFIX = /(?<=[^/])-new\d+(?=\/?$)/;

/**
 * Locale-less pages whose newest version does not live at the unversioned path (docs/routing.md
 * "Versioned pages"): the home page's versions (`/home-new2`) belong to `/`, since `/home` is no page.
 */
export const NEWEST_VERSION_PATHS: Readonly<Record<string, string>> = Object.freeze({
  '/home': '/',
});

/**
 * docs/routing.md "Versioned pages": a `-newN` page 301s to its newest version, the same path without the
 * suffix (or the page NEWEST_VERSION_PATHS names), in the same locale; the query is kept.
 */
export function redirectVersionedPage(request: RuleRequest): UrlDecision {
  const decoded = decodeRequestPath(request.rawPath);
  if (decoded === null || !VERSION_SUFFIX.test(decoded)) return CONTINUE_DECISION;
  const unversioned = decoded.replace(VERSION_SUFFIX, '');
  const split = splitLocale(unversioned);
  const newest =
    split !== null && Object.hasOwn(NEWEST_VERSION_PATHS, split.path) ? toLocalePath(split.locale, NEWEST_VERSION_PATHS[split.path]!) : unversioned;
  return buildPermanentRedirect(newest, request.search);
}
