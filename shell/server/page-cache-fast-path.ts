import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { CAMPAIGN_BANNER_CLOSED_COOKIE, PRICE_VARIANT_COOKIE } from '@reelkeep/shared-contracts';
import { matchesIfNoneMatch } from './page-cache-rules.ts';
import type { PageCacheEntry } from './page-cache-store.ts';
import { detectOs } from './visitor.ts';
import { negotiateEncoding } from './content-encoding.ts';

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
  /** Whole responses as bytes on the wire, per kind of answer, made again when the `Date` second changes. */
  wire?: Map<string, { date: string; bytes: Buffer }>;
}

/** What a request asks of a page the fast path may answer: its signature's facts and how it wants the answer. */
export interface FastPathRequest extends FastPathRequestFacts {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** What the fast path reads of a request Node's parser read. */
function readRequest(req: IncomingMessage): FastPathRequest {
  return {
    method: req.method,
    url: req.url,
    host: req.headers.host,
    acceptLanguage: req.headers['accept-language'],
    cookie: req.headers.cookie,
    userAgent: req.headers['user-agent'],
    acceptEncoding: req.headers['accept-encoding'],
    ifNoneMatch: req.headers['if-none-match'],
  };
}

/** How the fast path answers a request: a remembered answer, with or without its body, in one encoding. */
interface FastAnswer {
  remembered: Remembered;
  status: 200 | 304;
  encoding: 'br' | 'gzip' | 'identity';
  withBody: boolean;
}

/** The headers of an answer, after the remembered ones: the ones of this answer alone (no `Date`, no connection). */
function listAnswerHeaders(answer: FastAnswer, body: Buffer): string[] {
  const headers = [...answer.remembered.headers, 'x-cache', 'HIT'];
  if (answer.status === 304) return headers;
  if (answer.encoding !== 'identity') headers.push('content-encoding', answer.encoding);
  headers.push('content-length', String(body.length));
  return headers;
}

/** The `Date` header's text for now, made once a second (as Node's own HTTP server does). */
function createDateClock(now: () => number) {
  let second = -1;
  let text = '';
  return () => {
    const at = now();
    const current = Math.floor(at / 1000);
    if (current !== second) {
      second = current;
      text = new Date(current * 1000).toUTCString();
    }
    return text;
  };
}

/**
 * A whole HTTP/1.1 response as bytes: status line, headers, `Date`, keep-alive, the empty line and the body,
 * written the way Node's HTTP server writes them (header text in latin1, as it sends it).
 */
export function serialiseResponse(input: {
  status: number;
  headers: readonly string[];
  date: string;
  keepAliveS: number;
  body: Buffer | undefined;
}): Buffer {
  let head = `HTTP/1.1 ${input.status} ${STATUS_CODES[input.status] ?? ''}\r\n`;
  for (let index = 0; index < input.headers.length; index += 2) head += `${input.headers[index]}: ${input.headers[index + 1]}\r\n`;
  head += `Date: ${input.date}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${input.keepAliveS}\r\n\r\n`;
  const headBytes = Buffer.from(head, 'latin1');
  return input.body ? Buffer.concat([headBytes, input.body]) : headBytes;
}

/**
 * The fast path of page-cache hits (docs/operations.md "Page cache"): a request whose signature the full
 * pipeline already answered with a cache entry, under the same releases, is answered with that entry's
 * bytes and the headers it was sent with (its CSP names the nonce the page carries), before any session
 * lookup, routing, render bundle or per-request header building; only while that entry is still the fresh
 * one in the store (another instance's delete or a re-render through Redis sends the request down the full
 * pipeline again). Anything else (a miss, a stale entry, a switch, a signed-in or unknown cookie) takes the
 * full pipeline, which remembers what it sent. The wire lane (`page-cache-wire.ts`) asks it the same question
 * for requests it reads off the connection itself.
 */
export function createPageCacheFastPath(options: {
  /** The fresh entry under a key, as the cache would serve it (undefined: none); at once when it can. */
  peekFresh: (key: string) => PageCacheEntry | undefined | Promise<PageCacheEntry | undefined>;
  /** Whether an entry names only releases live now. */
  isLive: (entry: PageCacheEntry) => boolean;
  /** The releases a request is served under now (compared by identity). */
  currentSnapshot: () => object;
  countHit: () => void;
  /** Bytes of page bodies the remembered answers may hold (the store's own bound). */
  maxBytes: number;
  /** How long a remembered answer may be used at most (the entries' lifetime). */
  lifetimeMs: number;
  /** The clock (tests move it). */
  now?: () => number;
}) {
  const remembered = new LRUCache<string, Remembered>({
    maxSize: Math.max(options.maxBytes, 1),
    // The body twice: as stored, and inside the whole response the wire lane writes.
    sizeCalculation: (answer) => 2 * answer.encoded.identity.length + answer.headers.join('').length + 1024,
    ttl: options.lifetimeMs,
  });
  const readDate = createDateClock(options.now ?? Date.now);

  /** How the fast path answers a remembered request once its entry is looked up. */
  function decide(request: FastPathRequest, signature: string, answer: Remembered, entry: PageCacheEntry | undefined): FastAnswer | undefined {
    if (!entry || entry.etag !== answer.etag || entry.storedAt !== answer.storedAt || !options.isLive(entry)) {
      remembered.delete(signature);
      return undefined;
    }
    options.countHit();
    if (matchesIfNoneMatch(request.ifNoneMatch, answer.etag)) return { remembered: answer, status: 304, encoding: 'identity', withBody: false };
    return { remembered: answer, status: 200, encoding: negotiateEncoding(request.acceptEncoding), withBody: request.method !== 'HEAD' };
  }

  /**
   * How the fast path answers a request, or undefined when the full pipeline must: at once when the entry is
   * in this process, through a promise when it is in Redis.
   */
  function find(request: FastPathRequest): FastAnswer | undefined | Promise<FastAnswer | undefined> {
    if (remembered.size === 0) return undefined;
    const signature = readFastPathSignature(request);
    const answer = signature === null ? undefined : remembered.get(signature);
    if (!answer || signature === null) return undefined;
    if (answer.snapshot !== options.currentSnapshot()) return decide(request, signature, answer, undefined);
    const entry = options.peekFresh(answer.key);
    return entry instanceof Promise ? entry.then((found) => decide(request, signature, answer, found)) : decide(request, signature, answer, entry);
  }

  /** The whole response of an answer as bytes, made once per answer, kind and second. */
  function writeOnWire(found: FastAnswer | undefined, keepAliveS: number): Buffer | undefined {
    if (!found) return undefined;
    const date = readDate();
    const kind = `${found.status} ${found.encoding} ${found.withBody ? 'body' : 'head'}`;
    const wire = (found.remembered.wire ??= new Map());
    const made = wire.get(kind);
    if (made?.date === date) return made.bytes;
    const body = readEncodedBody(found.remembered.encoded, found.encoding);
    const bytes = serialiseResponse({
      status: found.status,
      headers: listAnswerHeaders(found, body),
      date,
      keepAliveS,
      body: found.withBody ? body : undefined,
    });
    wire.set(kind, { date, bytes });
    return bytes;
  }

  return {
    /** Answers the request when it may (resolves true), else leaves the response untouched (false). */
    async answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const found = await find(readRequest(req));
      if (!found) return false;
      const body = readEncodedBody(found.remembered.encoded, found.encoding);
      res.writeHead(found.status, listAnswerHeaders(found, body));
      res.end(found.withBody ? body : undefined);
      return true;
    },

    /**
     * The whole response to a request as bytes on the wire (keep-alive, `Keep-Alive: timeout=keepAliveS`),
     * or undefined when the full pipeline must answer it: at once when the entry is in this process, through
     * a promise when it is in Redis.
     */
    answerOnWire(request: FastPathRequest, keepAliveS: number): Buffer | undefined | Promise<Buffer | undefined> {
      const found = find(request);
      return found instanceof Promise ? found.then((answer) => writeOnWire(answer, keepAliveS)) : writeOnWire(found, keepAliveS);
    },

    /**
     * Remembers what the full pipeline sent for a request it answered from `entry`, when the answer is the
     * same for every request with its signature (it set no cookie).
     */
    remember(req: IncomingMessage, res: ServerResponse, snapshot: object, entry: PageCacheEntry): void {
      if (entry.kind !== 'document' || res.hasHeader('set-cookie')) return;
      const signature = readFastPathSignature(readRequest(req));
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
