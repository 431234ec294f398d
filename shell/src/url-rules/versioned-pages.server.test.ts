import { describe, expect, it } from '@jest/globals';
import type { RuleRequest } from './url-rule.server.ts';
import { NEWEST_VERSION_PATHS, redirectVersionedPage } from './versioned-pages.server.ts';

const makeRequest = (rawPath: string, search = ''): RuleRequest => ({ host: 'reelkeep.com', siteHost: 'reelkeep.com', rawPath, search });

describe('redirectVersionedPage (docs/routing.md "Versioned pages": -newN pages go to the newest version)', () => {
  it('names the home page as the one page whose newest version is elsewhere', () => {
    expect(NEWEST_VERSION_PATHS).toEqual({ '/home': '/' });
  });

  it.each([
    ['/sales-campaign-new2', '', '/sales-campaign'],
    ['/fr/store-new12', '?x=1', '/fr/store?x=1'],
    ['/event-center-new3', '?source=mail&id=4', '/event-center?source=mail&id=4'],
    ['/blog/summer-guide-new2/', '', '/blog/summer-guide/'],
    ['/home-new2', '', '/'],
    ['/home-new2', '?source=ad', '/?source=ad'],
    ['/fr/home-new3', '', '/fr'],
    ['/zh/home-new10', '?x=1', '/zh?x=1'],
    ['/homes-new2', '', '/homes'],
    ['/blog/home-new2', '', '/blog/home'],
  ])('sends %s%s to %s', (rawPath, search, location) => {
    expect(redirectVersionedPage(makeRequest(rawPath, search))).toEqual({ kind: 'redirect', status: 301, location });
  });

  it.each(['/new-arrivals', '/sales-campaign', '/store-new2-old', '/store-new2/details', '/fr/news-new', '/-new2', '/home', '/fr/home'])(
    'leaves %s alone',
    (rawPath) => {
      expect(redirectVersionedPage(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    },
  );
});
