import { describe, expect, it } from '@jest/globals';
import { isForeignRequest, isRefusedValue } from './request-guards.ts';

const SITE = 'https://reelkeep.com';

describe('isForeignRequest', () => {
  it.each([
    ['our own origin', { origin: SITE }, false],
    ['another origin', { origin: 'https://evil.example' }, true],
    ['another port of our host', { origin: 'https://reelkeep.com:8443' }, true],
    ['http instead of https', { origin: 'http://reelkeep.com' }, true],
    ['Origin: null', { origin: 'null' }, true],
    ['no Origin, our Referer', { referer: `${SITE}/fr/login` }, false],
    ['no Origin, a foreign Referer', { referer: 'https://evil.example/form' }, true],
    ['no Origin, an unreadable Referer', { referer: 'not a url' }, true],
    ['our Origin beats a foreign Referer', { origin: SITE, referer: 'https://evil.example/' }, false],
    ['neither header, no cookie (a machine client)', {}, false],
    ['neither header but a cookie', { cookie: 'rk.session_token=x' }, true],
  ])('%s', (_case, headers, expected) => {
    expect(isForeignRequest(new Headers(headers), SITE)).toBe(expected);
  });
});

describe('isRefusedValue', () => {
  it('recognises PostgreSQL data exceptions only', () => {
    expect(isRefusedValue({ code: '22021' })).toBe(true);
    expect(isRefusedValue({ code: '22P02' })).toBe(true);
    expect(isRefusedValue({ code: '23505' })).toBe(false);
    expect(isRefusedValue(new Error('x'))).toBe(false);
    expect(isRefusedValue(null)).toBe(false);
  });
});
