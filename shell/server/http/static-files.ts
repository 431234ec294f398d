import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import computeStatsTag from 'etag';
import isFresh from 'fresh';
import { negotiateEncoding, type ContentEncoding } from './content-encoding.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files whose name does not change with their content (never cache them for good: docs/toolchain.md "Cache headers and CORS for browser containers"). */
const MUTABLE_NAMES = new Set(['remoteEntry.js', 'mf-manifest.json', 'mf-manifest-stats.json', 'entry-assets.json']);

/** How a file is sent. */
export interface SendFileOptions {
  /** Default: `no-cache` for names that do not change with their content, immutable for the rest. */
  cacheControl?: string;
  /** The request's `Accept-Encoding`: a precompressed twin (`.br`, `.gz`) is sent when `negotiateEncoding` picks it. */
  acceptEncoding?: string | string[];
  /**
   * The sha256 the release recorded for a file below `root` (docs/releases.md "Loading"). When given, a file
   * is sent only if its bytes still match it (read whole, hashed, then sent from memory); a file without a
   * recorded hash or with other bytes is not sent, and `onMismatch` is told.
   */
  readRecordedHash?: (relative: string) => Promise<string | undefined>;
  onMismatch?: (relative: string) => void;
}

const TWIN_EXTENSIONS: Record<Exclude<ContentEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** The file to send for `absolute` in the coding the client rates highest among the twins the build made. */
async function chooseVariant(absolute: string, info: Stats, acceptEncoding: SendFileOptions['acceptEncoding']) {
  const twins = await Promise.all(
    (['br', 'gzip'] as const).map(async (encoding) => {
      const info = await stat(absolute + TWIN_EXTENSIONS[encoding]).catch(() => null);
      return info?.isFile() ? { file: absolute + TWIN_EXTENSIONS[encoding], info, encoding } : null;
    }),
  );
  const made = twins.filter((twin) => twin !== null);
  const encoding = negotiateEncoding(acceptEncoding, [...made.map((twin) => twin.encoding), 'identity']);
  return made.find((twin) => twin.encoding === encoding) ?? { file: absolute, info, encoding: 'identity' as const };
}

/** The bytes of `file` and their recorded sha256 when they match it, else null. */
async function readVerified(file: string, relative: string, options: SendFileOptions): Promise<{ bytes: Buffer; sha256: string } | null> {
  const recorded = await options.readRecordedHash!(relative);
  const bytes = recorded ? await readFile(file).catch(() => null) : null;
  if (bytes && createHash('sha256').update(bytes).digest('hex') === recorded) return { bytes, sha256: recorded };
  options.onMismatch?.(relative);
  return null;
}

/**
 * The entity tag of the bytes sent (docs/toolchain.md "Cache headers and CORS for browser containers"): a release file's recorded sha256, the
 * same on every instance that holds the release; otherwise `etag`'s weak tag of the file's size and time.
 * Each twin has its own, so a cache never answers gzip bytes to a tag of Brotli ones.
 */
function tagVariant(info: Stats, sha256: string | undefined): string {
  return sha256 ? `"${sha256}"` : computeStatsTag(info);
}

/**
 * Streams a file below `root` (its precompressed twin when negotiated) with its `ETag`, or answers 304 when the
 * request's `If-None-Match` (read from `res.req`) still names it; false when it does not exist, lies outside
 * `root` or fails its check.
 */
export async function sendFile(res: ServerResponse, root: string, relative: string, method: string, options: SendFileOptions = {}): Promise<boolean> {
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(path.resolve(root) + path.sep)) return false;
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) return false;
  const variant = await chooseVariant(absolute, info, options.acceptEncoding);
  const verified = options.readRecordedHash ? await readVerified(variant.file, path.relative(root, variant.file), options) : undefined;
  if (verified === null) return false;
  res.setHeader('etag', tagVariant(variant.info, verified?.sha256));
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader(
    'cache-control',
    options.cacheControl ?? (MUTABLE_NAMES.has(path.basename(absolute)) ? 'no-cache' : 'public, max-age=31536000, immutable'),
  );
  // Browser containers load cross-origin when served from a CDN (docs/toolchain.md "Cache headers and CORS for browser containers").
  res.setHeader('access-control-allow-origin', '*');
  // RFC 9110 §13.1.2 through `fresh`: the copy the client holds is still this one.
  if (isFresh({ 'if-none-match': res.req.headers['if-none-match'] }, { etag: res.getHeader('etag') as string })) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.statusCode = 200;
  res.setHeader('content-type', CONTENT_TYPES[path.extname(absolute)] ?? 'application/octet-stream');
  res.setHeader('content-length', verified?.bytes.length ?? variant.info.size);
  if (variant.encoding !== 'identity') res.setHeader('content-encoding', variant.encoding);
  if (method === 'HEAD') {
    res.end();
    return true;
  }
  if (verified) {
    res.end(verified.bytes);
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    createReadStream(variant.file).on('error', reject).pipe(res).on('finish', resolve).on('error', reject);
  });
  return true;
}

/** `/static/<app>/<version>/<file>` → the release's browser folder. */
export const STATIC_PATH = /^\/static\/(shell|mf-[a-z]+)\/([0-9A-Za-z.+-]+)\/([0-9A-Za-z._\/-]+)$/;
