/**
 * One clear line for the network failures an operator meets first: a port the server cannot listen on, and a
 * running site a command cannot reach. Node reports both as a stack trace with the cause nested inside; an
 * operator needs what happened and what to do (docs/running.md "Running the site").
 */

/** The error code Node puts on a system error (`EADDRINUSE`, `ECONNREFUSED`, …), on the error or its cause. */
function readErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** What went wrong when the server could not listen on `host:port`, as one line. */
export function describeListenFailure(error: unknown, host: string, port: number): string {
  const where = `${host}:${port}`;
  switch (readErrorCode(error)) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: the port is already in use. Stop what listens there, or start with another PORT.`;
    case 'EACCES':
      return `cannot listen on ${where}: permission denied. Ports below 1024 need privileges: use a higher PORT.`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: this machine has no such address. Set HOST to one of its addresses, or 0.0.0.0.`;
    default:
      return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const UNREACHABLE_REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there (connection refused)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name cannot be resolved right now',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed before an answer',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
};

/** Why a command could not reach the running site at `url`, as one line naming the setting to check. */
export function describeUnreachableSite(error: unknown, url: string | URL, setting = 'SITE_URL'): string {
  const origin = new URL(url).origin;
  const code = readErrorCode(error);
  const reason = (code && UNREACHABLE_REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
  return `cannot reach the site at ${origin}: ${reason}. Is it running, and does ${setting} name it?`;
}
