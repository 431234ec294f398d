import type { ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import type { Config } from '@reelkeep/platform/config';
import type { Logger } from '@reelkeep/platform/logger';
import { createSecurityHeaderWriter } from '../http/security-headers.ts';
import { describeEdgeVariant, PAGE_VARIANT_HEADER } from '../page-cache/edge-variant.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import type { PageCacheEntry } from '../page-cache/page-cache-store.ts';
import {
  buildCacheControl,
  computeEntityTag,
  decideStorable,
  matchesIfNoneMatch,
  mergeVary,
  type CacheDecision,
} from '../page-cache/page-cache-rules.ts';
import { namesOnlyLiveReleases, tagEntry, toKeyTag } from '../page-cache/page-cache-tags.ts';
import { listLiveVersions } from '../releases/release-snapshot.ts';
import type { PageRequest } from './page-request.ts';
import { readVary, sendEntryBody } from './response-body.ts';

/** A render's result as the cache sees it: what it read, what it made, its status. */
interface RenderedForCache {
  kind: PageCacheEntry['kind'];
  body: string;
  status: number;
  nonce: string;
  /** Whether an API answer the render read was for one visitor or one use only. */
  readPrivateAnswer: boolean;
  dataTags: Iterable<string>;
}

/** The page cache as the document and data responders use it: entries made, checked, kept and sent the same way. */
export function createCacheEntries(deps: {
  config: Config;
  cache: PageCache;
  logger: Logger;
  /** The version of each app live now (an entry of the live cohort must name only these). */
  liveVersions: () => Partial<Record<string, string>>;
}) {
  const { config, cache } = deps;
  const { renonce } = createSecurityHeaderWriter(config);

  return {
    /** Marks an answer that went past the cache (`x-cache: BYPASS`), counted and logged with its reason. */
    markBypass(res: ServerResponse, reason: string): void {
      res.setHeader('x-cache', 'BYPASS');
      cache.countBypass();
      deps.logger.debug('page cache bypassed', { reason });
    },

    /**
     * Whether an entry may be served to a page request: it names only the versions live now, or those of the
     * request's canary cohort (docs/releases.md "Canary"); a client navigation's, those its snapshot is pinned to.
     */
    isLiveFor(page: PageRequest, pinned = false): (entry: PageCacheEntry) => boolean {
      const versions = page.snapshot.cohort === '-' && !pinned ? deps.liveVersions() : listLiveVersions(page.snapshot);
      return (entry) => namesOnlyLiveReleases(entry.tags, versions);
    },

    /** The entry a render makes, or null when it may not be kept (docs/operations.md "Page cache"). */
    toEntry(page: PageRequest, decision: Extract<CacheDecision, { kind: 'cacheable' }>, rendered: RenderedForCache): PageCacheEntry | null {
      const verdict = decideStorable({
        status: rendered.status,
        readPrivateAnswer: rendered.readPrivateAnswer,
        bytes: Buffer.byteLength(rendered.body),
        maxBytes: config.PAGE_CACHE_MAX_BYTES,
      });
      if (!verdict.store) {
        deps.logger.debug('page not cached', { key: decision.key, reason: verdict.reason });
        return null;
      }
      const tags = tagEntry({
        kind: rendered.kind,
        body: rendered.body,
        remote: decision.remote,
        frameDataApps: page.shell.bundle.frameDataApps,
        versions: listLiveVersions(page.snapshot),
        dataTags: [...rendered.dataTags],
        pagePath: new URL(decision.renderPath, config.SITE_URL).pathname,
      });
      const { kind, body, nonce } = rendered;
      return { key: decision.key, kind, body, etag: computeEntityTag(body), nonce, tags, storedAt: Date.now() };
    },

    /** Sends a stored entry: the same bytes, ETag and nonce for every hit; 304 when the client has them. */
    async send(page: PageRequest, res: ServerResponse, entry: PageCacheEntry, served: string): Promise<void> {
      const { req } = page;
      res.statusCode = 200;
      res.setHeader('x-cache', served);
      if (entry.kind === 'data') {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        return void res.end(entry.body);
      }
      // The page's scripts carry the nonce of the render that made it: the CSP names that one (docs/operations.md "Page cache").
      renonce(res, entry.nonce, page.snapshot.browserOrigins);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', buildCacheControl(true, cache.ttlS, cache.staleS));
      res.setHeader('vary', mergeVary(readVary(res), 'Accept-Encoding', 'Cookie', 'User-Agent'));
      res.setHeader('etag', entry.etag);
      // docs/operations.md "Varnish in front": the tags an edge purges by, and the variant this page was keyed by
      // (the edge keeps it only when its own description of the request is the same).
      res.setHeader('surrogate-key', [...entry.tags, toKeyTag(entry.key)].join(' '));
      res.setHeader(PAGE_VARIANT_HEADER, describeEdgeVariant(req.headers));
      if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
        res.statusCode = 304;
        return void res.end();
      }
      sendEntryBody(req, res, entry);
      await finished(res).catch(() => undefined);
    },
  };
}

/** The cache entries of a page renderer. */
export type CacheEntries = ReturnType<typeof createCacheEntries>;
