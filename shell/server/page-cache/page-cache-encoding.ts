import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { PageCacheEntry } from './page-cache-store.ts';

/** A stored page's bytes in each encoding a client asked for so far. */
export interface EncodedEntry {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

// A hit sends bytes encoded once per stored entry, not a string encoded (and compressed) per request.
const ENCODED_ENTRIES = new WeakMap<PageCacheEntry, EncodedEntry>();

/** The entry's body encoded once; compressed encodings are made when a client first asks for them. */
export function encodeEntry(entry: PageCacheEntry): EncodedEntry {
  let encoded = ENCODED_ENTRIES.get(entry);
  if (!encoded) {
    encoded = { identity: Buffer.from(entry.body) };
    ENCODED_ENTRIES.set(entry, encoded);
  }
  return encoded;
}

/** The body of an encoded entry in one encoding (Brotli at quality 5, gzip at level 6, as renders stream them). */
export function readEncodedBody(encoded: EncodedEntry, encoding: 'br' | 'gzip' | 'identity'): Buffer {
  if (encoding === 'br') return (encoded.br ??= brotliCompressSync(encoded.identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return (encoded.gzip ??= gzipSync(encoded.identity, { level: 6 }));
  return encoded.identity;
}
