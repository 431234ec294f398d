import { describe, expect, it } from '@jest/globals';
import { applyUrlRules, MAX_FOLDED_REDIRECTS, URL_RULES } from './index.server.ts';
import { normalisePath } from './path-normalisation.server.ts';
import type { RuleRequest, UrlDecision } from './url-rule.server.ts';
import { redirectWwwHost } from './www-host.server.ts';

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
  it('runs www host first and normalisation second, and answers both in one absolute hop', () => {
    expect(URL_RULES[0]).toBe(redirectWwwHost);
    expect(URL_RULES[1]).toBe(normalisePath);
    expect(applyUrlRules(makeRequest('/Check_Out', { host: 'www.reelkeep.com' }))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/checkout',
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
    expect(applyUrlRules(makeRequest('/fr/sales-campaign-new3', { search: '?x=1' }))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/fr/sales-campaign?x=1',
    });
    expect(applyUrlRules(makeRequest('/de/funimation-downloader'))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/de/crunchyroll-downloader',
    });
    expect(applyUrlRules(makeRequest('/it/checkout-old'))).toEqual({ kind: 'redirect', status: 301, location: '/it/checkout' });
  });

  it('redirects the root by language last', () => {
    expect(applyUrlRules(makeRequest('/', { acceptLanguage: 'zh-TW' }))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/zh',
      vary: 'Accept-Language, Cookie',
    });
    expect(applyUrlRules(makeRequest('/', { acceptLanguage: 'en-US' }))).toEqual({ kind: 'continue' });
  });

  it('lets normal paths through', () => {
    for (const rawPath of ['/', '/checkout', '/fr/checkout', '/blog/', '/zh/blog/page/2/', '/netflix-downloader']) {
      expect(applyUrlRules(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    }
  });

  describe('one hop (docs/routing.md "One hop"): a legacy or versioned path settles in one 301', () => {
    it.each([
      ['/fr/checkout/components/PlanItem', 'reelkeep.com', '', '/fr/checkout'],
      ['/FR/Checkout/Components/Plan_Item/', 'reelkeep.com', '?plan=LFT', '/fr/checkout?plan=LFT'],
      ['/ja/checkout-old', 'reelkeep.com', '', '/ja/checkout'],
      ['/checkout-old-new2', 'reelkeep.com', '?x=1', '/checkout?x=1'],
      ['/home-new2', 'reelkeep.com', '', '/'],
      ['/Home-New2', 'reelkeep.com', '?source=ad', '/?source=ad'],
      ['/fr/home-new3', 'reelkeep.com', '', '/fr'],
      ['/FR/Home-New3/', 'reelkeep.com', '', '/fr'],
      ['/Funimation-Downloader-New2/', 'reelkeep.com', '', '/crunchyroll-downloader'],
      ['/de/showtime-downloader-new4', 'reelkeep.com', '', '/de/paramount-plus-downloader'],
      ['/Sales-Campaign-New4', 'www.reelkeep.com', '', '/sales-campaign'],
      ['//evil.example//Sales-Campaign-New4', 'www.reelkeep.com', '', '/evil.example/sales-campaign'],
      ['/FR/Checkout/Components/PlanItem', 'www.reelkeep.com', '', '/fr/checkout'],
    ])('%s on %s%s → %s', (rawPath, host, search, location) => {
      const decisions = followRedirects(makeRequest(rawPath, { host, search }));
      expect(decisions).toHaveLength(2);
      expect(decisions[0]).toEqual({ kind: 'redirect', status: 301, location, ...(host.startsWith('www.') ? { absolute: true } : {}) });
      expect(decisions[1]!.kind).not.toBe('redirect');
    });

    it('leaves a language choice after a 301 to the next request (it depends on the visitor, a 301 is kept for good)', () => {
      const decisions = followRedirects(makeRequest('/Home-New2', { acceptLanguage: 'fr' }));
      expect(decisions).toEqual([
        { kind: 'redirect', status: 301, location: '/' },
        { kind: 'redirect', status: 302, location: '/fr', vary: 'Accept-Language, Cookie' },
        { kind: 'continue' },
      ]);
    });

    it('stops folding after MAX_FOLDED_REDIRECTS', () => {
      expect(MAX_FOLDED_REDIRECTS).toBeGreaterThanOrEqual(4);
    });
  });
});
