import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastPathRequest, PageCacheFastPath } from './page-cache-fast-path.ts';

/** A request head the lane reads: longer ones go to Node's parser, which enforces its own limit. */
export const WIRE_MAX_HEAD_BYTES = 8192;
/** Header lines a head may have; more go to Node's parser, which refuses very many. */
export const WIRE_MAX_HEADER_LINES = 64;

const HEAD_END = Buffer.from('\r\n\r\n');

/** Header names whose presence means the request is not a plain keep-alive GET or HEAD the lane may answer. */
const HANDED_OVER_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'expect',
  'upgrade',
  'http2-settings',
  'te',
  'trailer',
]);

/** Headers the lane reads; one of them twice goes to Node's parser (which joins or refuses repeats). */
const READ_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'accept-language',
  'cookie',
  'user-agent',
  'accept-encoding',
  'if-none-match',
  'connection',
]);

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII, space and tab: anything else in a value (obs-text, controls) is Node's parser's to judge.
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
const REQUEST_LINE = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1$/;

/**
 * Reads a request head (the text before its empty line, without it) the way the page cache's wire lane may
 * answer it: a GET or HEAD in HTTP/1.1 with an origin-form target, kept alive, no body, no upgrade, well-formed
 * header lines (at most 64; no folding, no bare LF, token names, visible ASCII values), one `Host` and none of the headers
 * it reads twice. Null for anything else: Node's parser then reads the request as it always does
 * (docs/operations.md "The wire lane").
 */
export function readWireRequestHead(head: string): FastPathRequest | null {
  if (head.length > WIRE_MAX_HEAD_BYTES) return null;
  const lines = head.split('\r\n');
  if (lines.length > WIRE_MAX_HEADER_LINES + 1) return null;
  const requestLine = REQUEST_LINE.exec(lines[0] ?? '');
  if (!requestLine) return null;
  const read = new Map<string, string>();
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    const colon = line.indexOf(':');
    if (colon <= 0 || line.includes('\n')) return null;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1);
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value) || HANDED_OVER_HEADERS.has(name)) return null;
    if (!READ_HEADERS.has(name)) continue;
    if (read.has(name)) return null;
    read.set(name, value.replace(/^[ \t]+|[ \t]+$/g, ''));
  }
  const host = read.get('host');
  if (!host) return null;
  const connection = read.get('connection');
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return null;
  return {
    method: requestLine[1],
    url: requestLine[2],
    host,
    acceptLanguage: read.get('accept-language'),
    cookie: read.get('cookie'),
    userAgent: read.get('user-agent'),
    acceptEncoding: read.get('accept-encoding'),
    ifNoneMatch: read.get('if-none-match'),
  };
}

type ConnectionListener = (this: Server, socket: Socket) => void;

/** A connection the lane holds. */
interface LaneConnection {
  /** Waiting on the store or on the client to read: no request is read meanwhile. */
  busy: boolean;
  /** When it last showed activity: a request arrived, or bytes written to it left the socket. */
  lastActiveAt: number;
  /** `socket.bytesWritten` and `socket.writableLength` when the sweep last looked. */
  writtenSeen: string;
  /** The client sent its last byte (Node's HTTP server allows half-open connections): end once answered. */
  ended: boolean;
  /** The lane answered a request on it: from then on it waits as a kept-alive connection, else as a new one. */
  answeredAny: boolean;
}

/** How often the lane ends connections inactive for longer than the server's `keepAliveTimeout`. */
const IDLE_SWEEP_MS = 1000;

/**
 * The page cache's wire lane (docs/operations.md "The wire lane"): the server's connections are read here first.
 * A request whose whole head arrived, that `readWireRequestHead` accepts and that the fast path answers gets
 * the remembered response written to the socket in one piece, without Node's HTTP machinery (parser
 * callbacks, request and response objects, header validation), which costs more than the hit itself. At the
 * first request the lane does not answer (a miss, a partial head, a body, anything unusual, a store that
 * fails), the connection is handed to Node's HTTP server with the bytes not yet answered, and stays there.
 * No request is read while the client has not read the previous answer; a connection without activity (no
 * request, no answer bytes leaving) for the server's `keepAliveTimeout` is ended, as Node ends its own, and one
 * that has sent no request yet after the server's `headersTimeout` (docs/operations.md "Connections").
 */
