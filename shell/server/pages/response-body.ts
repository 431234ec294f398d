import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { toSameSitePath } from '@reelkeep/shared-contracts';
import { negotiateEncoding } from '../http/content-encoding.ts';
import { mergeVary } from '../page-cache/page-cache-rules.ts';
import { encodeEntry, readEncodedBody } from '../page-cache/page-cache-encoding.ts';
import type { PageCacheEntry } from '../page-cache/page-cache-store.ts';

/** The response's `Vary` so far, as one string. */
export function readVary(res: ServerResponse): string | undefined {
  const vary = res.getHeader('vary');
  return vary === undefined ? undefined : Array.isArray(vary) ? vary.join(', ') : String(vary);
}

/** A compressed stream into the response in the coding `negotiateEncoding` picks (Brotli at a cost a render can afford, or gzip). */
export function compressFor(req: IncomingMessage, res: ServerResponse): NodeJS.WritableStream & { end(): void } {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  res.setHeader('vary', mergeVary(readVary(res), 'Accept-Encoding'));
  if (encoding === 'br') {
    res.setHeader('content-encoding', 'br');
    const brotli = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    brotli.pipe(res);
    return brotli;
  }
  if (encoding === 'gzip') {
    res.setHeader('content-encoding', 'gzip');
    const gzip = createGzip({ level: 6 });
    gzip.pipe(res);
    return gzip;
  }
  return res;
}

/** Only same-site paths may be redirect targets (docs/security.md "Redirects"). */
export function toSameSiteLocation(location: string, siteUrl: string): string {
  return toSameSitePath(location, siteUrl) ?? '/';
}

/** Sends a stored entry's body, compressed as `negotiateEncoding` picks (as `compressFor` does), from bytes encoded once. */
export function sendEntryBody(req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry): void {
  if (req.method === 'HEAD') return void res.end();
  res.setHeader('vary', mergeVary(readVary(res), 'Accept-Encoding'));
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.end(readEncodedBody(encodeEntry(entry), encoding));
}

/** Sends a whole body, compressed when the client accepts it; resolves once it is out. */
export async function sendBody(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  if (req.method === 'HEAD') return void res.end();
  const sink = compressFor(req, res);
  sink.end(body);
  await finished(res).catch(() => undefined);
}
