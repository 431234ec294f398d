import { isSecureSite, oncePerContext, respondJson, serialiseCookie, visitorCountryQuery, readInput } from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import type { SiteSettings } from './settings.ts';

/** docs/tracking.md "Visitor cookies": `country` and `country_type` last a day, then the edge is asked again. */
export const COUNTRY_COOKIE_MAX_AGE_S = 86_400;

/** Countries whose visitors the consent rules of the EEA, the UK and Switzerland protect (ISO 3166-1 alpha-2). */
const CONSENT_REGION = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH'.split(' '));

/**
 * docs/tracking.md "Visitor cookies": `country` and `country_type` from the country code the edge gave: `eu` for the
 * EEA, the UK and Switzerland, `other` elsewhere; nothing for a code that names no country (`XX`, `T1`, text).
 */
export function decideCountryCookies(code: string | null | undefined): { country: string; country_type: 'eu' | 'other' } | null {
  const country = code?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(country) || country === 'XX' || country === 'ZZ') return null;
  return { country, country_type: CONSENT_REGION.has(country) ? 'eu' : 'other' };
}

const NOT_KEPT = { 'cache-control': 'no-store' };

/**
 * `GET /api/site/visitor-country` (docs/tracking.md "Visitor cookies"): the visitor's country as the edge in front of
 * the site names it in `COUNTRY_HEADER` (a CDN's or a GeoIP module's header), written to the `country` and
 * `country_type` cookies for a day. Without the setting, or without a country in the header, it answers
 * `{cscode: 200, country: null}` and writes nothing. The page asks it once a session, after it is idle.
 */
export function createVisitorCountryRoutes(): ApiRoute<SiteSettings>[] {
  const headerOf = oncePerContext((context: HostContext<SiteSettings>) => context.settings.COUNTRY_HEADER?.toLowerCase() ?? null);
  return [
    {
      method: 'GET',
      path: '/api/site/visitor-country',
      async handle(request, context) {
        const input = await readInput(request, visitorCountryQuery);
        if (!input.ok) return respondJson({ cscode: input.status, problems: input.problems }, input.status, NOT_KEPT);
        const header = headerOf(context);
        const decided = header ? decideCountryCookies(request.headers.get(header)) : null;
        if (!decided) return respondJson({ cscode: 200, country: null, country_type: null }, 200, NOT_KEPT);
        const secure = isSecureSite(context.site.SITE_URL);
        const headers = new Headers(NOT_KEPT);
        headers.set('content-type', 'application/json; charset=utf-8');
        for (const [name, value] of Object.entries(decided))
          headers.append('set-cookie', serialiseCookie(name, value, { secure, maxAgeS: COUNTRY_COOKIE_MAX_AGE_S }));
        return new Response(JSON.stringify({ cscode: 200, ...decided }), { status: 200, headers });
      },
    },
  ];
}
