import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import { applyMigrations } from '@reelkeep/platform/migrations';
import path from 'node:path';
import { CLIENT_IP_HEADER } from '@reelkeep/shared-contracts';
import type { HostContext } from '@reelkeep/platform/host-context';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import siteApi from './api.ts';
import { newsletterRoute as route } from './newsletter.ts';
import type { SiteSettings } from './settings.ts';

let db: Database;
let context: HostContext<SiteSettings>;

beforeAll(async () => {
  db = await openTestPglite();
  await applyMigrations(db, 'site', path.join(import.meta.dirname, 'migrations'));
  context = createTestHostContext(db, { module: siteApi, env: { NEWSLETTER_RATE_LIMIT: '3' } });
});
afterAll(() => db.close());

const post = (body: string, type: string, headers: Record<string, string> = {}) =>
  route.handle(
    new Request('http://localhost/email/report', {
      method: 'POST',
      body,
      headers: { 'content-type': type, [CLIENT_IP_HEADER]: '10.0.0.1', ...headers },
    }),
    context,
  );

describe('POST /email/report', () => {
  it('stores a subscription once, whatever the case of the address', async () => {
    expect(await (await post(JSON.stringify({ email: 'Ana@Example.com', type: 2, locale: 'fr' }), 'application/json')).json()).toEqual({
      cscode: 200,
      status: 'succ',
    });
    expect(
      await (await post(JSON.stringify({ email: 'ana@example.com', type: 2 }), 'application/json', { [CLIENT_IP_HEADER]: '10.0.0.2' })).json(),
    ).toEqual({ cscode: 200, status: 'succ' });
    expect(await db.query('SELECT email_normalized, locale FROM site.newsletter_subscriptions')).toEqual([
      { email_normalized: 'ana@example.com', locale: 'en' },
    ]);
  });

  it('sends a form post back to the page it came from, same-site only', async () => {
    const response = await post('email=&type=2', 'application/x-www-form-urlencoded', {
      referer: 'http://localhost/de/contact?x=1',
      [CLIENT_IP_HEADER]: '10.0.0.3',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/de/contact?x=1&newsletter=required#newsletter');
    const offSite = await post('email=a%40b.co&type=2', 'application/x-www-form-urlencoded', {
      referer: 'https://evil.example/x',
      [CLIENT_IP_HEADER]: '10.0.0.3',
    });
    expect(offSite.headers.get('location')).toBe('/?newsletter=succ#newsletter');
  });

  it('refuses a wrong type and a malformed address, and limits the rate per address', async () => {
    const ip = { [CLIENT_IP_HEADER]: '10.0.0.9' };
    expect((await post(JSON.stringify({ email: 'a@b.co', type: 1 }), 'application/json', ip)).status).toBe(400);
    expect(await (await post(JSON.stringify({ email: 'a@b', type: 2 }), 'application/json', ip)).json()).toEqual({ cscode: 400, status: 'format' });
    await post(JSON.stringify({ email: 'a@b.co', type: 2 }), 'application/json', ip);
    const limited = await post(JSON.stringify({ email: 'a@b.co', type: 2 }), 'application/json', ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('600');
  });
});
