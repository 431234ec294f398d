import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, type Database } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { createTestPluginContext } from '@reelkeep/platform/testing/plugin-context';
import { plugin as landingPlugin } from '@reelkeep/mf-landing/server';
import { mountSquadApis } from './squad-apis.ts';

const SITE_URL = 'http://127.0.0.1:3000';

/**
 * The landing forms behind the real gateway (docs/forms.md "Limits"): a body over the route's limit is
 * refused with 413 before it is read, so it never reaches the form, its draft or memory; the largest honest
 * form still goes through.
 */
describe('the gateway in front of the landing forms', () => {
  let db: Database;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    db = await openDatabase({ pgliteDir: 'memory://' });
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await applyMigrations(db, landingPlugin.squad, landingPlugin.migrationsDir);
    const { fetchApi: _unused, ...context } = createTestPluginContext(db, { env: { SITE_URL } });
    const apis = mountSquadApis([landingPlugin], context.config, context);
    server = createServer((req, res) => {
      void apis.handle(req, res, new URL(req.url ?? '/', SITE_URL)).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  });

  const postForm = (path: string, body: string) =>
    fetch(`${base}${path}`, { method: 'POST', redirect: 'manual', headers: { origin: SITE_URL, 'content-type': 'application/x-www-form-urlencoded' }, body });
  const countDrafts = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM landing.contact_drafts'))[0]!.n;

  it('refuses a 1 MB contact post with 413, unread, and keeps nothing', async () => {
    const answer = await postForm('/api/landing/contact', new URLSearchParams({ name: 'Ana', email: 'ana@example.com', topic: 'other', message: 'x'.repeat(1024 * 1024) }).toString());
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ cscode: 413, maxBytes: 48 * 1024 });
    expect(await countDrafts()).toBe(0);
  });

  it('lets the largest honest form through: 5,000 characters of Japanese without JavaScript', async () => {
    const body = new URLSearchParams({ locale: 'ja', name: '山'.repeat(100), email: `${'a'.repeat(240)}@example.com`, topic: 'download', message: '日本語'.repeat(1667).slice(0, 5000), captcha_token: 't'.repeat(120), captcha_answer: '12' }).toString();
    expect(body.length).toBeGreaterThan(45_000);
    const answer = await postForm('/api/landing/contact', body);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/ja\/contact\?draft=/);
    expect(await countDrafts()).toBe(1);
  });

  it('refuses a 1 MB uninstall post with 413', async () => {
    expect((await postForm('/api/landing/uninstall-feedback', `reason=other&comment=${'x'.repeat(1024 * 1024)}`)).status).toBe(413);
  });
});
