import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long a kept-alive connection must have been silent, after a close began, before it is closed (a busy client has spoken by then). */
export const CLOSE_IDLE_AFTER_MS = 1_000;

/** What a graceful close did, for the log (docs/operations.md "Worker processes"). */
export interface CloseReport {
  /** Requests under way when the close began (each told `Connection: close` if its headers were not sent yet). */
  inFlightAtClose: number;
  /** Requests answered after the close began. */
  answered: number;
  /** Kept-alive connections closed after `idleMs` of silence. */
  idleClosed: number;
  /** Connections still open at the end of the grace period and cut, with the request each was serving, if any. */
  cut: { remoteAddress?: string; remotePort?: number; request?: string }[];
}

/** A server's connections as the graceful close needs them: when each last finished an answer, and what it serves now. */
interface ConnectionState {
  /** The request it is answering, if any. */
  current?: { request: IncomingMessage; response: ServerResponse };
  /** When it last finished an answer (or was accepted). */
  idleSince: number;
}

/** A server watched from its start, so that a close later knows every connection's state. */
export interface GracefulServer {
  /**
   * Stops the server without failing a request it accepted: it stops accepting connections; every answer not yet
   * started, under way or to come, says `Connection: close`, so a client sends its next request on a new
   * connection (to another worker, or another instance behind the edge); a kept-alive connection is closed only
   * once it has been silent for `idleMs` (checked every `idleMs / 4`); whatever is still open after `graceMs` is cut.
   * Resolves once every connection has ended.
   */
  close(options: { idleMs: number; graceMs: number }): Promise<CloseReport>;
}

/**
 * Watches a server's connections from its start (call before it listens). http.Server#close closes the idle
 * kept-alive connections at once, and http.Server#closeIdleConnections closes every connection idle at that
 * instant: both race a client sending its next request on a connection whose answer has just ended (the request
 * is lost with a reset, as `npm run bench:memory` saw during rollovers). Here a connection counts as silent only
 * after `idleMs` without a request, as a kept-alive time-out does; net.Server#close, which http.Server extends,
 * only stops accepting (in a worker, the primary gives new connections to the other workers).
 */
export function watchConnections(server: HttpServer): GracefulServer {
  const connections = new Map<Socket, ConnectionState>();
  let closing = false;
  let answered = 0;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (closing && !response.headersSent) response.setHeader('connection', 'close');
    if (!state) return;
    const current = { request, response };
    state.current = current;
    response.once('close', () => {
      if (closing) answered += 1;
      if (state.current !== current) return;
      state.current = undefined;
      state.idleSince = Date.now();
    });
  });

  return {
    close(options) {
      closing = true;
      let inFlightAtClose = 0;
      for (const state of connections.values()) {
        if (!state.current) continue;
        inFlightAtClose += 1;
        if (!state.current.response.headersSent) state.current.response.setHeader('connection', 'close');
      }
      let idleClosed = 0;
      const cut: CloseReport['cut'] = [];
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const closeSilent = () => {
        const now = Date.now();
        for (const [socket, state] of connections) {
          if (state.current || now - state.idleSince < options.idleMs) continue;
          idleClosed += 1;
          connections.delete(socket);
          socket.destroy();
        }
      };
      const idle = setInterval(closeSilent, Math.max(1, Math.floor(options.idleMs / 4)));
      const grace = setTimeout(() => {
        for (const [socket, state] of connections) {
          cut.push({
            remoteAddress: socket.remoteAddress,
            remotePort: socket.remotePort,
            ...(state.current ? { request: `${state.current.request.method} ${state.current.request.url}` } : {}),
          });
          socket.destroy();
        }
      }, options.graceMs);
      return closed
        .finally(() => {
          clearInterval(idle);
          clearTimeout(grace);
        })
        .then(() => ({ inFlightAtClose, answered, idleClosed, cut }));
    },
  };
}
