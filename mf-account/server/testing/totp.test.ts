import { computeTotp } from './totp.ts';

describe('computeTotp', () => {
  // RFC 6238 appendix B, SHA-1, 8 digits: the secret is ASCII "12345678901234567890".
  const uri = 'otpauth://totp/Test:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8&period=30';
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('gives the RFC test vector at %i s', (seconds, code) => {
    expect(computeTotp(uri, seconds * 1000)).toBe(code);
  });
});
