import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { startTestGateway } from '@reelkeep/platform/testing/gateway-server';
import landingApi from './api.ts';
import { LANDING_MIGRATIONS_DIR } from './testing/route-caller.ts';

/**
 * The landing forms behind the real gateway (docs/forms.md "Limits"): a body over the route's limit is
 * refused with 413 before it is read, so it never reaches the form, its draft or memory; the largest honest
 * form still goes through.
 */
describe('the gateway in front of the landing forms', () => {
  let db: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    db = await openTestPglite();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await applyMigrations(db, landingApi.squad, LANDING_MIGRATIONS_DIR);
    gateway = await startTestGateway([{ module: landingApi, context: createTestHostContext(db, { module: landingApi }) }]);
  });
  afterAll(async () => {
    await gateway.close();
    await db.close();
  });

  const postForm = (path: string, body: string) =>
    fetch(`${gateway.origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: gateway.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  const countDrafts = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM landing.contact_drafts'))[0]!.n;

  it('refuses a 1 MB contact post with 413, unread, and keeps nothing', async () => {
    const answer = await postForm(
      '/api/landing/contact',
      new URLSearchParams({ name: 'Ana', email: 'ana@example.com', topic: 'other', message: 'x'.repeat(1024 * 1024) }).toString(),
    );
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ cscode: 413, maxBytes: 48 * 1024 });
    expect(await countDrafts()).toBe(0);
  });

  it('lets the largest honest form through: 5,000 characters of Japanese without JavaScript', async () => {
    const body = new URLSearchParams({
      locale: 'ja',
      name: '山'.repeat(100),
      email: `${'a'.repeat(240)}@example.com`,
      topic: 'download',
      message: '日本語'.repeat(1667).slice(0, 5000),
      captcha_token: 't'.repeat(120),
      captcha_answer: '12',
    }).toString();
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
