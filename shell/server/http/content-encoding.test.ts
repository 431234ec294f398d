import { describe, expect, it } from '@jest/globals';
import { negotiateEncoding, type ContentEncoding } from './content-encoding.ts';

describe('negotiateEncoding', () => {
  it.each<[string | undefined, ContentEncoding]>([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['BR;Q=0, GZIP', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['br;q=0.001, gzip;q=0.002', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0', 'identity'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['deflate', 'identity'],
    ['brotli, gzipped', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
  ])('Accept-Encoding %p → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it.each<[string, ContentEncoding[], ContentEncoding]>([
    ['br, gzip', ['gzip', 'identity'], 'gzip'],
    ['br', ['gzip', 'identity'], 'identity'],
    ['br;q=0, gzip', ['br', 'identity'], 'identity'],
  ])('Accept-Encoding %p with only %p made → %s', (header, available, expected) => {
    expect(negotiateEncoding(header, available)).toBe(expected);
  });

  it('reads a header sent twice as one list', () => {
    expect(negotiateEncoding(['br;q=0', 'gzip'])).toBe('gzip');
  });
});
