import { describe, expect, it } from '@jest/globals';
import type { RuleRequest } from './url-rule.ts';
import { redirectVersionedPage } from './versioned-pages.ts';

const makeRequest = (rawPath: string, search = ''): RuleRequest => ({ host: 'reelkeep.com', siteHost: 'reelkeep.com', rawPath, search });

describe('redirectVersionedPage (spec §2: -newN pages go to the newest version)', () => {
  it.each([
    ['/sales-campaign-new2', '', '/sales-campaign'],
    ['/fr/store-new12', '?x=1', '/fr/store?x=1'],
    ['/event-center-new3', '?source=mail&id=4', '/event-center?source=mail&id=4'],
    ['/blog/summer-guide-new2/', '', '/blog/summer-guide/'],
  ])('sends %s%s to %s', (rawPath, search, location) => {
    expect(redirectVersionedPage(makeRequest(rawPath, search))).toEqual({ kind: 'redirect', status: 301, location });
  });

  it.each(['/new-arrivals', '/sales-campaign', '/store-new2-old', '/store-new2/details', '/fr/news-new', '/-new2'])(
    'leaves %s alone',
    (rawPath) => {
      expect(redirectVersionedPage(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    },
  );
});
