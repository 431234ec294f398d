import { describe, expect, it } from '@jest/globals';
import { toSameSitePath } from './same-site.ts';

const SITE = 'https://reelkeep.com';

describe('toSameSitePath', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/fr/my-account?tab=orders#licences', '/fr/my-account?tab=orders#licences'],
    ['checkout', '/checkout'],
    ['https://reelkeep.com/de/login', '/de/login'],
    ['/a/../b', '/b'],
    // resolved on our origin, but the raw path would read as protocol-relative: one slash is kept
    ['/.//evil.com', '/evil.com'],
    ['/..//evil.com', '/evil.com'],
    ['/./\\evil.com', '/evil.com'],
    ['/.%2F%2Fevil.com', '/.%2F%2Fevil.com'],
  ])('keeps %s as %s', (value, expected) => {
    expect(toSameSitePath(value, SITE)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    'https://evil.com/login',
    'http://reelkeep.com/login',
    'https://reelkeep.com.evil.com/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    '/\u0000//evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '',
  ])('refuses %j', (value) => {
    expect(toSameSitePath(value, SITE)).toBeNull();
  });

  it('refuses what is too long or not a string', () => {
    expect(toSameSitePath(`/${'a'.repeat(3000)}`, SITE)).toBeNull();
    expect(toSameSitePath(undefined, SITE)).toBeNull();
    expect(toSameSitePath(null, SITE)).toBeNull();
  });

  it('never returns a path a browser would read as another host', () => {
    const tricky = ['/.//', '/..//', '/./\\', '/%2e//', '/%2e%2e//', '/.\\/', '/./%5C', '//', '/\\/', '/.///'];
    for (const prefix of tricky) {
      for (const host of ['evil.com', 'evil.com/path', '@evil.com']) {
        const path = toSameSitePath(prefix + host, SITE);
        if (path === null) continue;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(path.startsWith('/\\')).toBe(false);
        expect(new URL(path, SITE).origin).toBe(SITE);
      }
    }
  });
});
