import { describe, expect, it } from '@jest/globals';
import { consoleAuthorisationSchema, type ConsolePermission } from '@reelkeep/shared-contracts/console';
import api from './api.ts';
import { grantOwner } from './console-owner.ts';
import { listTestDatabases, PASSWORD, sessionOf, useAccountApi, type AccountApi } from './testing/account-harness.ts';
import { computeTotp } from './testing/totp.ts';

/** Calls an internal console route as the host does (the gateway hides `/internal/` from outside). */
async function callInternal(account: AccountApi, path: string, options: { cookie?: string; body?: unknown } = {}) {
  const route = api.routes.find((candidate) => candidate.path === path)!;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  const request = new Request(`${account.origin}${path}`, {
    method: route.method,
    headers,
    ...(route.method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  const response = await route.handle(request, account.context);
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='));
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookies };
}

const merge = (cookie: string, set: string[]) => {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair] as const),
  );
  for (const pair of set) jar.set(pair.split('=')[0]!, pair);
  return [...jar.values()].join('; ');
};

const VIEW: ConsolePermission = { resource: 'console', action: 'view' };
const SWITCH: ConsolePermission = { resource: 'release', action: 'switch' };
const REFUND: ConsolePermission = { resource: 'order', action: 'refund' };
const CLI = { id: 'cli:test', email: 'operator@host', role: 'owner' as const };

