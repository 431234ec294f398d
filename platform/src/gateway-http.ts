import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { CLIENT_IP_HEADER, PURGE_CACHE_TAGS_HEADER } from '@reelkeep/shared-contracts';
import type { ClientAddressReader } from './client-address.ts';

/**
 * The gateway's bridge between Node's HTTP objects and a squad route's web `Request`/`Response` (gateway.ts):
 * headers in, a bounded body in, a refused body drained, the answer out.
 */

/** Thrown while reading a body over the route's limit; answered with 413 (`refuseBody`). */
export class BodyTooLargeError extends Error {
  readonly status = 413;
}

/** The request's headers for a squad route, with the client's address the host read. */
export function toHeaders(req: IncomingMessage, readClientAddress: ClientAddressReader): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  // Set here, over anything the client sent under that name: squads read the address only from it.
  headers.set(CLIENT_IP_HEADER, readClientAddress(req));
  return headers;
}

/** Reads a body up to the route's limit; a larger one stops the reading at once (413). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  // Stopping early must not destroy the socket: the 413 still has to reach the client.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(`request body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

/**
 * How much of a refused body is still read and dropped after the 413, and for how long: a client still sending
 * when the server closes gets a reset and may never read the answer (docs/security.md "Input").
 */
const REFUSED_BODY_DRAIN_MAX_BYTES = 8 * 1024 * 1024;
const REFUSED_BODY_DRAIN_MAX_MS = 5_000;

/**
 * Answers 413 with `Connection: close`, then reads and drops the rest of the body within bounds before the
 * connection closes, as nginx's lingering close does: the client reads the whole answer (its length is known)
 * and never reuses the connection. A body beyond the bounds has the connection cut.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const body = JSON.stringify({ cscode: 413, error: 'body_too_large', maxBytes: limit });
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  // Ending the answer would close the connection at once: it ends once the body is read.
  res.write(body);
  if (req.complete) return void res.end();
  let drained = 0;
  const cutOff = () => {
    clearTimeout(deadline);
    req.socket.destroy();
  };
  const deadline = setTimeout(cutOff, REFUSED_BODY_DRAIN_MAX_MS).unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_BODY_DRAIN_MAX_BYTES) cutOff();
  });
  req.once('end', () => {
    clearTimeout(deadline);
    res.end();
  });
  req.once('close', () => clearTimeout(deadline));
  req.resume();
}

// The purge header is a word between a squad and the host, never sent on; cookies are set one by one below.
const HEADERS_NOT_PASSED_ON = new Set(['content-encoding', 'transfer-encoding', 'set-cookie', PURGE_CACHE_TAGS_HEADER]);

/** Sends a squad route's answer; cookies one by one, the purge header kept back. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (!HEADERS_NOT_PASSED_ON.has(name)) res.setHeader(name, value);
  });
  // Several cookies are several headers; setHeader per entry would keep only the last one.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) return void res.end();
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve);
  });
}
