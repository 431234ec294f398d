import { describe, expect, it } from '@jest/globals';
import { buildPermanentRedirect, decodeRequestPath, encodeLocationPath } from './url-rule.server.ts';

describe('decodeRequestPath', () => {
  it('decodes percent-encoded characters', () => {
    expect(decodeRequestPath('/a%20b/%E4%B8%AD')).toBe('/a b/中');
  });

  it('answers null for malformed percent-encoding', () => {
    expect(decodeRequestPath('/%E0%A4%A')).toBeNull();
    expect(decodeRequestPath('/%zz')).toBeNull();
  });

  it('answers null for a lone surrogate, which encodeURI could not encode back', () => {
    expect(decodeRequestPath('/\uD800x')).toBeNull();
  });
});

describe('encodeLocationPath', () => {
  it('encodes like encodeURI', () => {
    expect(encodeLocationPath('/a b/é')).toBe('/a%20b/%C3%A9');
  });

  it('keeps a decoded ? or # in the path instead of starting a query or fragment', () => {
    expect(encodeLocationPath('/a?b#c')).toBe('/a%3Fb%23c');
  });

  it('escapes backslashes, which browsers would read as slashes', () => {
    expect(encodeLocationPath('/\\evil.example')).toBe('/%5Cevil.example');
  });

  it('round-trips through decodeRequestPath', () => {
    const path = '/100%/a?b#c/é/\\';
    expect(decodeRequestPath(encodeLocationPath(path))).toBe(path);
  });
});

describe('buildPermanentRedirect', () => {
  it('is a 301 to the encoded path with the query appended as received', () => {
    expect(buildPermanentRedirect('/a b', '?x=1')).toEqual({ kind: 'redirect', status: 301, location: '/a%20b?x=1' });
  });
});
