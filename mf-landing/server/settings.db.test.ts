import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import api from './api.ts';
import { landingSettings } from './settings.ts';
import { makeRouteCaller, openFreshDatabase } from './testing/route-caller.ts';

describe('landing settings (docs/configuration.md "Configuration")', () => {
  it('defaults to the whole catalogue, the public download host and 10 download reports per address', () => {
    expect(landingSettings.parse({})).toEqual({
      CATALOGUE_ADULT_ENABLED: true,
      DOWNLOAD_BASE_URL: 'https://download.reelkeep.com/',
      DOWNLOAD_REPORT_RATE_LIMIT: 10,
    });
  });

  it.each([
    [{ CATALOGUE_ADULT_ENABLED: 'false' }, { CATALOGUE_ADULT_ENABLED: false }],
    [{ CATALOGUE_ADULT_ENABLED: 'true' }, { CATALOGUE_ADULT_ENABLED: true }],
    [{ DOWNLOAD_BASE_URL: 'https://mirror.example/dl/' }, { DOWNLOAD_BASE_URL: 'https://mirror.example/dl/' }],
  ])('reads %j', (env, expected) => {
    expect(landingSettings.parse(env)).toMatchObject(expected);
  });

  it.each([{ CATALOGUE_ADULT_ENABLED: 'yes' }, { CATALOGUE_ADULT_ENABLED: '0' }, { DOWNLOAD_BASE_URL: 'download.reelkeep.com' }])(
    'refuses %j',
    (env) => {
      expect(landingSettings.safeParse(env).success).toBe(false);
    },
  );
});

describe('the landing API with its settings', () => {
  let db: Database;
  let closeDatabase: () => Promise<void>;
  let call: ReturnType<typeof makeRouteCaller>;

  beforeAll(async () => {
    ({ db, close: closeDatabase } = await openFreshDatabase(openTestPglite));
    call = makeRouteCaller(
      api.routes,
      createTestHostContext(db, { module: api, env: { CATALOGUE_ADULT_ENABLED: 'false', DOWNLOAD_BASE_URL: 'https://mirror.example/dl/' } }),
    );
  });
  afterAll(() => closeDatabase());

  it('leaves the adult group out of the catalogue, the category list and the category cookie when it is off', async () => {
    expect((await call('GET', '/api/landing/catalogue')).body).toMatchObject({ adultPage: null });
    expect(((await call('GET', '/category/list')).body!.data as { uid: string }[]).map((category) => category.uid)).toEqual(['hot', 'tv', 'anime']);
    expect((await call('GET', '/cookie_set?review_category_page_new=adult')).status).toBe(400);
  });

  it('sends downloads to the configured host', async () => {
    expect(await call('GET', '/mlink?p=reelkeep-setup.exe')).toMatchObject({ status: 302, location: 'https://mirror.example/dl/reelkeep-setup.exe' });
  });
});
