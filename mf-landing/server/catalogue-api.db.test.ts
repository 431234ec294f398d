import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { HostContext } from '@reelkeep/platform/host-context';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import api from './api.ts';
import type { LandingSettings } from './settings.ts';
import { makeRouteCaller } from './testing/route-caller.ts';

// These routes read no table: one PGlite serves the host context, on no second database.
describe('landing catalogue', () => {
  let db: Database;
  let context: HostContext<LandingSettings>;
  let call: ReturnType<typeof makeRouteCaller>;

  beforeAll(async () => {
    db = await openTestPglite();
    context = createTestHostContext(db, { module: api });
    call = makeRouteCaller(api.routes, context);
  });
  afterAll(() => db.close());

  describe('/api/landing/catalogue', () => {
    it('answers whatever else the query holds', async () => {
      expect((await call('GET', '/api/landing/catalogue?v=123')).status).toBe(200);
    });
  });

  describe('/category/list (docs/routing.md "Server paths")', () => {
    it('lists the catalogue groups with their services, in any language', async () => {
      const answer = await call('GET', '/category/list?language=fr&origin_url=https%3A%2F%2Freelkeep.com%2Ffr');
      expect(answer.status).toBe(200);
      const data = answer.body!.data as { uid: string; children: { uid: string }[] }[];
      expect(answer.body!.cscode).toBe(200);
      expect(data.map((category) => category.uid)).toEqual(['hot', 'tv', 'anime', 'adult']);
      expect(data[0]!.children).toContainEqual({ uid: 'netflix' });
      for (const category of data) for (const child of category.children) expect(Object.keys(child)).toEqual(['uid']);
      expect((await call('GET', '/category/list?language=xx')).body).toEqual(answer.body);
    });

    it('refuses control characters in the address', async () => {
      expect(await call('GET', '/category/list?origin_url=a%00b')).toMatchObject({
        status: 400,
        body: { cscode: 400, problems: { origin_url: 'invalid' } },
      });
    });
  });
});
