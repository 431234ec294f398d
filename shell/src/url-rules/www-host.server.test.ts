import { describe, expect, it } from '@jest/globals';
import type { RuleRequest } from './url-rule.server.ts';
import { redirectWwwHost } from './www-host.server.ts';

const makeRequest = (overrides: Partial<RuleRequest>): RuleRequest => ({
  host: 'reelkeep.com',
  siteHost: 'reelkeep.com',
  rawPath: '/',
  search: '',
  ...overrides,
});

describe('redirectWwwHost (docs/routing.md "www host")', () => {
  it('sends the www host to the same path and query on the site host, marked absolute', () => {
    expect(redirectWwwHost(makeRequest({ host: 'www.reelkeep.com', rawPath: '/fr/checkout', search: '?x=1' }))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/fr/checkout?x=1',
      absolute: true,
    });
  });

  it('matches the host case-insensitively', () => {
    expect(redirectWwwHost(makeRequest({ host: 'WWW.ReelKeep.com' }))).toMatchObject({ kind: 'redirect', location: '/' });
  });

  it('keeps the port of a development site host', () => {
    const request = makeRequest({ host: 'www.localhost:3000', siteHost: 'localhost:3000', rawPath: '/blog/' });
    expect(redirectWwwHost(request)).toMatchObject({ kind: 'redirect', status: 301, location: '/blog/', absolute: true });
  });

  it('leaves the bare host alone', () => {
    expect(redirectWwwHost(makeRequest({ host: 'reelkeep.com', rawPath: '/checkout' }))).toEqual({ kind: 'continue' });
  });

  it('ignores a www host that is not the site’s own', () => {
    expect(redirectWwwHost(makeRequest({ host: 'www.evil.example' }))).toEqual({ kind: 'continue' });
  });

  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example/x', '/evil.example/x'],
    ['\\\\evil.example', '/evil.example'],
  ])('never builds a protocol-relative location from %s', (rawPath, location) => {
    expect(redirectWwwHost(makeRequest({ host: 'www.reelkeep.com', rawPath }))).toMatchObject({ kind: 'redirect', location });
  });
});
