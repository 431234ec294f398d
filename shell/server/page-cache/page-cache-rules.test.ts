import { describe, expect, it } from '@jest/globals';
import {
  buildCacheControl,
  buildPageCacheKey,
  classifyEntryAge,
  decidePageCaching,
  decideStorable,
  isPrivateAnswer,
  matchesIfNoneMatch,
  mergeVary,
  normaliseQuery,
  type PageRequestFacts,
  type PageVariant,
} from './page-cache-rules.ts';
import { listNamedReleases, namesOnlyLiveReleases, tagEntry, toPathTag } from './page-cache-tags.ts';

const VARIANT: PageVariant = {
  locale: 'fr',
  os: { os: 'win', is64Bit: true },
  signedIn: false,
  priceVariant: 'price_a',
  campaignBannerClosed: false,
};
const VERSIONS = { shell: 's1', remote: { name: 'mf-landing' as const, version: 'l1' }, locales: 'tr1' };
const key = (search: string, overrides: Partial<Parameters<typeof buildPageCacheKey>[0]> = {}) =>
  buildPageCacheKey({ method: 'GET', path: '/fr/netflix-downloader', search, variant: VARIANT, versions: VERSIONS, ...overrides });

describe('normaliseQuery', () => {
  it.each([
    ['no query', '', ''],
    ['utm_* parameters', '?utm_source=news&utm_medium=mail&utm_campaign=x&a=1', '?a=1'],
    ['source and medium', '?source=lang_switch&medium=top_nav_logo', ''],
    ['click ids', '?gclid=1&fbclid=2&msclkid=3&ttclid=4&gbraid=5&wbraid=6&dclid=7&yclid=8', ''],
    ['tracking names in capitals', '?UTM_Source=x&GCLID=1&page=2', '?page=2'],
    ['other parameters, sorted by name', '?b=2&a=1&c=3', '?a=1&b=2&c=3'],
    ['a repeated name keeps its order', '?tag=z&a=1&tag=b', '?a=1&tag=z&tag=b'],
    ['values encoded one way', '?q=hello%20world&x=%C3%A9', '?q=hello+world&x=%C3%A9'],
    ['a page parameter named like a tracker is not a tracker', '?sourcecode=1&mediums=2', '?mediums=2&sourcecode=1'],
  ])('%s: %s → %s', (_case, search, expected) => {
    expect(normaliseQuery(search)).toBe(expected);
  });
});