export function attachPageCacheWireLane(
  server: Server,
  options: { fastPath: PageCacheFastPath; onError: (error: unknown) => void },
): { closeIdle(): void; closeAll(): void; readonly connections: number; readonly answered: number } {
  const handlers = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  const lane = new Map<Socket, LaneConnection>();
  let closing = false;
  let answered = 0;

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, connection] of lane) {
      const written = `${socket.bytesWritten} ${socket.writableLength}`;
      if (written !== connection.writtenSeen) {
        connection.writtenSeen = written;
        connection.lastActiveAt = now;
      } else if (now - connection.lastActiveAt > (connection.answeredAny ? server.keepAliveTimeout : server.headersTimeout)) socket.destroy();
    }
  }, IDLE_SWEEP_MS);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));

  server.on('connection', (socket: Socket) => {
    const connection: LaneConnection = { busy: false, lastActiveAt: Date.now(), writtenSeen: '0 0', ended: false, answeredAny: false };
    lane.set(socket, connection);

    const handOver = (unanswered: Buffer) => {
      lane.delete(socket);
      socket.removeListener('data', onData);
      socket.removeListener('close', onClose);
      socket.removeListener('end', onEnd);
      for (const handler of handlers) handler.call(server, socket);
      socket.removeListener('error', onSocketError);
      if (unanswered.length > 0) socket.emit('data', unanswered);
      // The client's end was read by the lane: Node's server gets it after the bytes, as it would have.
      if (connection.ended) socket.emit('end');
      socket.resume();
    };

    /** Holds the connection's reading while `pending` settles, then goes on with `next`, or `otherwise` if it fails. */
    const suspend = <T>(pending: Promise<T>, next: (value: T) => void, otherwise: () => void) => {
      connection.busy = true;
      socket.pause();
      pending
        .then(
          (value) => {
            connection.busy = false;
            if (!socket.destroyed) next(value);
          },
          () => {
            connection.busy = false;
            if (!socket.destroyed) otherwise();
          },
        )
        .catch((error: unknown) => {
          options.onError(error);
          socket.destroy();
        });
    };

    const drained = () => new Promise<void>((resolve) => socket.once('drain', resolve));

    /** Answers the requests of a chunk from `at` on, in order; hands the connection over at the first it cannot. */
    const answerFrom = (chunk: Buffer, at: number): void => {
      while (at < chunk.length) {
        // A client that does not read is not written ahead of: its next request waits for the socket.
        if (socket.writableNeedDrain) {
          const from = at;
          return suspend(
            drained(),
            () => answerFrom(chunk, from),
            () => undefined,
          );
        }
        const end = chunk.indexOf(HEAD_END, at);
        const request = end === -1 || closing ? null : readWireRequestHead(chunk.toString('latin1', at, end));
        const bytes = request ? options.fastPath.answerOnWire(request, Math.floor(server.keepAliveTimeout / 1000)) : undefined;
        if (bytes instanceof Promise) {
          const from = at;
          // A store that fails is a miss, as it is behind Node's parser.
          return suspend(
            bytes,
            (found) => (found ? (write(found), answerFrom(chunk, end + HEAD_END.length)) : handOver(chunk.subarray(from))),
            () => handOver(chunk.subarray(from)),
          );
        }
        if (!bytes) return handOver(chunk.subarray(at));
        write(bytes);
        at = end + HEAD_END.length;
      }
      if (closing || connection.ended) socket.end();
      else if (socket.writableNeedDrain)
        suspend(
          drained(),
          () => socket.resume(),
          () => undefined,
        );
      else if (socket.isPaused()) socket.resume();
    };

    const write = (bytes: Buffer) => {
      answered += 1;
      connection.answeredAny = true;
      connection.lastActiveAt = Date.now();
      socket.write(bytes);
    };

    const onData = (chunk: Buffer) => {
      connection.lastActiveAt = Date.now();
      try {
        answerFrom(chunk, 0);
      } catch (error) {
        options.onError(error);
        socket.destroy();
      }
    };
    const onSocketError = () => socket.destroy();
    const onClose = () => lane.delete(socket);
    const onEnd = () => {
      connection.ended = true;
      if (!connection.busy) socket.end();
    };

    socket.setNoDelay(true);
    socket.on('data', onData);
    socket.on('error', onSocketError);
    socket.on('close', onClose);
    socket.on('end', onEnd);
  });

  const closeIdle = () => {
    closing = true;
    for (const [socket, connection] of lane) if (!connection.busy) socket.end();
  };
  // Node's `server.close()` ends the idle connections it knows; the lane's are ended with them.
  const closeServer = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    closeIdle();
    return closeServer(callback);
  };

  return {
    /** Ends the lane's connections that wait for a request; the others end after their answer. */
    closeIdle,
    /** Destroys every connection the lane still holds. */
    closeAll() {
      closing = true;
      for (const socket of lane.keys()) socket.destroy();
    },
    /** Connections the lane holds now. */
    get connections() {
      return lane.size;
    },
    /** Requests the lane answered since the server started. */
    get answered() {
      return answered;
    },
  };
}