describe.each(listTestDatabases())('the console identity routes on %s', (_kind, open) => {
  const account = useAccountApi(open);
  const authorise = async (cookie: string, permission: ConsolePermission) =>
    consoleAuthorisationSchema.parse((await callInternal(account, '/api/account/internal/console-authorise', { cookie, body: { permission } })).body);

  it('refuses a visitor nobody signed in as, and an account without a role, whatever the permission', async () => {
    expect(await authorise('', VIEW)).toEqual({ allowed: false, reason: 'signed-out' });
    const customer = await account.register('customer@example.com');
    for (const permission of [VIEW, SWITCH, REFUND]) expect(await authorise(customer, permission)).toEqual({ allowed: false, reason: 'forbidden' });
  });

  it('makes the first owner, who must enrol in two-factor sign-in before anything, then signs in with a TOTP code', async () => {
    let session = await account.register('owner@example.com');
    expect(await grantOwner(account.db, 'nobody@example.com', CLI)).toEqual({ outcome: 'no-account' });
    expect(await grantOwner(account.db, 'OWNER@example.com', CLI)).toMatchObject({ outcome: 'granted', before: null });
    expect(await grantOwner(account.db, 'owner@example.com', CLI)).toEqual({ outcome: 'already-owner' });
    expect(await authorise(session, VIEW)).toMatchObject({ allowed: false, reason: 'two-factor-required', actor: { role: 'owner' } });

    expect(
      (await callInternal(account, '/api/account/internal/console-enrol', { cookie: session, body: { password: 'Wrong2026pass' } })).status,
    ).toBe(401);
    const enrolment = await callInternal(account, '/api/account/internal/console-enrol', { cookie: session, body: { password: PASSWORD } });
    expect(enrolment.status).toBe(200);
    const uri = enrolment.body.totpURI as string;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.body.backupCodes).toHaveLength(10);
    session = merge(session, enrolment.cookies);
    // Enrolment is not done until a code from the app proves the key was saved.
    expect(await authorise(session, VIEW)).toMatchObject({ reason: 'two-factor-required' });
    expect((await callInternal(account, '/api/account/internal/console-enrol-confirm', { cookie: session, body: { code: '000000' } })).status).toBe(
      401,
    );
    const confirmed = await callInternal(account, '/api/account/internal/console-enrol-confirm', {
      cookie: session,
      body: { code: computeTotp(uri) },
    });
    expect(confirmed.status).toBe(200);
    session = merge(session, confirmed.cookies);
    expect(await authorise(session, SWITCH)).toMatchObject({ allowed: true, actor: { email: 'owner@example.com', role: 'owner' } });

    // A new sign-in now stops at the code step: no session before the code.
    const signIn = await callInternal(account, '/api/account/internal/console-sign-in', { body: { email: 'owner@example.com', password: PASSWORD } });
    expect(signIn.body).toEqual({ outcome: 'code-required' });
    expect(sessionOf({ status: 200, location: undefined, cookies: signIn.cookies, body: {} })).toBe('');
    const pending = signIn.cookies.join('; ');
    expect((await callInternal(account, '/api/account/internal/console-verify', { cookie: pending, body: { code: '123456' } })).status).toBe(401);
    const verified = await callInternal(account, '/api/account/internal/console-verify', { cookie: pending, body: { code: computeTotp(uri) } });
    expect(verified.status).toBe(200);
    expect(verified.body.actor).toMatchObject({ email: 'owner@example.com', role: 'owner' });
    const fresh = verified.cookies.join('; ');
    expect(await authorise(fresh, VIEW)).toMatchObject({ allowed: true });
    const backup = (enrolment.body.backupCodes as string[])[0]!;
    const again = await callInternal(account, '/api/account/internal/console-sign-in', { body: { email: 'owner@example.com', password: PASSWORD } });
    const byBackup = await callInternal(account, '/api/account/internal/console-verify', {
      cookie: again.cookies.join('; '),
      body: { code: backup },
    });
    expect(byBackup.status).toBe(200);

    // Owners grant roles; each role gets only its permissions; the last owner keeps the role.
    await account.register('support@example.com');
    const granted = await callInternal(account, '/api/account/internal/console-role', { body: { email: 'support@example.com', role: 'support' } });
    expect(granted.body).toMatchObject({ email: 'support@example.com', before: null, after: 'support' });
    expect((await callInternal(account, '/api/account/internal/console-role', { body: { email: 'owner@example.com', role: '' } })).status).toBe(409);
    const people = await callInternal(account, '/api/account/internal/console-people');
    expect(people.body.people).toEqual([
      expect.objectContaining({ email: 'owner@example.com', role: 'owner', twoFactorEnabled: true }),
      expect.objectContaining({ email: 'support@example.com', role: 'support', twoFactorEnabled: false }),
    ]);
  });

  it('lets a support agent refund but not switch a release, once enrolled', async () => {
    const session = sessionOf(
      await account.send('/api/account/login', {
        body: JSON.stringify({ email: 'support@example.com', password: PASSWORD, locale: 'en' }),
        from: account.newAddress(),
      }),
    );
    expect(await authorise(session, REFUND)).toMatchObject({ reason: 'two-factor-required' });
    const enrolment = await callInternal(account, '/api/account/internal/console-enrol', { cookie: session, body: { password: PASSWORD } });
    const cookie = merge(session, enrolment.cookies);
    const confirmed = await callInternal(account, '/api/account/internal/console-enrol-confirm', {
      cookie,
      body: { code: computeTotp(enrolment.body.totpURI as string) },
    });
    const enrolled = merge(cookie, confirmed.cookies);
    expect(await authorise(enrolled, REFUND)).toMatchObject({ allowed: true, actor: { role: 'support' } });
    expect(await authorise(enrolled, SWITCH)).toMatchObject({ allowed: false, reason: 'forbidden', actor: { role: 'support' } });
    // Taking the role away takes effect on the next request.
    await callInternal(account, '/api/account/internal/console-role', { body: { email: 'support@example.com', role: '' } });
    expect(await authorise(enrolled, REFUND)).toEqual({ allowed: false, reason: 'forbidden' });
  });

  it('keeps the console routes internal: from outside they do not exist', async () => {
    for (const route of api.routes.filter((candidate) => candidate.path.includes('/internal/console-')))
      expect((await account.send(route.path, { method: route.method, ...(route.method === 'POST' ? { body: '{}' } : {}) })).status).toBe(404);
  });
});
