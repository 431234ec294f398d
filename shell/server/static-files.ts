import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

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

/** The precompressed twin (`.br`, `.gz`) of a file the client accepts, if the build made one. */
async function findEncodedTwin(absolute: string, acceptEncoding: string): Promise<{ file: string; size: number; encoding: string } | null> {
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) continue;
    const info = await stat(absolute + extension).catch(() => null);
    if (info?.isFile()) return { file: absolute + extension, size: info.size, encoding };
  }
  return null;
}

/** Streams a file below `root` (its precompressed twin when accepted); false when it does not exist or lies outside `root`. */
export async function sendFile(
  res: ServerResponse,
  root: string,
  relative: string,
  method: string,
  cacheControl?: string,
  acceptEncoding = '',
): Promise<boolean> {
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(path.resolve(root) + path.sep)) return false;
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) return false;
  const twin = await findEncodedTwin(absolute, acceptEncoding);
  res.statusCode = 200;
  res.setHeader('content-type', CONTENT_TYPES[path.extname(absolute)] ?? 'application/octet-stream');
  res.setHeader('content-length', twin?.size ?? info.size);
  if (twin) res.setHeader('content-encoding', twin.encoding);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', cacheControl ?? (MUTABLE_NAMES.has(path.basename(absolute)) ? 'no-cache' : 'public, max-age=31536000, immutable'));
  // Browser containers load cross-origin when served from a CDN (docs/toolchain.md "Cache headers and CORS for browser containers").
  res.setHeader('access-control-allow-origin', '*');
  if (method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    createReadStream(twin?.file ?? absolute)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
  return true;
}

/** `/static/<app>/<version>/<file>` → the release's browser folder. */
export const STATIC_PATH = /^\/static\/(shell|mf-[a-z]+)\/([0-9A-Za-z.+-]+)\/([0-9A-Za-z._\/-]+)$/;
