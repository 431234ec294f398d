import { describe, expect, it } from '@jest/globals';
import { RETIRED_PAGES, redirectRetiredPage } from './retired-pages.server.ts';
import type { RuleRequest } from './url-rule.server.ts';

const makeRequest = (rawPath: string, search = ''): RuleRequest => ({ host: 'reelkeep.com', siteHost: 'reelkeep.com', rawPath, search });

describe('redirectRetiredPage (docs/routing.md "Retired pages")', () => {
  it('seeds the two retirements of the spec', () => {
    expect(RETIRED_PAGES).toEqual({
      '/funimation-downloader': '/crunchyroll-downloader',
      '/showtime-downloader': '/paramount-plus-downloader',
    });
  });

  it.each([
    ['/funimation-downloader', '', '/crunchyroll-downloader'],
    ['/showtime-downloader', '?source=ad', '/paramount-plus-downloader?source=ad'],
    ['/de/funimation-downloader', '', '/de/crunchyroll-downloader'],
    ['/zh/showtime-downloader', '?a=1&b=2', '/zh/paramount-plus-downloader?a=1&b=2'],
  ])('sends %s%s to %s', (rawPath, search, location) => {
    expect(redirectRetiredPage(makeRequest(rawPath, search))).toEqual({ kind: 'redirect', status: 301, location });
  });

  it.each(['/crunchyroll-downloader', '/funimation-downloader/2', '/blog/funimation-downloader', '/constructor', '/__proto__'])(
    'leaves %s alone',
    (rawPath) => {
      expect(redirectRetiredPage(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    },
  );

  it('leaves paths with an invalid locale prefix to the locale check', () => {
    expect(redirectRetiredPage(makeRequest('/tr/funimation-downloader'))).toEqual({ kind: 'continue' });
  });
});
