import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { CAMPAIGN_BANNER_CLOSED_COOKIE, PRICE_VARIANT_COOKIE } from '@reelkeep/shared-contracts';
import { matchesIfNoneMatch } from './page-cache-rules.ts';
import type { PageCacheEntry } from './page-cache-store.ts';
import { detectOs } from './visitor.ts';

/**
 * Cookies a request may carry and still be answered by the fast path: the ones a cached page varies with
 * (the price variant, the closed campaign banner) and the language choice the page gate reads. Any other
 * cookie, a session's above all, sends the request down the full pipeline (docs/operations.md "Page cache").
 */
export const FAST_PATH_COOKIES: ReadonlySet<string> = new Set([PRICE_VARIANT_COOKIE, CAMPAIGN_BANNER_CLOSED_COOKIE, 'rk_lang']);

/** Whether every cookie of a `Cookie` header is one the fast path may answer (no header: yes). */
export function carriesOnlyFastPathCookies(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    const name = (at === -1 ? pair : pair.slice(0, at)).trim();
    if (name && !FAST_PATH_COOKIES.has(name)) return false;
  }
  return true;
}

/** What the fast path reads of a request. */
export interface FastPathRequestFacts {
  method: string | undefined;
  url: string | undefined;
  host: string | undefined;
  acceptLanguage: string | undefined;
  cookie: string | undefined;
  userAgent: string | undefined;
}

/**
 * Everything of a request the full pipeline reads to choose a cached page (the raw URL, the host and
 * `Accept-Language` the URL rules read, the cookies, the OS of the user agent), as one string; null when the
 * request may not take the fast path (not a GET or HEAD, a client navigation's data, another cookie). Two
 * requests with one signature get the same page from the full pipeline, so the fast path can answer the
 * second with what the first was sent.
 */
export function readFastPathSignature(facts: FastPathRequestFacts): string | null {
  if (facts.method !== 'GET' && facts.method !== 'HEAD') return null;
  const url = facts.url ?? '/';
  if (!url.startsWith('/') || url.startsWith('/_data/') || url.startsWith('/api/')) return null;
  if (!carriesOnlyFastPathCookies(facts.cookie)) return null;
  const os = detectOs(facts.userAgent);
  return `${url}\n${facts.host ?? ''}\n${facts.acceptLanguage ?? ''}\n${facts.cookie ?? ''}\n${os.os}${os.is64Bit ? '64' : '32'}`;
}

/** The encoding of a stored page a client gets: Brotli, else gzip, else none (as `Accept-Encoding` allows). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

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

/** Headers of an answer that belong to that one answer, never replayed. */
const PER_ANSWER_HEADERS: ReadonlySet<string> = new Set([
  'x-cache',
  'content-encoding',
  'content-length',
  'set-cookie',
  'date',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/** Headers a response has so far as a flat `[name, value, …]` list, without the ones of that one answer. */
export function captureReplayableHeaders(headers: Readonly<Record<string, string | number | readonly string[] | undefined>>): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_ANSWER_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) flat.push(name, String(item));
    else flat.push(name, String(value));
  }
  return flat;
}

/** One answer the full pipeline sent from an entry, kept so the same request can be answered again at once. */
interface Remembered {
  /** The releases it was answered under: any switch makes it unusable. */
  snapshot: object;
  key: string;
  etag: string;
  storedAt: number;
  headers: string[];
  encoded: EncodedEntry;
}

/**
 * The fast path of page-cache hits (docs/operations.md "Page cache"): a request whose signature the full
 * pipeline already answered with a cache entry, under the same releases, is answered with that entry's
 * bytes and the headers it was sent with (its CSP names the nonce the page carries), before any session
 * lookup, routing, render bundle or per-request header building; only while that entry is still the fresh
 * one in the store (another instance's delete or a re-render through Redis sends the request down the full
 * pipeline again). Anything else (a miss, a stale entry, a switch, a signed-in or unknown cookie) takes the
 * full pipeline, which remembers what it sent.
 */
export function createPageCacheFastPath(options: {
  /** The fresh, live entry under a key, as the cache would serve it (undefined: none). */
  peekFresh: (key: string) => Promise<PageCacheEntry | undefined>;
  /** Whether an entry names only releases live now. */
  isLive: (entry: PageCacheEntry) => boolean;
  /** The releases a request is served under now (compared by identity). */
  currentSnapshot: () => object;
  countHit: () => void;
  /** Bytes of page bodies the remembered answers may hold (the store's own bound). */
  maxBytes: number;
  /** How long a remembered answer may be used at most (the entries' lifetime). */
  lifetimeMs: number;
}) {
  const remembered = new LRUCache<string, Remembered>({
    maxSize: Math.max(options.maxBytes, 1),
    sizeCalculation: (answer) => answer.encoded.identity.length + answer.headers.join('').length + 256,
    ttl: options.lifetimeMs,
  });
  const signatureOf = (req: IncomingMessage) =>
    readFastPathSignature({
      method: req.method,
      url: req.url,
      host: req.headers.host,
      acceptLanguage: req.headers['accept-language'],
      cookie: req.headers.cookie,
      userAgent: req.headers['user-agent'],
    });

  return {
    /** Answers the request when it may (resolves true), else leaves the response untouched (false). */
    async answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      if (remembered.size === 0) return false;
      const signature = signatureOf(req);
      const answer = signature === null ? undefined : remembered.get(signature);
      if (!answer || signature === null) return false;
      const entry = answer.snapshot === options.currentSnapshot() ? await options.peekFresh(answer.key) : undefined;
      if (!entry || entry.etag !== answer.etag || entry.storedAt !== answer.storedAt || !options.isLive(entry)) {
        remembered.delete(signature);
        return false;
      }
      options.countHit();
      const headers = [...answer.headers, 'x-cache', 'HIT'];
      if (matchesIfNoneMatch(req.headers['if-none-match'], answer.etag)) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      const body = readEncodedBody(answer.encoded, encoding);
      if (encoding !== 'identity') headers.push('content-encoding', encoding);
      if (req.method === 'HEAD') {
        res.writeHead(200, headers);
        res.end();
        return true;
      }
      headers.push('content-length', String(body.length));
      res.writeHead(200, headers);
      res.end(body);
      return true;
    },

    /**
     * Remembers what the full pipeline sent for a request it answered from `entry`, when the answer is the
     * same for every request with its signature (it set no cookie).
     */
    remember(req: IncomingMessage, res: ServerResponse, snapshot: object, entry: PageCacheEntry): void {
      if (entry.kind !== 'document' || res.hasHeader('set-cookie')) return;
      const signature = signatureOf(req);
      if (signature === null) return;
      remembered.set(signature, {
        snapshot,
        key: entry.key,
        etag: entry.etag,
        storedAt: entry.storedAt,
        headers: captureReplayableHeaders(res.getHeaders()),
        encoded: encodeEntry(entry),
      });
    },
  };
}

/** The fast path of a host's page cache. */
export type PageCacheFastPath = ReturnType<typeof createPageCacheFastPath>;
