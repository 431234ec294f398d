import {
  ATTRIBUTION_COOKIE_LIFETIMES_S,
  ATTRIBUTION_PARAMETERS,
  FIRST_TOUCH_COOKIE,
  cookieSetQuery,
  readCookie,
  isSecureSite,
  readInput,
  respondJson,
  serialiseCookie,
  toSameSitePath,
  type CookieSetQuery,
} from '@reelkeep/shared-contracts';
import type { ApiRoute } from '@reelkeep/platform/host-context';
import { listCategoryUids } from './catalogue-api.ts';
import type { LandingSettings } from './settings.ts';

const DAY_S = 24 * 3600;

/**
 * docs/routing.md "Site cookies": the only cookies `/cookie_set` writes, with their lifetimes in seconds.
 * None holds anything secret or anything a script needs, so all are HttpOnly.
 */
export const SITE_COOKIE_LIFETIMES_S = Object.freeze({
  review_category_page_new: DAY_S,
  ad: ATTRIBUTION_COOKIE_LIFETIMES_S.ad,
  ad1: ATTRIBUTION_COOKIE_LIFETIMES_S.ad1,
  affiliate: ATTRIBUTION_COOKIE_LIFETIMES_S.affiliate,
});

/** What `/cookie_set` decides: the cookies to write and where to send the visitor, or why it refuses. */
export type SiteCookieDecision =
  { kind: 'set'; cookies: string[]; location: string | null } | { kind: 'refuse'; status: 400 | 403; problems: Record<string, 'invalid'> };

/**
 * docs/routing.md "Site cookies". A page of another site may link here (a top-level navigation, like an
 * affiliate link) but may not make a visitor's browser call it unseen (an image, a script, a fetch): that
 * would plant ad and affiliate cookies (docs/security.md "Cross-site requests"). Every category uid must be
 * one of the catalogue's, and a `return` path must stay on the site; cookies carry Secure on an HTTPS site.
 */
export function decideSiteCookies(input: {
  query: CookieSetQuery;
  fetchSite: string | null;
  fetchMode: string | null;
  categoryUids: ReadonlySet<string>;
  siteUrl: string;
  /** The visitor's cookies: an affiliate or ad set here is their first touch when they have none yet. */
  cookieHeader?: string | undefined;
}): SiteCookieDecision {
  if (input.fetchSite === 'cross-site' && input.fetchMode !== 'navigate') return { kind: 'refuse', status: 403, problems: { form: 'invalid' } };
  const { return: returnValue, review_category_page_new: categories, ...campaign } = input.query;
  if (categories?.some((uid) => !input.categoryUids.has(uid)))
    return { kind: 'refuse', status: 400, problems: { review_category_page_new: 'invalid' } };
  const location = returnValue === undefined ? null : toSameSitePath(returnValue, input.siteUrl);
  if (returnValue !== undefined && location === null) return { kind: 'refuse', status: 400, problems: { return: 'invalid' } };
  const secure = isSecureSite(input.siteUrl);
  const values: [keyof typeof SITE_COOKIE_LIFETIMES_S, string | undefined][] = [
    ['review_category_page_new', categories?.join(',')],
    ['ad', campaign.ad],
    ['ad1', campaign.ad1],
    ['affiliate', campaign.affiliate],
  ];
  const cookies = values.flatMap(([name, value]) =>
    value === undefined ? [] : [serialiseCookie(name, value, { secure, httpOnly: true, maxAgeS: SITE_COOKIE_LIFETIMES_S[name] })],
  );
  // docs/experiments.md "Affiliates and ads": the first affiliate and ads that brought a visitor are kept apart, never overwritten.
  const touch = new URLSearchParams();
  for (const [parameter, cookie] of Object.entries(ATTRIBUTION_PARAMETERS)) {
    const value = campaign[cookie];
    if (value !== undefined) touch.set(parameter, value);
  }
  if (touch.size > 0 && readCookie(input.cookieHeader, FIRST_TOUCH_COOKIE) === undefined)
    cookies.push(
      serialiseCookie(FIRST_TOUCH_COOKIE, touch.toString(), { secure, httpOnly: true, maxAgeS: ATTRIBUTION_COOKIE_LIFETIMES_S.rk_first_touch }),
    );
  return { kind: 'set', cookies, location };
}

/**
 * `GET /cookie_set?<name>=<value>…[&return=<path>]` (docs/routing.md "Site cookies"): writes the site's own
 * non-sensitive cookies (the category cookie after `/category/list`, ad and affiliate ids); answers
 * `{ cscode: 200 }`, or a 302 to the same-site `return` path; anything else is 400 with its problems.
 */
export const siteCookieRoute: ApiRoute<LandingSettings> = {
  method: 'GET',
  path: '/cookie_set',
  async handle(request, { settings, site }) {
    const input = await readInput(request, cookieSetQuery);
    if (!input.ok) return respondJson({ cscode: 400, msg: 'invalid cookie', problems: input.problems }, 400, { 'cache-control': 'no-store' });
    const decision = decideSiteCookies({
      query: input.data,
      fetchSite: request.headers.get('sec-fetch-site'),
      fetchMode: request.headers.get('sec-fetch-mode'),
      categoryUids: listCategoryUids(settings.CATALOGUE_ADULT_ENABLED),
      siteUrl: site.SITE_URL,
      cookieHeader: request.headers.get('cookie') ?? undefined,
    });
    if (decision.kind === 'refuse')
      return respondJson({ cscode: decision.status, msg: 'cookie not set', problems: decision.problems }, decision.status, {
        'cache-control': 'no-store',
      });
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const cookie of decision.cookies) headers.append('set-cookie', cookie);
    if (decision.location !== null) {
      headers.set('location', decision.location);
      return new Response(null, { status: 302, headers });
    }
    headers.set('content-type', 'application/json; charset=utf-8');
    return new Response(JSON.stringify({ cscode: 200 }), { status: 200, headers });
  },
};