describe('buildPageCacheKey', () => {
  it('ignores tracking parameters and the order of the others', () => {
    expect(key('?utm_source=a&gclid=9&b=2&a=1&fbclid=x&source=s&medium=m')).toBe(key('?a=1&b=2'));
    expect(key('?utm_source=a')).toBe(key(''));
  });

  it('keeps every other parameter', () => {
    expect(key('?page=2')).not.toBe(key(''));
    expect(key('?newsletter=succ')).not.toBe(key('?newsletter=fail'));
  });

  it.each<[string, Partial<PageVariant>]>([
    ['the locale', { locale: 'de' }],
    ['the OS', { os: { os: 'mac', is64Bit: true } }],
    ['a 32-bit Windows', { os: { os: 'win', is64Bit: false } }],
    ['the login state', { signedIn: true }],
    ['the price variant', { priceVariant: 'price_b' }],
    ['a closed experiment', { priceVariant: null }],
    ['a campaign banner the visitor closed', { campaignBannerClosed: true }],
    ['the sidebar variant a page shows', { experiments: { sidebarAB: 'b' } }],
  ])('keeps the variant apart: %s', (_case, change) => {
    expect(key('', { variant: { ...VARIANT, ...change } })).not.toBe(key(''));
  });

  it.each([
    ['the shell version', { ...VERSIONS, shell: 's2' }],
    ["the route's remote version", { ...VERSIONS, remote: { name: 'mf-landing' as const, version: 'l2' } }],
    ['the translations', { ...VERSIONS, locales: 'tr2' }],
  ])('changes with %s', (_case, versions) => {
    expect(key('', { versions })).not.toBe(key(''));
  });

  it('keys pages by the experiment variants they show, sorted, and only those (docs/experiments.md "Assignment")', () => {
    const shows = (experiments: Record<string, string>) => key('', { variant: { ...VARIANT, experiments } });
    expect(shows({ sidebarAB: 'a', resourceBannerAB: 'b' })).toBe(shows({ resourceBannerAB: 'b', sidebarAB: 'a' }));
    expect(shows({ sidebarAB: 'a', resourceBannerAB: 'b' })).not.toBe(shows({ sidebarAB: 'b', resourceBannerAB: 'b' }));
    expect(shows({ sidebarAB: 'a', resourceBannerAB: 'b' })).toContain(';banner=open;ab=resourceBannerAB:b,sidebarAB:a shell@');
    expect(shows({})).toBe(key(''));
  });

  it('keys a canary cohort\'s pages apart from the stable cohort\'s (docs/releases.md "Canary")', () => {
    const ofCohort = (cohort: string | undefined) => key('', { variant: { ...VARIANT, cohort } });
    expect(ofCohort('-')).toBe(key(''));
    expect(ofCohort(undefined)).toBe(key(''));
    expect(ofCohort('mf-blog@b2')).not.toBe(key(''));
    expect(ofCohort('mf-blog@b2')).toContain(';banner=open;cohort=mf-blog@b2 shell@');
    expect(ofCohort('mf-blog@b2')).not.toBe(ofCohort('mf-blog@b2+shell@s2'));
  });

  it('answers HEAD from the GET entry, and reads like what it is', () => {
    expect(key('', { method: 'HEAD' })).toBe(key(''));
    expect(key('?b=1')).toBe(
      'GET /fr/netflix-downloader?b=1 locale=fr;os=win64;session=anonymous;price=price_a;banner=open shell@s1,mf-landing@l1,locales@tr1',
    );
  });
});

describe('decidePageCaching', () => {
  const facts: PageRequestFacts = {
    enabled: true,
    method: 'GET',
    path: '/fr/store',
    pagePath: '/fr/store',
    search: '?utm_source=x&b=1',
    route: { remote: 'mf-campaign', uncached: false },
    setsCookie: false,
    variant: VARIANT,
    versions: { shell: 's1', locales: 'tr1', remotes: { 'mf-campaign': 'c1', 'mf-landing': 'l1' } },
  };

  it.each<[string, Partial<PageRequestFacts>, string]>([
    ['the cache is off', { enabled: false }, 'off'],
    ['a POST', { method: 'POST' }, 'method'],
    ['a DELETE', { method: 'DELETE' }, 'method'],
    ['a path no route renders (a 404)', { route: null }, 'no-route'],
    ['a route marked uncached (checkout, login, my-account, …)', { route: { remote: 'mf-account', uncached: true } }, 'uncached-route'],
    ['a signed-in visitor', { variant: { ...VARIANT, signedIn: true } }, 'signed-in'],
    ['a response that sets a cookie', { setsCookie: true }, 'sets-cookie'],
  ])('bypasses %s', (_case, change, reason) => {
    expect(decidePageCaching({ ...facts, ...change })).toEqual({ kind: 'bypass', reason });
  });

  it("caches an anonymous GET or HEAD of a cacheable route, rendered without tracking parameters, keyed on its remote's version", () => {
    const decision = decidePageCaching(facts);
    expect(decision).toEqual({
      kind: 'cacheable',
      remote: 'mf-campaign',
      renderPath: '/fr/store?b=1',
      key: 'GET /fr/store?b=1 locale=fr;os=win64;session=anonymous;price=price_a;banner=open shell@s1,mf-campaign@c1,locales@tr1',
    });
    expect(decidePageCaching({ ...facts, method: 'HEAD' })).toEqual(decision);
  });

  it("keys a client navigation's data apart from its page, and renders the page path", () => {
    const decision = decidePageCaching({ ...facts, path: '/_data/fr/store' });
    expect(decision).toMatchObject({ kind: 'cacheable', renderPath: '/fr/store?b=1' });
    expect(decision.kind === 'cacheable' && decision.key).toMatch(/^GET \/_data\/fr\/store\?b=1 /);
  });

  it('names the remote as having no version when none is live (its page is a 503, never kept)', () => {
    const decision = decidePageCaching({ ...facts, versions: { ...facts.versions, remotes: {} } });
    expect(decision.kind === 'cacheable' && decision.key).toContain('mf-campaign@none');
  });
});

