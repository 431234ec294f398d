import type { IncomingHttpHeaders } from 'node:http';
import { toLocalePrefix } from '@reelkeep/shared-contracts';
import { resolvePath, splitLocale } from '../src/routing/route-table.ts';
import { applyUrlRules } from './url-rules/index.ts';
import { ROOT_LANGUAGE_VARY } from './url-rules/root-language.ts';
import { guardAccountRoute } from './url-rules/account-guards.ts';

/** The cookie that remembers an explicit language choice (decisions.md: it beats Accept-Language). */
export const LANGUAGE_COOKIE = 'rk_lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** What the server does with a page request before rendering it. */
export type PageGateDecision =
  | { kind: 'render'; headers: Record<string, string> }
  | { kind: 'redirect'; status: 301 | 302; location: string; headers: Record<string, string> }
  | { kind: 'not-found'; reason: string; headers: Record<string, string> };

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Runs the URL rules (spec §2 redirects and 404s), then the account guards, for a page request; also
 * remembers a language switch (`source=lang_switch`) in a cookie.
 */
export function decidePageRequest(req: { url?: string; headers: IncomingHttpHeaders }, siteUrl: string, signedIn: boolean): PageGateDecision {
  const site = new URL(siteUrl);
  const rawUrl = req.url ?? '/';
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const search = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  const headers: Record<string, string> = {};
  if (rawPath === '/') headers.vary = ROOT_LANGUAGE_VARY;

  const decision = applyUrlRules({
    host: req.headers.host ?? site.host,
    siteHost: site.host,
    rawPath,
    search,
    acceptLanguage: req.headers['accept-language'],
    localeCookie: readCookie(req.headers.cookie, LANGUAGE_COOKIE),
  });
  if (decision.kind === 'redirect') {
    if (decision.vary) headers.vary = decision.vary;
    return { kind: 'redirect', status: decision.status, location: decision.absolute ? site.origin + decision.location : decision.location, headers };
  }
  if (decision.kind === 'not-found') return { kind: 'not-found', reason: decision.reason, headers };

  const split = splitLocale(rawPath);
  if (split && new URLSearchParams(search).get('source') === 'lang_switch') {
    headers['set-cookie'] = `${LANGUAGE_COOKIE}=${split.locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }
  const match = resolvePath(rawPath);
  if (match && split) {
    const guard = guardAccountRoute({ route: match.route, localePrefix: toLocalePrefix(split.locale), signedIn, search });
    if (guard.kind === 'redirect') return { kind: 'redirect', status: guard.status, location: guard.location, headers };
  }
  return { kind: 'render', headers };
}
