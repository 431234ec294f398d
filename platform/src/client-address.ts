import type { IncomingHttpHeaders } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Who the client is behind our own proxies (docs/security.md "Client addresses"). Rate limits, the admin guard,
 * experiment assignment by address, tracking and logs all ask this one function: the socket's peer, or, when
 * the peer is a proxy named in `TRUSTED_PROXIES`, the nearest address of `X-Forwarded-For` that is not one of
 * ours. An untrusted peer's forwarding headers are never read, so a visitor cannot choose the address it is
 * counted under. The walk itself is `proxy-addr`'s (Express's), not ours.
 */

/** The part of a request the client's address is read from. */
export interface ForwardedRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/** Reads the client's address of a request. */
export type ClientAddressReader = (req: ForwardedRequest) => string;

/** The entries of `TRUSTED_PROXIES`: addresses or CIDR ranges, IPv4 or IPv6; empty trusts no proxy. */
export function parseTrustedProxies(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Throws with the entry's text when one entry of `TRUSTED_PROXIES` is not an address or range (for the config schema). */
export function checkTrustedProxies(entries: readonly string[]): void {
  for (const entry of entries) {
    try {
      proxyaddr.compile([entry]);
    } catch {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
  }
}

/** An IPv4 address mapped into IPv6 (`::ffff:203.0.113.9`, as dual-stack sockets report it) is the IPv4 address. */
function unmapAddress(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

/** The reader for a list of trusted proxies; made once at start, called for every request. */
export function createClientAddressReader(trustedProxies: readonly string[]): ClientAddressReader {
  const trust = proxyaddr.compile([...trustedProxies]);
  return (req) => {
    const peer = req.socket.remoteAddress;
    if (!peer) return 'unknown';
    if (trustedProxies.length === 0) return unmapAddress(peer);
    // proxy-addr reads `req.connection`, the older name of the socket.
    return unmapAddress(proxyaddr({ headers: req.headers, connection: req.socket } as never, trust));
  };
}
