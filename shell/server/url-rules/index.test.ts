import { describe, expect, it } from '@jest/globals';
import { applyUrlRules, URL_RULES } from './index.ts';
import { normalisePath } from './path-normalisation.ts';
import type { RuleRequest, UrlDecision } from './url-rule.ts';
import { redirectWwwHost } from './www-host.ts';

const makeRequest = (rawPath: string, overrides: Partial<RuleRequest> = {}): RuleRequest => ({
  host: 'reelkeep.com',
  siteHost: 'reelkeep.com',
  rawPath,
  search: '',
  ...overrides,
});

/** Follows same-site redirects as a browser would, up to a bound, and returns every decision on the way. */
function followRedirects(first: RuleRequest): UrlDecision[] {
  const decisions: UrlDecision[] = [];
  let request = first;
  for (let hop = 0; hop < 5; hop += 1) {
    const decision = applyUrlRules(request);
    decisions.push(decision);
    if (decision.kind !== 'redirect') return decisions;
    const target = new URL(decision.location, 'https://reelkeep.com');
    request = { ...request, host: request.siteHost, rawPath: target.pathname, search: target.search };
  }
  throw new Error(`more than 5 redirects from ${first.rawPath}`);
}

describe('applyUrlRules', () => {
  it('runs www host first and normalisation second', () => {
    expect(URL_RULES[0]).toBe(redirectWwwHost);
    expect(URL_RULES[1]).toBe(normalisePath);
    expect(applyUrlRules(makeRequest('/Check_Out', { host: 'www.reelkeep.com' }))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/Check_Out',
      absolute: true,
    });
  });

  it('normalises before checking the locale: /EN/Checkout redirects, then /en/checkout is a 404', () => {
    expect(applyUrlRules(makeRequest('/EN/Checkout'))).toEqual({ kind: 'redirect', status: 301, location: '/en/checkout' });
    expect(applyUrlRules(makeRequest('/en/checkout'))).toEqual({ kind: 'not-found', reason: 'Error from middleware/CheckRouterValidity' });
  });

  it('checks the locale before the page redirects', () => {
    expect(applyUrlRules(makeRequest('/tr/funimation-downloader'))).toMatchObject({ kind: 'not-found' });
    expect(applyUrlRules(makeRequest('/en/checkout-old'))).toMatchObject({ kind: 'not-found' });
  });

  it('answers 404 for malformed paths before any other rule', () => {
    expect(applyUrlRules(makeRequest('/%E0%A4%A', { acceptLanguage: 'fr' }))).toEqual({ kind: 'not-found', reason: 'malformed percent-encoding' });
  });

  it('applies the page redirects on normal paths', () => {
    expect(applyUrlRules(makeRequest('/fr/sales-campaign-new3', { search: '?x=1' }))).toEqual({ kind: 'redirect', status: 301, location: '/fr/sales-campaign?x=1' });
    expect(applyUrlRules(makeRequest('/de/funimation-downloader'))).toEqual({ kind: 'redirect', status: 301, location: '/de/crunchyroll-downloader' });
    expect(applyUrlRules(makeRequest('/it/checkout-old'))).toEqual({ kind: 'redirect', status: 301, location: '/it/checkout' });
  });

  it('redirects the root by language last', () => {
    expect(applyUrlRules(makeRequest('/', { acceptLanguage: 'zh-TW' }))).toEqual({ kind: 'redirect', status: 302, location: '/zh', vary: 'Accept-Language, Cookie' });
    expect(applyUrlRules(makeRequest('/', { acceptLanguage: 'en-US' }))).toEqual({ kind: 'continue' });
  });

  it('lets normal paths through', () => {
    for (const rawPath of ['/', '/checkout', '/fr/checkout', '/blog/', '/zh/blog/page/2/', '/netflix-downloader']) {
      expect(applyUrlRules(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    }
  });

  it.each([
    ['/FR/Checkout/Components/PlanItem', 2],
    ['/Funimation_Downloader-New2/', 3],
    ['//evil.example//Sales-Campaign-New4', 2],
  ])('settles %s in a few same-site hops', (rawPath, minimumHops) => {
    const decisions = followRedirects(makeRequest(rawPath, { host: 'www.reelkeep.com' }));
    expect(decisions.length).toBeGreaterThanOrEqual(minimumHops);
    for (const decision of decisions) {
      if (decision.kind === 'redirect') expect(decision.location.startsWith('/') && !decision.location.startsWith('//')).toBe(true);
    }
    expect(decisions.at(-1)!.kind).not.toBe('redirect');
  });

  it('chains a messy legacy URL to the checkout', () => {
    const decisions = followRedirects(makeRequest('/FR/Checkout/Components/Plan_Item/', { search: '?plan=LFT' }));
    expect(decisions.map((decision) => (decision.kind === 'redirect' ? decision.location : decision.kind))).toEqual([
      '/fr/checkout/components/planitem?plan=LFT',
      '/fr/checkout?plan=LFT',
      'continue',
    ]);
  });
});
