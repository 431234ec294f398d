import { describe, expect, it } from '@jest/globals';
import { decideFingerprintCookies, isThirdPartyAllowed } from './third-party-rules.ts';

describe('third parties (docs/tracking.md "Third parties")', () => {
  it.each([
    [true, 'granted', false, true],
    [false, 'granted', false, false],
    [true, 'unknown', false, false],
    [true, 'denied', false, false],
    [true, 'granted', true, false],
  ] as const)('configured %p, consent %p, GPC %p: runs %p', (configured, consent, globalPrivacyControl, allowed) => {
    expect(isThirdPartyAllowed({ configured, consent, globalPrivacyControl })).toBe(allowed);
  });

  it.each([
    [
      'a first fingerprint fills both',
      undefined,
      'abcdef0123456789',
      [
        { name: 'FID', value: 'abcdef0123456789', maxAgeS: 30 * 86_400 },
        { name: 'DID', value: 'abcdef0123456789', maxAgeS: 86_400 },
      ],
    ],
    ['a later one renews the device id only', 'aaaaaaaa11111111', 'bbbbbbbb22222222', [{ name: 'DID', value: 'bbbbbbbb22222222', maxAgeS: 86_400 }]],
    [
      'a malformed stored one is replaced',
      'x;y',
      'abcdef0123456789',
      [
        { name: 'FID', value: 'abcdef0123456789', maxAgeS: 30 * 86_400 },
        { name: 'DID', value: 'abcdef0123456789', maxAgeS: 86_400 },
      ],
    ],
    ['a malformed fingerprint writes nothing', undefined, 'not a fingerprint!', []],
  ])('%s', (_name, fid, fingerprint, expected) => {
    expect(decideFingerprintCookies({ fid }, fingerprint)).toEqual(expected);
  });
});
