/**
 * The spec's request cache (docs/api.md "Answer cache"): answers of other parts' APIs a server keeps for a while,
 * so a page does not ask the same thing on every render. Only an answer that says it succeeded is kept: `cscode`,
 * `code` or `result` 200. A failure, an error code or a body that is not JSON is never kept, so the next call asks
 * again. Keys are chosen by the caller and must never hold anything personal (no cookie, no e-mail): what is
 * kept is served to every visitor.
 */

/** Whether an API answer may be kept: a JSON object whose `cscode`, `code` or `result` is 200. */
export function isCacheableAnswer(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { cscode, code, result } = body as Record<string, unknown>;
  return cscode === 200 || code === 200 || result === 200;
}

/** A cache of API answers by key; see {@link createAnswerCache}. */
export interface AnswerCache {
  /**
   * The answer kept under `key` while it is fresh; else `load`'s, kept when {@link isCacheableAnswer} says so.
   * Calls for the same key while one is loading share its load. A load that throws passes the error on and keeps nothing.
   */
  read(key: string, load: () => Promise<unknown>): Promise<unknown>;
  /** Forgets every answer (a release switch, a test). */
  clear(): void;
}

/**
 * A small in-process cache of API answers, `ttlMs` each, at most `maxEntries` (the oldest written goes first). Per
 * loaded version of the code that makes it, like the rest of a squad's state (docs/releases.md).
 */
export function createAnswerCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): AnswerCache {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { body: unknown; until: number }>();
  const loading = new Map<string, Promise<unknown>>();

  async function loadAndKeep(key: string, load: () => Promise<unknown>): Promise<unknown> {
    try {
      const body = await load();
      if (isCacheableAnswer(body)) {
        kept.delete(key);
        kept.set(key, { body, until: now() + options.ttlMs });
        while (kept.size > options.maxEntries) kept.delete(kept.keys().next().value!);
      }
      return body;
    } finally {
      loading.delete(key);
    }
  }

  return {
    read(key, load) {
      const entry = kept.get(key);
      if (entry && entry.until > now()) return Promise.resolve(entry.body);
      if (entry) kept.delete(key);
      let pending = loading.get(key);
      if (!pending) {
        pending = loadAndKeep(key, load);
        loading.set(key, pending);
      }
      return pending;
    },
    clear() {
      kept.clear();
    },
  };
}
