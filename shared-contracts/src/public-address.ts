import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (RFC 4291 2000::/3): anything outside it is no address a public service answers at. */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether the site may connect to an IP address it was handed by someone else (docs/security.md "Requests the
 * site makes"): only a public unicast address. Loopback, private (RFC 1918), link-local (cloud metadata at
 * 169.254.169.254), unique-local, carrier-grade NAT, multicast, broadcast, unspecified, documentation and other
 * reserved ranges are refused, in IPv4 and IPv6; an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as
 * the IPv4 address it carries, and IPv6 forms that tunnel or translate to IPv4 (NAT64, 6to4, Teredo) are
 * refused. Anything that is not an address in its canonical text (`127.1`, `0x7f000001`, a host name) is refused.
 * Server code only (it decides where the server connects), shared so that every squad uses the same rule.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !(address.includes(':') && ipaddr.IPv6.isValid(address))) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_IPV6)) return false;
  return parsed.range() === 'unicast';
}
