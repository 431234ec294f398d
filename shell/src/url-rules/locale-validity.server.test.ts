import { describe, expect, it } from '@jest/globals';
import { checkLocaleValidity, LOCALE_VALIDITY_REASON } from './locale-validity.server.ts';
import type { RuleRequest } from './url-rule.server.ts';

const makeRequest = (rawPath: string): RuleRequest => ({ host: 'reelkeep.com', siteHost: 'reelkeep.com', rawPath, search: '' });
const NOT_FOUND = { kind: 'not-found', reason: 'Error from middleware/CheckRouterValidity' };

describe('checkLocaleValidity (docs/routing.md "Not found")', () => {
  it('uses the spec’s internal reason', () => {
    expect(LOCALE_VALIDITY_REASON).toBe('Error from middleware/CheckRouterValidity');
  });

  it.each(['/en', '/en/checkout', '/en/blog/'])('answers 404 for the default-locale prefix: %s', (rawPath) => {
    expect(checkLocaleValidity(makeRequest(rawPath))).toEqual(NOT_FOUND);
  });

  it.each(['/tr', '/tr/checkout', '/zh-cn/x', '/xx'])('answers 404 for an unsupported language prefix: %s', (rawPath) => {
    expect(checkLocaleValidity(makeRequest(rawPath))).toEqual(NOT_FOUND);
  });

  it.each(['/', '/fr', '/fr/checkout', '/zh/blog/', '/checkout', '/netflix-downloader', '/ab-downloader', '/english'])(
    'lets %s through',
    (rawPath) => {
      expect(checkLocaleValidity(makeRequest(rawPath))).toEqual({ kind: 'continue' });
    },
  );
});
