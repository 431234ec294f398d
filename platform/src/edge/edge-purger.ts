import type { Logger } from '../logger.ts';

/** A tag an edge may be asked to purge: the host's release, data and key tags (`mf-blog@0.1.0-ab12`, `locales`, `key:3f…`). */
const PURGEABLE_TAG = /^[0-9A-Za-z._@+:-]{1,200}$/;

/** Waits between the attempts of one purge (3 attempts): an edge restarting is back within a second or two. */
export const EDGE_PURGE_RETRY_DELAYS_MS: readonly number[] = [250, 1000];
/** How long one purge request may take. */
const EDGE_PURGE_TIMEOUT_MS = 3000;

/** What a purge did on the edges. */
export interface EdgePurgeOutcome {
  /** Edges that confirmed it. */
  confirmed: number;
  /** Edges that still refused or could not be reached after every attempt. */
  failed: number;
}

/**
 * Purges the edge caches in front of the instances (docs/operations.md "Varnish in front"): `PURGE` with the tags in
 * `xkey-purge` (Varnish's xkey vmod drops every object carrying one), or `BAN` to drop everything. A purge is
 * idempotent, so it is sent to every edge, retried when an edge does not confirm it, and may be sent again by every
 * instance that sees the same change.
 */
export function createEdgePurger(options: {
  urls: readonly string[];
  logger: Logger;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}) {
  const { urls, logger } = options;
  const send = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? EDGE_PURGE_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** One request to one edge, with its attempts; whether the edge confirmed it. */
  async function deliver(url: string, method: 'PURGE' | 'BAN', headers: Record<string, string>): Promise<boolean> {
    let problem = '';
    for (let attempt = 0; attempt <= delays.length; attempt += 1) {
      if (attempt > 0) await sleep(delays[attempt - 1]!);
      try {
        const response = await send(url, { method, headers, signal: AbortSignal.timeout(EDGE_PURGE_TIMEOUT_MS) });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return true;
        problem = `status ${response.status}`;
        // A refusal (403: this instance is not in the edge's purgers ACL) does not change with a retry.
        if (response.status < 500) break;
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    logger.warn('edge purge failed', { edge: url, method, ...headers, problem });
    return false;
  }

  async function broadcast(method: 'PURGE' | 'BAN', headers: Record<string, string>): Promise<EdgePurgeOutcome> {
    const results = await Promise.all(urls.map((url) => deliver(url, method, headers)));
    return { confirmed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length };
  }

  return {
    /** Whether any edge is configured. */
    enabled: urls.length > 0,
    /** How many edges are configured. */
    count: urls.length,

    /** Drops, on every edge, the objects carrying any of the tags (`soft`: kept as stale, served while refetched). */
    async purgeTags(tags: readonly string[], purge: { soft?: boolean } = {}): Promise<EdgePurgeOutcome> {
      const valid = [...new Set(tags)].filter((tag) => PURGEABLE_TAG.test(tag));
      if (urls.length === 0 || valid.length === 0) return { confirmed: 0, failed: 0 };
      return broadcast('PURGE', { 'xkey-purge': valid.join(' '), ...(purge.soft ? { 'xkey-soft': '1' } : {}) });
    },

    /** Drops every object on every edge. */
    async reset(): Promise<EdgePurgeOutcome> {
      if (urls.length === 0) return { confirmed: 0, failed: 0 };
      return broadcast('BAN', {});
    },
  };
}

/** The edge caches an instance purges. */
export type EdgePurger = ReturnType<typeof createEdgePurger>;