describe('decideStorable', () => {
  const rendered = { status: 200, readPrivateAnswer: false, bytes: 1000, maxBytes: 10_000 };
  it.each<[string, Partial<typeof rendered>, ReturnType<typeof decideStorable>]>([
    ['a 200', {}, { store: true }],
    ['a 404', { status: 404 }, { store: false, reason: 'status' }],
    ['a 503 (a remote down)', { status: 503 }, { store: false, reason: 'status' }],
    ['a 500', { status: 500 }, { store: false, reason: 'status' }],
    ['a redirect', { status: 301 }, { store: false, reason: 'status' }],
    ['a page that read a private or single-use answer', { readPrivateAnswer: true }, { store: false, reason: 'private-answer' }],
    ['a page larger than the cache', { bytes: 10_001 }, { store: false, reason: 'too-large' }],
  ])('%s', (_case, change, expected) => {
    expect(decideStorable({ ...rendered, ...change })).toEqual(expected);
  });
});

describe('isPrivateAnswer', () => {
  it.each([
    ['public, max-age=300', false, false],
    [null, false, false],
    ['no-store', false, true],
    ['private, max-age=60', false, true],
    ['No-Store', false, true],
    ['public, max-age=300', true, true],
  ])('%s, sets a cookie: %s → %s', (cacheControl, setsCookie, expected) => {
    expect(isPrivateAnswer(cacheControl, setsCookie)).toBe(expected);
  });
});

