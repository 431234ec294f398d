import { request as httpRequest } from 'node:http';
import { E2E_BASE_URL } from './test-site.ts';

/** What a raw request got back. */
export interface RawAnswer {
  /** The HTTP status; 0 when the server closed the connection without an answer the client could read (an oversized request cut off). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

/**
 * One HTTP request to the test site exactly as given (any bytes, any header), from a chosen loopback
 * address: the abuse and fuzz journeys send from their own addresses so their rate-limit counters stay
 * apart from the other journeys'. Rejects when no answer comes within `timeoutMs` (a hang is a failure).
 */
export function sendRaw(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Buffer[];
  from?: string;
  timeoutMs?: number;
}): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${E2E_BASE_URL}${options.path}`,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, localAddress: options.from ?? '127.0.0.1' },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`no answer to ${options.method ?? 'GET'} ${options.path} within ${options.timeoutMs ?? 15_000} ms`)),
      options.timeoutMs ?? 15_000,
    );
    req.on('close', () => clearTimeout(deadline));
    // The server may answer (413) and close before an oversized request is fully sent: its answer may still be
    // read; if it cannot be, the closed connection is the refusal.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') return reject(error);
      setTimeout(() => resolve({ status: 0, headers: {}, text: '', ms: performance.now() - started }), 1_000);
    });
    const body = options.body;
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else req.end(body);
  });
}
