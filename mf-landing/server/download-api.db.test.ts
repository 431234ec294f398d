import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { HostContext } from '@reelkeep/platform/host-context';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import api from './api.ts';
import type { LandingSettings } from './settings.ts';
import { listTestDatabases, makeRouteCaller, openFreshDatabase } from './testing/route-caller.ts';

describe.each(listTestDatabases())('landing downloads on %s', (_kind, open) => {
  let db: Database;
  let closeDatabase: () => Promise<void>;
  let context: HostContext<LandingSettings>;
  let call: ReturnType<typeof makeRouteCaller>;

  beforeAll(async () => {
    ({ db, close: closeDatabase } = await openFreshDatabase(open));
    context = createTestHostContext(db, { module: api });
    call = makeRouteCaller(api.routes, context);
  });
  afterAll(() => closeDatabase());

  describe('input at the edge (docs/security.md "Input")', () => {
    it.each(['abc', '-5', '1.5', '99999999999', '1e3', '%00', ''])('product info: product_id %j is 400', async (id) => {
      expect(await call('GET', `/product/info?product_id=${id}`)).toMatchObject({
        status: 400,
        body: { cscode: 400, msg: 'product_id must be a number' },
      });
    });

    it.each(['%00', '%1b', 'x'.repeat(101), ''])('download link: p %j is 400', async (installer) => {
      expect(await call('GET', `/mlink?p=${installer}`)).toMatchObject({ status: 400, body: { cscode: 400 } });
    });

    it('download link: a file that is no installer is 404, an installer a 302', async () => {
      expect((await call('GET', '/mlink?p=../../etc/passwd')).status).toBe(404);
      expect(await call('GET', '/mlink?p=reelkeep-setup.exe')).toMatchObject({
        status: 302,
        location: 'https://download.reelkeep.com/reelkeep-setup.exe',
      });
    });
  });

  describe('/mlink reports (docs/security.md "Reports anyone can send")', () => {
    const countReports = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM landing.download_reports'))[0]!.n;

    it('stores at most DOWNLOAD_REPORT_RATE_LIMIT reports per address, and every visit still gets its download', async () => {
      const limit = 10; // DOWNLOAD_REPORT_RATE_LIMIT's default
      const before = await countReports();
      // Other installers and other browsers from the same address count together.
      const installers = Array.from({ length: limit * 3 }, (_, i) => (i % 2 ? 'reelkeep.dmg' : 'reelkeep-netflix-setup.exe'));
      const answers = await Promise.all(
        installers.map((installer, i) => call('GET', `/mlink?p=${installer}`, { ip: '198.51.100.40', headers: { 'user-agent': `bot ${i}` } })),
      );
      expect(answers.map((answer) => [answer.status, answer.location])).toEqual(
        installers.map((installer) => [302, `https://download.reelkeep.com/${installer}`]),
      );
      expect((await countReports()) - before).toBe(limit);

      // Another address is counted on its own.
      expect((await call('GET', '/mlink?p=reelkeep-setup.exe', { ip: '198.51.100.41' })).status).toBe(302);
      expect((await countReports()) - before).toBe(limit + 1);
    });
  });

  describe('spec: download report carries app id, package name and install data', () => {
    it.each([
      ['reelkeep-setup.exe', { product_id: 1001, os: 'win', app_id: 'aio-win', package_name: 'com.reelkeep.aio.win' }],
      ['reelkeep.dmg', { product_id: 1001, os: 'mac', app_id: 'aio-mac', package_name: 'com.reelkeep.aio.mac' }],
      ['reelkeep-netflix-setup.exe', { product_id: 1101, os: 'win', app_id: 'netflix-win', package_name: 'com.reelkeep.netflix.win' }],
    ])('%s: installer, product id, app id, package name, download and target URLs', async (installer, expected) => {
      const ip = `198.51.100.${60 + installer.length}`;
      await call('GET', `/mlink?p=${installer}&email=someone%40example.com`, { ip });
      const [row] = await db.query<Record<string, unknown>>(
        'SELECT installer, product_id, os, app_id, package_name, download_url, target_url FROM landing.download_reports WHERE installer = $1 ORDER BY id DESC LIMIT 1',
        [installer],
      );
      expect(row).toEqual({
        installer,
        ...expected,
        // Only `p` is kept of the link: whatever else it carried is not stored.
        download_url: `/mlink?p=${installer}`,
        target_url: `https://download.reelkeep.com/${installer}`,
      });
    });
  });

  describe('/product/info (docs/routing.md "Server paths")', () => {
    it.each([
      [1001, 'ReelKeep'],
      [10721, 'ReelKeep'],
      [10781, 'ReelKeep'],
      [1101, 'ReelKeep Netflix Downloader'],
    ])('answers %d with its product', async (productId, name) => {
      expect(await call('GET', `/product/info?product_id=${productId}`)).toMatchObject({
        status: 200,
        body: { cscode: 200, data: { product_id: productId, name, soft_version: expect.any(String) } },
      });
    });

    it('gives the all-in-one app’s versions for its option ids', async () => {
      const product = (await call('GET', '/product/info?product_id=1001')).body!.data as Record<string, unknown>;
      const mac = (await call('GET', '/product/info?product_id=10781')).body!.data as Record<string, unknown>;
      const win = (await call('GET', '/product/info?product_id=10721')).body!.data as Record<string, unknown>;
      expect(win).toEqual({ ...product, product_id: 10721 });
      // The Mac app asks with the Mac option id and reads soft_version: its own build's version.
      expect(mac).toEqual({ ...product, product_id: 10781, soft_version: product.soft_version_mac });
    });

    it.each([999, 10722, 1072])('answers 404 for %d', async (productId) => {
      expect((await call('GET', `/product/info?product_id=${productId}`)).status).toBe(404);
    });
  });
});
