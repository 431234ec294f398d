import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { createLogger } from '@reelkeep/platform/logger';
import type { Database } from '@reelkeep/platform/db';
import {
  defineConsoleAction,
  defineConsolePage,
  type ConsoleActor,
  type ConsoleAuthorisation,
  type ConsoleModule,
} from '@reelkeep/shared-contracts/console';
import { matchSquadSectionPath, resolveSectionRedirect, type SquadConsole } from './console-sections.ts';
import { createTestLimits, readAskedPermission, startConsoleHarness, TEST_SITE, type ConsoleHarness } from './testing/console-harness.ts';

const support: ConsoleActor = { id: 'u1', email: 'agent@example.com', role: 'support' };

describe('a squad section behind the host', () => {
  let harness: ConsoleHarness;
  let decide: (permission: string) => ConsoleAuthorisation;
  let consoles: SquadConsole[];
  let loads = 0;
  const ran: string[] = [];
  const audited: unknown[][] = [];
  const errors: string[] = [];

  const module: ConsoleModule = {
    contractVersion: '3.3.0',
    sections: [
      {
        id: 'orders',
        labelKey: 'nav',
        namespaces: ['orders_ns'],
        pages: [
          defineConsolePage({
            path: '',
            permission: { resource: 'order', action: 'read' },
            query: z.object({ q: z.string().max(5).optional() }),
            render: async (context, query) => {
              ran.push(`render ${query.q ?? ''}`);
              return { kind: 'page', title: context.t('title'), body: createElement('p', null, `<q> ${context.actor.email} ${context.basePath}`) };
            },
          }),
          defineConsolePage({
            path: 'export',
            permission: { resource: 'order', action: 'read' },
            query: z.object({ name: z.string().max(80).default('orders.csv') }),
            render: async (_context, query) => ({ kind: 'download', filename: query.name, contentType: 'text/csv', body: '"a","b"\r\n' }),
          }),
          defineConsolePage({
            path: 'broken',
            permission: { resource: 'order', action: 'read' },
            query: z.object({}),
            render: async () => {
              throw new Error('the section broke');
            },
          }),
        ],
        actions: [
          defineConsoleAction({
            path: 'refund',
            permission: { resource: 'order', action: 'refund' },
            input: z.object({ order: z.string().regex(/^\d+$/), confirm: z.literal('yes') }),
            handle: async (context, input) => {
              ran.push(`refund ${input.order}`);
              await context.audit({
                action: 'order.refund',
                target: `order:${input.order}`,
                before: { status: 'paid' },
                after: { status: 'refunded' },
              });
              return { kind: 'redirect', to: `order?id=${input.order}&done=refunded` };
            },
          }),
          defineConsoleAction({
            path: 'silent',
            permission: { resource: 'order', action: 'resend' },
            input: z.object({}),
            handle: async () => ({ kind: 'redirect', to: '' }),
          }),
          defineConsoleAction({
            path: 'escape',
            permission: { resource: 'order', action: 'resend' },
            input: z.object({}),
            handle: async () => ({ kind: 'redirect', to: '//evil.example/x' }),
          }),
        ],
      },
    ],
  };

  beforeAll(async () => {
    const db = { query: async (sql: string, params: unknown[]) => (sql.includes('INSERT') ? (audited.push(params), []) : []) } as unknown as Database;
    const logger = createLogger('error');
    logger.error = (message: string, fields?: Record<string, unknown>) => void errors.push(`${message} ${JSON.stringify(fields)}`);
    harness = await startConsoleHarness({
      db,
      logger,
      fetchApi: async (_path, init) => new Response(JSON.stringify(decide(readAskedPermission(init))), { status: 200 }),
      loadTexts: async (_locale, namespaces = []) => ({
        console: { problems: { sectionUnavailable: 'SECTION UNAVAILABLE', invalidInput: 'BAD INPUT' }, sections: { mailbox: 'Mailbox' } },
        ...Object.fromEntries(namespaces.map((namespace) => [namespace, { nav: 'Orders and licences', title: 'Orders' }])),
      }),
      limits: createTestLimits(2),
      sections: {
        load: async () => {
          loads++;
          return consoles;
        },
        render: async (body: ReactNode) => renderToStaticMarkup(createElement('div', null, body)),
      },
    });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    consoles = [
      { squad: 'checkout', app: 'mf-checkout', version: '2.0.0', module },
      { squad: 'blog', app: 'mf-blog', version: '1.0.0', error: 'no ./console' },
    ];
    ran.length = 0;
    audited.length = 0;
    errors.length = 0;
    loads = 0;
    decide = (permission) =>
      permission === 'order:read' || permission === 'console:view'
        ? { allowed: true, actor: support }
        : { allowed: false, reason: 'forbidden', actor: support };
  });

  const send = (method: string, path: string, body = '', origin: string | null = TEST_SITE) =>
    harness.send(method, path, { body, headers: { ...(origin ? { origin } : {}), cookie: 'rk.session_token=x' } });

  it("renders the section's page inside the frame, escaped, with its navigation entry for the role", async () => {
    const answer = await send('GET', '/console/checkout/orders?q=abc');
    expect(answer.status).toBe(200);
    expect(ran).toEqual(['render abc']);
    expect(answer.text).toContain('&lt;q&gt; agent@example.com /console/checkout/orders');
    expect(answer.text).toContain('<a href="/console/checkout/orders"  aria-current="page">Orders and licences</a>');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('lets only a section that frames its previews (the campaigns) frame this origin', async () => {
    expect((await send('GET', '/console/checkout/orders')).headers['content-security-policy']).not.toContain('frame-src');
    consoles.push({
      squad: 'campaign',
      app: 'mf-campaign',
      version: '3.0.0',
      module: { contractVersion: '3.3.0', sections: [{ ...module.sections[0]!, id: 'campaigns', actions: [] }] },
    });
    const campaigns = await send('GET', '/console/campaign/campaigns');
    expect(campaigns.status).toBe(200);
    expect(campaigns.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(campaigns.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('shows the section in the navigation of the shell pages only to a role that may read it', async () => {
    decide = () => ({ allowed: true, actor: support });
    expect((await send('GET', '/console/mailbox')).text).toContain('href="/console/checkout/orders"');
    const releaseManager: ConsoleActor = { id: 'u2', email: 'rm@example.com', role: 'release-manager' };
    decide = () => ({ allowed: true, actor: releaseManager });
    expect((await send('GET', '/console/mailbox')).text).not.toContain('/console/checkout/orders');
  });

  it('refuses a page or an action the role lacks before the section runs, and records nothing', async () => {
    decide = () => ({ allowed: false, reason: 'forbidden', actor: support });
    expect((await send('GET', '/console/checkout/orders')).status).toBe(403);
    expect((await send('POST', '/console/checkout/orders/refund', 'order=7&confirm=yes')).status).toBe(403);
    decide = () => ({ allowed: false, reason: 'signed-out' });
    expect((await send('POST', '/console/checkout/orders/refund', 'order=7&confirm=yes')).status).toBe(401);
    expect(await send('GET', '/console/checkout/orders')).toMatchObject({ status: 303, headers: { location: '/console/sign-in' } });
    expect(ran).toEqual([]);
    expect(audited).toEqual([]);
  });

  it('refuses an action from another origin before loading any section', async () => {
    decide = () => ({ allowed: true, actor: support });
    expect((await send('POST', '/console/checkout/orders/refund', 'order=7&confirm=yes', 'http://evil.example')).status).toBe(403);
    expect((await send('POST', '/console/checkout/orders/refund', 'order=7&confirm=yes', null)).status).toBe(403);
    expect(loads).toBe(0);
    expect(ran).toEqual([]);
  });

  it("hands the section only input its schema parsed: anything else is the host's 400", async () => {
    decide = () => ({ allowed: true, actor: support });
    expect((await send('POST', '/console/checkout/orders/refund', 'order=7')).status).toBe(400);
    expect((await send('POST', '/console/checkout/orders/refund', 'order=x&confirm=yes')).status).toBe(400);
    expect((await send('GET', '/console/checkout/orders?q=toolong')).status).toBe(400);
    expect(ran).toEqual([]);
  });

  it('runs an allowed action, writes its audit entry with the actor, and redirects inside the section', async () => {
    decide = () => ({ allowed: true, actor: support });
    const answer = await send('POST', '/console/checkout/orders/refund', 'order=7&confirm=yes');
    expect(answer).toMatchObject({ status: 303, headers: { location: '/console/checkout/orders/order?id=7&done=refunded' } });
    expect(ran).toEqual(['refund 7']);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toEqual(expect.arrayContaining(['u1', 'agent@example.com', 'support', 'order.refund', 'order:7']));
  });

  it('records an action the section did not record itself, and refuses a redirect out of the section', async () => {
    decide = () => ({ allowed: true, actor: support });
    expect(await send('POST', '/console/checkout/orders/silent')).toMatchObject({ status: 303, headers: { location: '/console/checkout/orders' } });
    expect(audited).toHaveLength(1);
    expect(audited[0]).toEqual(expect.arrayContaining(['orders.silent', '/console/checkout/orders']));
    const escaped = await send('POST', '/console/checkout/orders/escape');
    expect(escaped.status).toBe(503);
    expect(escaped.headers.location).toBeUndefined();
  });

  it('shows "section unavailable" in the frame for a release without ./console or a section that throws; the rest works', async () => {
    const absent = await send('GET', '/console/blog/posts');
    expect(absent.status).toBe(503);
    expect(absent.text).toContain('SECTION UNAVAILABLE');
    expect(absent.text).toContain('href="/console/checkout/orders"');
    const broken = await send('GET', '/console/checkout/orders/broken');
    expect(broken.status).toBe(503);
    expect(broken.text).toContain('SECTION UNAVAILABLE');
    expect(errors.join('\n')).toContain('the section broke');
    expect((await send('GET', '/console/checkout/orders')).status).toBe(200);
    decide = () => ({ allowed: true, actor: support });
    expect((await send('GET', '/console/mailbox')).status).toBe(200);
  });

  it('sends a download as an attachment that is never cached, and refuses a file name that could break the header', async () => {
    const answer = await send('GET', '/console/checkout/orders/export');
    expect(answer).toMatchObject({ status: 200, text: '"a","b"\r\n' });
    expect(answer.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="orders.csv"',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    const bad = await send('GET', `/console/checkout/orders/export?name=${encodeURIComponent('x".csv\r\nset-cookie: a=b')}`);
    expect(bad.status).toBe(503);
    expect(bad.headers['content-disposition']).toBeUndefined();
  });

  it('follows the live release: a rollback to a version without the section removes it from the navigation and its pages', async () => {
    consoles = [{ squad: 'checkout', app: 'mf-checkout', version: '1.0.0', error: 'no ./console' }];
    decide = () => ({ allowed: true, actor: support });
    expect((await send('GET', '/console/mailbox')).text).not.toContain('/console/checkout/orders');
    expect((await send('GET', '/console/checkout/orders')).status).toBe(503);
  });
});

describe('section paths and redirects', () => {
  it.each([
    ['/console/checkout/orders', { squad: 'checkout', sectionId: 'orders', route: '' }],
    ['/console/landing/newsletter/export', { squad: 'landing', sectionId: 'newsletter', route: 'export' }],
    ['/console/site/orders', null],
    ['/console/nobody/orders', null],
    ['/console/checkout/Orders', null],
    ['/console/checkout/orders/a/b', null],
    ['/console/releases', null],
  ])('%s is %o', (path, expected) => {
    expect(matchSquadSectionPath(path)).toEqual(expected);
  });

  it.each([
    ['', '/console/checkout/orders'],
    ['?done=refunded', '/console/checkout/orders?done=refunded'],
    ['order?id=12&done=resent', '/console/checkout/orders/order?id=12&done=resent'],
    ['//evil.example', null],
    ['https://evil.example', null],
    ['../releases', null],
    ['order/../../x', null],
  ])('a redirect to %o goes to %o', (to, expected) => {
    expect(resolveSectionRedirect('/console/checkout/orders', to)).toBe(expected);
  });
});