describe('tags', () => {
  const html =
    '<link rel="preload" href="/static/shell/s1/main.js"><script id="__RK_STATE__" type="application/json">' +
    '{"remotes":[{"name":"mf-landing","version":"l1","entry":"/static/mf-landing/l1/remoteEntry.js"},' +
    '{"name":"mf-campaign","version":"c1","entry":"https://cdn.example/static/mf-campaign/c1/remoteEntry.js"}]}</script>' +
    '<a href="/static/not-an-app/x/y">';

  it('lists every release a page names, each once', () => {
    expect(listNamedReleases(html + html)).toEqual(['mf-campaign@c1', 'mf-landing@l1', 'shell@s1']);
  });

  /** The frame-data remotes the shell release names (its bundle's `frameDataApps`). */
  const frameDataApps = ['mf-landing', 'mf-blog'] as const;

  it("tags a page with what it names, its route's remote, the frame's data sources and locales", () => {
    const versions = { shell: 's1', 'mf-landing': 'l1', 'mf-blog': 'b1', 'mf-campaign': 'c1', 'mf-checkout': 'k1' };
    expect(tagEntry({ kind: 'document', body: html, remote: 'mf-landing', frameDataApps, versions })).toEqual([
      'locales',
      'mf-blog@b1',
      'mf-campaign@c1',
      'mf-landing@l1',
      'shell@s1',
    ]);
    // The shell release decides which remotes are behind the frame: one that names none tags none.
    expect(tagEntry({ kind: 'document', body: '', remote: 'mf-campaign', frameDataApps: [], versions })).toEqual([
      'locales',
      'mf-campaign@c1',
      'shell@s1',
    ]);
  });

  it('adds the data tags the API answers of the render named, so a change of that data drops the page', () => {
    const versions = { shell: 's1', 'mf-campaign': 'c1' };
    expect(tagEntry({ kind: 'data', body: html, remote: 'mf-campaign', frameDataApps, versions, dataTags: ['campaigns'] })).toEqual([
      'campaigns',
      'locales',
      'mf-campaign@c1',
      'shell@s1',
    ]);
    // A data tag names no release: it never makes an entry look stale after a switch.
    expect(namesOnlyLiveReleases(['campaigns', 'shell@s1'], { shell: 's1' })).toBe(true);
  });

  it('tags a page and its navigation data with their page path, so one purge by URL drops every variant of both', () => {
    const versions = { shell: 's1', 'mf-campaign': 'c1' };
    const page = tagEntry({ kind: 'document', body: '', remote: 'mf-campaign', frameDataApps, versions, pagePath: '/fr/store' });
    const data = tagEntry({ kind: 'data', body: '', remote: 'mf-campaign', frameDataApps, versions, pagePath: '/fr/store' });
    expect(page).toContain(toPathTag('/fr/store'));
    expect(data).toContain(toPathTag('/fr/store'));
    expect(toPathTag('/fr/store')).toMatch(/^path:[0-9a-f]{24}$/);
    expect(toPathTag('/fr/store')).not.toBe(toPathTag('/store'));
    // A path tag names no release: it never makes an entry look stale after a switch.
    expect(namesOnlyLiveReleases(page, versions)).toBe(true);
  });

  it("tags a client navigation's data with the shell, its remote and locales only", () => {
    const versions = { shell: 's1', 'mf-landing': 'l1', 'mf-blog': 'b1', 'mf-campaign': 'c1' };
    expect(tagEntry({ kind: 'data', body: html, remote: 'mf-campaign', frameDataApps, versions })).toEqual(['locales', 'mf-campaign@c1', 'shell@s1']);
  });

  it.each([
    ['every named version live', { shell: 's1', 'mf-landing': 'l1', 'mf-campaign': 'c1' }, true],
    ['a named remote rolled back', { shell: 's1', 'mf-landing': 'l1', 'mf-campaign': 'c0' }, false],
    ['the shell switched', { shell: 's2', 'mf-landing': 'l1', 'mf-campaign': 'c1' }, false],
    ['a named remote no longer live at all', { shell: 's1', 'mf-landing': 'l1' }, false],
  ])('an entry is served only while it names live versions: %s', (_case, versions, expected) => {
    expect(namesOnlyLiveReleases(['locales', 'mf-campaign@c1', 'mf-landing@l1', 'shell@s1'], versions)).toBe(expected);
  });
});

describe('classifyEntryAge', () => {
  it.each([
    [0, 'fresh'],
    [59_999, 'fresh'],
    [60_000, 'stale'],
    [89_999, 'stale'],
    [90_000, 'expired'],
  ])('%i ms old with 60 s fresh and 30 s stale → %s', (age, expected) => {
    expect(classifyEntryAge(1_000_000, 1_000_000 + age, 60, 30)).toBe(expected);
  });

  it('has no stale time when it is 0', () => {
    expect(classifyEntryAge(0, 60_000, 60, 0)).toBe('expired');
  });
});

describe('HTTP labels', () => {
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"abcd"', false],
    ['*', true],
  ])('If-None-Match %s against "abc" → %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected);
  });

  it('lets CDNs keep cacheable pages and nobody keep the others', () => {
    expect(buildCacheControl(true, 60, 30)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(buildCacheControl(false, 60, 30)).toBe('private, no-store');
  });

  it('adds request headers to Vary once each', () => {
    expect(mergeVary(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(mergeVary('Accept-Language, Cookie', 'accept-encoding', 'Cookie', 'User-Agent')).toBe(
      'Accept-Language, Cookie, accept-encoding, User-Agent',
    );
  });
});
