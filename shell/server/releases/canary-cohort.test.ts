import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { isInCanary } from '@reelkeep/platform/canary';
import { createCohortResolver } from './canary-cohort.ts';
import type { ReleaseSnapshot } from './release-snapshot.ts';

const canary = { app: 'mf-landing', version: 'next', percent: 50 };
const stable = { cohort: '-' } as ReleaseSnapshot;
const ofCanary = { cohort: 'mf-landing@next' } as ReleaseSnapshot;
const resolve = createCohortResolver({
  releases: {
    current: () => stable,
    canaries: () => [canary],
    forCohort: async (pins) => (pins.includes('mf-landing@next') ? ofCanary : stable),
  },
  secure: true,
});
const request = (cookie?: string, method = 'GET') => ({ method, headers: cookie ? { cookie } : {} }) as IncomingMessage;
const seedIn = (inside: boolean) => {
  for (let index = 0; ; index += 1) {
    const seed = `unitseed${String(index).padStart(8, '0')}`;
    if (isInCanary(seed, canary) === inside) return seed;
  }
};

describe('the cohort of a request', () => {
  it('gives a new visitor a cohort at a page, in a cookie only the server reads, and serves the page with it', async () => {
    const answer = await resolve(request(), '/fr/store');
    expect(answer.setCookie).toMatch(/^rk_cohort=[\w-]{16}\.(?:-|mf-landing@next); Path=\/; Max-Age=604800; HttpOnly; Secure; SameSite=Lax$/);
    expect(answer.snapshot).toBe(answer.setCookie!.includes('@next') ? ofCanary : stable);
  });

  it.each(['/api/landing/x', '/_data/fr/store', '/static/shell/1/main.js', '/_beacon/release-health', '/favicon.ico'])(
    'sets no cookie at %s',
    async (pathname) => {
      expect((await resolve(request(), pathname)).setCookie).toBeUndefined();
    },
  );

  it("keeps a visitor's cohort for pages and API calls alike, without setting the cookie again", async () => {
    const cookie = `rk_cohort=${seedIn(true)}.mf-landing@next`;
    expect(await resolve(request(cookie), '/fr/store')).toEqual({ snapshot: ofCanary });
    expect(await resolve(request(cookie, 'POST'), '/api/landing/contact')).toEqual({ snapshot: ofCanary });
    const other = `rk_cohort=${seedIn(false)}.-`;
    expect(await resolve(request(other), '/fr/store')).toEqual({ snapshot: stable });
  });

  it('rewrites a cookie naming pins its seed does not get (a forged one, an ended canary)', async () => {
    const seed = seedIn(false);
    const answer = await resolve(request(`rk_cohort=${seed}.mf-landing@next`), '/fr/store');
    expect(answer.snapshot).toBe(stable);
    expect(answer.setCookie).toContain(`rk_cohort=${seed}.-;`);
  });
});
