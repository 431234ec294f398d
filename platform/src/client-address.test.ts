import { describe, expect, it } from '@jest/globals';
import { checkTrustedProxies, createClientAddressReader, parseTrustedProxies } from './client-address.ts';

const request = (peer: string | undefined, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress: peer } });

describe('createClientAddressReader', () => {
  const behindVarnish = createClientAddressReader(parseTrustedProxies('127.0.0.1/32, 10.0.0.0/8, fd00::/8'));
  const noProxy = createClientAddressReader([]);

  it.each([
    ['no proxy trusted: the peer, whatever it forwards', noProxy, '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['an untrusted peer cannot forge its address', behindVarnish, '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['a trusted proxy: the address it forwards', behindVarnish, '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['a chain: the nearest address that is not ours', behindVarnish, '127.0.0.1', '198.51.100.1, 203.0.113.50, 10.1.2.3', '203.0.113.50'],
    ['a forged first hop sent through our proxy is ignored', behindVarnish, '10.0.0.5', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
    ['only our proxies in the chain: the farthest of them', behindVarnish, '127.0.0.1', '10.9.9.9', '10.9.9.9'],
    ['a trusted proxy without the header: the proxy', behindVarnish, '127.0.0.1', undefined, '127.0.0.1'],
    ['a dual-stack socket reports IPv4 mapped into IPv6', behindVarnish, '::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['IPv6 proxies and clients', behindVarnish, 'fd00::1', '2001:db8::7', '2001:db8::7'],
    ['a mapped untrusted peer is its IPv4 address', noProxy, '::ffff:203.0.113.9', undefined, '203.0.113.9'],
  ])('%s', (_case, read, peer, forwardedFor, expected) => {
    expect(read(request(peer, forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }))).toBe(expected);
  });

  it('a socket already closed has no address', () => {
    expect(behindVarnish(request(undefined, { 'x-forwarded-for': '198.51.100.1' }))).toBe('unknown');
  });
});

describe('checkTrustedProxies', () => {
  it('accepts addresses and ranges of both families', () => {
    expect(() => checkTrustedProxies(parseTrustedProxies('127.0.0.1, 10.0.0.0/8,::1, fd00::/8'))).not.toThrow();
  });
  it.each(['10.0.0.0/33', 'varnish.internal', '10.0.0', '*'])('refuses %s, naming it', (entry) => {
    expect(() => checkTrustedProxies([entry])).toThrow(entry);
  });
});
