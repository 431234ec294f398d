import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long a kept-alive connection may stay silent after a close began before it is closed (a busy client has spoken by then). */
export const CLOSE_IDLE_AFTER_MS = 1_000;

/**
 * Stops a server without failing a request it accepted (docs/operations.md "Worker processes"): it stops
 * accepting connections; every answer from now on says `Connection: close`, so a client sends its next request
 * on a new connection (to another worker, or another instance behind the edge); a connection found silent (every
 * `idleMs`) is closed; whatever is still open after `graceMs` is cut. Resolves once every connection has ended.
 *
 * http.Server#close would also close the idle kept-alive connections at once, racing a client that is sending
 * its next request on one (the request is lost with a reset); net.Server#close, which it extends, only stops
 * accepting (in a worker, the primary gives its new connections to the other workers).
 */
export function closeGracefully(server: HttpServer, options: { idleMs: number; graceMs: number }): Promise<void> {
  server.prependListener('request', (_request, response) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  });
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  // Every `idleMs`: a connection whose last answer was sent before the close began may go silent later.
  const idle = setInterval(() => server.closeIdleConnections(), options.idleMs);
  const grace = setTimeout(() => server.closeAllConnections(), options.graceMs);
  return closed.finally(() => {
    clearInterval(idle);
    clearTimeout(grace);
  });
}
