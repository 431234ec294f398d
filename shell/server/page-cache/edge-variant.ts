import {
  CAMPAIGN_BANNER_CLOSED_COOKIE,
  EXPERIMENTS,
  isKnownVariant,
  PRICE_EXPERIMENT_KEY,
  readCookie,
  type ExperimentDefinition,
} from '@reelkeep/shared-contracts';
import { COHORT_COOKIE, parseCohortValue } from '@reelkeep/platform/canary';
import { detectOs } from '../http/visitor.ts';

/**
 * The edge's view of a page variant (docs/operations.md "Varnish in front"). Varnish cannot run the host's
 * code, so its VCL is generated from these rules (`edge-vcl.ts`) and the host sends the same description of
 * the request it rendered (`X-Page-Variant`): Varnish keeps a page only when both agree.
 */

/** The response header the host names the variant of a shareable page with, and the request header Varnish keys by. */
export const PAGE_VARIANT_HEADER = 'x-page-variant';

/** Prefix of the account squad's auth cookies (`rk.session_token`, …): a request carrying one goes past the edge. */
export const AUTH_COOKIE_PATTERN = /^(?:__Secure-)?rk\./;

/**
 * The experiments whose cookie a page's HTML may show (`changesHtml`), open ones and the price experiment (opened by
 * the host's `AB_PLAN_PRICE_OPEN`, which the edge cannot read), sorted by cookie name.
 */
export function listVariantExperiments(registry: readonly ExperimentDefinition[] = EXPERIMENTS): ExperimentDefinition[] {
  return registry
    .filter((experiment) => experiment.changesHtml && (experiment.open || experiment.key === PRICE_EXPERIMENT_KEY))
    .sort((a, b) => (a.cookie < b.cookie ? -1 : a.cookie > b.cookie ? 1 : 0));
}

/** The values an experiment's cookie may hold and keep as a variant of its own (`old` where the experiment marks returning visitors). */
export function listVariantValues(experiment: ExperimentDefinition): string[] {
  return [...experiment.variants.map((variant) => variant.value), ...(experiment.marksReturningVisitorsOld ? ['old'] : [])];
}

/**
 * A request's variant as the edge keys it: `os=win64;banner=open;abPlanPrice=price_a;resourceBannerAB=-;sidebarAB=b`
 * (`-`: no cookie, `other`: a value that is no variant). Everything a cacheable page's HTML changes with besides its
 * URL (the locale is in the path; a signed-in visitor never reaches the cache).
 */
export function describeEdgeVariant(headers: { cookie?: string | undefined; 'user-agent'?: string | undefined }): string {
  const os = detectOs(headers['user-agent']);
  const parts = [
    `os=${os.os}${os.is64Bit ? '64' : '32'}`,
    `banner=${readCookie(headers.cookie, CAMPAIGN_BANNER_CLOSED_COOKIE) === '1' ? 'closed' : 'open'}`,
  ];
  for (const experiment of listVariantExperiments()) {
    const value = readCookie(headers.cookie, experiment.cookie);
    parts.push(`${experiment.cookie}=${value === undefined ? '-' : isKnownVariant(experiment, value) ? value : 'other'}`);
  }
  const cohort = describeEdgeCohort(headers.cookie);
  if (cohort) parts.push(`cohort=${cohort}`);
  return parts.join(';');
}

/**
 * docs/releases.md "Canary": the canary versions a visitor's cohort cookie names, as the edge keys them; undefined
 * for the stable cohort (no cookie, or one naming no canary), `other` for a value this site never wrote. The host
 * renders by the cohort it computes from the cookie's seed and rewrites a cookie that says otherwise, so a page
 * the edge keeps under these pins is always theirs.
 */
export function describeEdgeCohort(cookieHeader: string | undefined): string | undefined {
  const value = readCookie(cookieHeader, COHORT_COOKIE);
  if (value === undefined) return undefined;
  const parsed = parseCohortValue(value);
  if (!parsed) return 'other';
  return parsed.pins === '-' ? undefined : parsed.pins;
}

/** Whether a `Cookie` header carries an auth cookie (a session): such a request is passed to an instance, never cached. */
export function carriesAuthCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => AUTH_COOKIE_PATTERN.test(pair.trim()));
}
