import type { IncomingHttpHeaders } from 'node:http';
import {
  DEFAULT_LOCALE,
  isSecureSite,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  readCookie,
  serialiseCookie,
  toLocalePrefix,
} from '@reelkeep/shared-contracts';
import type { PageMatch } from './render-contract.ts';
import { matchRoute, splitLocale, type LocalisedPath } from './routing/route-table.ts';
import { applyUrlRules } from './url-rules/index.server.ts';
import { isLanguageSwitch, ROOT_LANGUAGE_VARY } from './url-rules/root-language.server.ts';
import { guardAccountRoute } from './url-rules/account-guards.server.ts';

/** docs/accounts.md "Desktop app identifiers": elk_user_email and elk_mac from the query last about 10 years. */
const DESKTOP_COOKIE_MAX_AGE_S = 3650 * 24 * 3600;

function decodeBase64(value: string | null): string {
  if (!value || value.length > 400 || !/^[A-Za-z0-9+/=_-]+$/.test(value)) return '';
  return Buffer.from(value, 'base64').toString('utf8');
}

/** The locale and locale-less path of a path without a valid prefix (the URL rules answer it with 404): the default locale's home. */
const NO_LOCALE_PREFIX: LocalisedPath = { locale: DEFAULT_LOCALE, path: '/' };

/** The page a path stands for (docs/routing.md "Route table"): its locale and the route it renders, matched once. */
export function matchPage(pathname: string): PageMatch {
  const split = splitLocale(pathname) ?? NO_LOCALE_PREFIX;
  const match = split === NO_LOCALE_PREFIX ? null : matchRoute(split.locale, split.path);
  if (!match) return { ...split, route: null };
  const { definition, ...route } = match;
  return { ...split, route: { ...route, remote: definition.remote, uncached: definition.uncached === true } };
}

/**
 * What the server does with a page request before rendering it. A page to render comes with its one match; a
 * page not found with its locale and no route (a client navigation gets the 404 as data).
 */
export type PageGateDecision =
  | { kind: 'render'; page: PageMatch; headers: GateHeaders }
  | { kind: 'redirect'; status: 301 | 302; location: string; headers: GateHeaders }
  | { kind: 'not-found'; reason: string; page: PageMatch; headers: GateHeaders };

/** Response headers a decision adds; `set-cookie` may hold several cookies. */
export type GateHeaders = Record<string, string | string[]>;

/**
 * Runs the URL rules (redirects and 404s: docs/routing.md "Redirects of old addresses"), then the account guards, for a page request; also
 * remembers a language switch (`source=lang_switch`) in a cookie, whichever language was chosen. `readSignedIn` is
 * asked only for a page the URL rules let through, so a redirect of an old address never waits for the session.
 */
export async function decidePageRequest(
  req: { url?: string; headers: IncomingHttpHeaders },
  siteUrl: string,
  readSignedIn: () => Promise<boolean>,
): Promise<PageGateDecision> {
  const site = new URL(siteUrl);
  const rawUrl = req.url ?? '/';
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const search = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  const headers: GateHeaders = {};
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
  // The path as the host's URL reads it (dot segments resolved), so the guard and the render see the same route.
  const pathname = URL.canParse(rawPath, site.origin) ? new URL(rawPath, site.origin).pathname : null;
  const notFound = (reason: string): PageGateDecision => {
    const split = (pathname === null ? null : splitLocale(pathname)) ?? NO_LOCALE_PREFIX;
    return { kind: 'not-found', reason, page: { ...split, route: null }, headers };
  };
  if (decision.kind === 'not-found') return notFound(decision.reason);
  if (pathname === null) return notFound('unreadable path');
  const page = matchPage(pathname);
  const query = new URLSearchParams(search);
  const cookies: string[] = [];
  // docs/security.md "Cookies": Secure whenever the site is served over HTTPS.
  const secure = isSecureSite(siteUrl);
  // docs/routing.md "Language choice": every switch is stored, English (`/?source=lang_switch`) included.
  if (isLanguageSwitch(search)) cookies.push(serialiseCookie(LANGUAGE_COOKIE, page.locale, { secure, maxAgeS: LANGUAGE_COOKIE_MAX_AGE_S }));
  // docs/accounts.md "Desktop app identifiers": the desktop app's e-mail (client_e) and machine id (client_m) arrive base64-encoded and are kept.
  const appEmail = decodeBase64(query.get('client_e'));
  if (appEmail && /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/.test(appEmail))
    cookies.push(serialiseCookie('elk_user_email', appEmail, { secure, httpOnly: true, maxAgeS: DESKTOP_COOKIE_MAX_AGE_S }));
  const machineId = decodeBase64(query.get('client_m'));
  if (machineId && /^[A-Za-z0-9:._-]{4,128}$/.test(machineId))
    cookies.push(serialiseCookie('elk_mac', machineId, { secure, httpOnly: true, maxAgeS: DESKTOP_COOKIE_MAX_AGE_S }));
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (page.route) {
    const signedIn = await readSignedIn();
    const guard = guardAccountRoute({
      route: page.route.route,
      localePrefix: toLocalePrefix(page.locale),
      signedIn,
      search,
      siteOrigin: site.origin,
    });
    if (guard.kind === 'redirect') return { kind: 'redirect', status: guard.status, location: guard.location, headers };
  }
  return { kind: 'render', page, headers };
}
