import { describe, expect, it } from '@jest/globals';
import { isPublicAddress } from './public-address.ts';

describe('isPublicAddress (docs/security.md "Requests the site makes")', () => {
  it.each([
    // Public unicast: push services, in IPv4 and IPv6, and IPv4-mapped.
    ['142.250.185.74', true],
    ['8.8.8.8', true],
    ['2a00:1450:4001:80b::200a', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:142.250.185.74', true],
    // Loopback.
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    // Private (RFC 1918), in both forms.
    ['10.0.0.5', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['::ffff:10.0.0.5', false],
    ['::ffff:192.168.0.1', false],
    // Link-local: the cloud metadata service, and IPv6.
    ['169.254.169.254', false],
    ['::ffff:169.254.169.254', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    // Unique-local and the deprecated site-local.
    ['fc00::1', false],
    ['fd12:3456:789a::1', false],
    ['fec0::1', false],
    // Carrier-grade NAT.
    ['100.64.0.1', false],
    ['100.127.255.254', false],
    // Multicast and broadcast.
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['255.255.255.255', false],
    ['ff02::1', false],
    // Unspecified.
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['::', false],
    ['::ffff:0.0.0.0', false],
    // Documentation, benchmarking and other reserved ranges.
    ['192.0.2.1', false],
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['198.18.0.1', false],
    ['240.0.0.1', false],
    ['2001:db8::1', false],
    // IPv6 ways back to IPv4: NAT64, 6to4, Teredo, IPv4-compatible, IPv4-translated.
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['::127.0.0.1', false],
    ['::ffff:0:7f00:1', false],
    // Not an address in canonical text.
    ['127.1', false],
    ['0x7f000001', false],
    ['2130706433', false],
    ['017700000001', false],
    ['localhost', false],
    ['fcm.googleapis.com', false],
    ['[::1]', false],
    ['', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
