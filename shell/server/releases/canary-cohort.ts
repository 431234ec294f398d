import type { IncomingMessage } from 'node:http';
import { COHORT_COOKIE, COHORT_COOKIE_MAX_AGE_S, decideCohort } from '@reelkeep/platform/canary';
import { readCookie, serialiseCookie } from '@reelkeep/shared-contracts';
import type { ReleaseSnapshot } from './release-snapshot.ts';
import type { ReleaseWatcher } from './release-watcher.ts';

/** Paths that are never a page: a visitor's cohort is assigned at a page, never at a file, an API call or a beacon. */
const NOT_A_PAGE = /^\/(?:api|_data|_beacon|static|assets|locales|admin|console|webpush)\/|^\/[^/]*\.[a-z0-9]+$/;

/**
 * docs/releases.md "Canary": the snapshot a request is served with, by the visitor's cohort (the `rk_cohort`
 * cookie), and the cookie to set when the visitor has none yet (a page, while a canary runs) or theirs names other
 * canaries than they get now (a step, a rollback). Pages, client navigations and API calls of one visitor use the
 * same cohort, on every instance, since the cookie carries the seed every instance hashes the same way.
 */
export function createCohortResolver(deps: { releases: Pick<ReleaseWatcher, 'current' | 'canaries' | 'forCohort'>; secure: boolean }) {
  return async (req: IncomingMessage, pathname: string): Promise<{ snapshot: ReleaseSnapshot; setCookie?: string }> => {
    const method = req.method ?? 'GET';
    const assign = (method === 'GET' || method === 'HEAD') && !NOT_A_PAGE.test(pathname);
    const decision = decideCohort(readCookie(req.headers.cookie, COHORT_COOKIE), deps.releases.canaries(), { assign });
    const snapshot = decision.pins.length > 0 ? await deps.releases.forCohort(decision.pins) : deps.releases.current();
    if (!decision.setValue) return { snapshot };
    return {
      snapshot,
      setCookie: serialiseCookie(COHORT_COOKIE, decision.setValue, { maxAgeS: COHORT_COOKIE_MAX_AGE_S, httpOnly: true, secure: deps.secure }),
    };
  };
}
