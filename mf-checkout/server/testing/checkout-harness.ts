import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { holdSharedSchema } from '@reelkeep/platform/testing/databases';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { installTestApiKey } from '@reelkeep/platform/testing/api-keys';
import { CLIENT_IP_HEADER, type OrderDto } from '@reelkeep/shared-contracts';
import { createCheckoutApi } from '../api.ts';
// The campaign squad's real API answers the checkout's coupon reads, as the host's gateway hands them over.
import { buildDemoCampaign } from '../../../mf-campaign/server/demo-campaign.ts';
import { createCampaignApi, resetCampaignSchema } from '../../../mf-campaign/server/testing/campaign-harness.ts';
import type { CheckoutSettings } from '../settings.ts';

export { listTestDatabases } from '@reelkeep/platform/testing/databases';
/** The checkout's migrations, as its release carries them. */
export const CHECKOUT_MIGRATIONS_DIR = path.join(import.meta.dirname, '..', 'migrations');
/** The operator's API key of the test contexts (an owner's, made live by `openCheckoutDatabase`). */
export const ADMIN_TOKEN = `rk_checkout-suite-${'k'.repeat(25)}`;
/** The header that carries it. */
export const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };

type CheckoutRoute = ApiRoute<CheckoutSettings>;
type CheckoutContext = HostContext<CheckoutSettings>;

/** Suites wait for each other on a shared PostgreSQL; a hook may wait this long for its turn. */
const HOOK_TIMEOUT_MS = 180_000;
/** The advisory lock the checkout suites take on a shared PostgreSQL while they own its checkout schema. */
const SCHEMA_LOCK_ID = 170_003;

/**
 * The other squads' routes the checkout calls: the account squad's two, as its contract says (the e2e journeys
 * use the real one); the campaign squad's, answered by its real API over the suite's database.
 */
export function createAccountStandIn(campaigns?: { fetchApi: (path: string, init?: RequestInit) => Promise<Response> }) {
  const created: string[] = [];
  return {
    created,
    async fetchApi(path: string, init?: RequestInit): Promise<Response> {
      if (campaigns && path.startsWith('/api/campaign/')) return campaigns.fetchApi(path, init);
      if (path === '/api/account/session') {
        const cookie = new Headers(init?.headers).get('cookie') ?? '';
        const user = /rk\.session_token=(\w+)/.exec(cookie)?.[1];
        return Response.json(
          user
            ? { signedIn: true, user: { id: user, email: `${user}@example.com`, name: user, hasPassword: true } }
            : { signedIn: false, user: null },
        );
      }
      if (path === '/api/account/internal/checkout-account') {
        const { email } = JSON.parse(String(init?.body)) as { email: string };
        created.push(email);
        return Response.json({ userId: `buyer:${email}`, created: true });
      }
      return new Response(null, { status: 404 });
    },
  };
}

/** Opens a database with the checkout and campaign schemas made anew by their migrations (a PostgreSQL test database outlives the run). */
export async function openCheckoutDatabase(open: () => Promise<Database>): Promise<{ db: Database; close: () => Promise<void> }> {
  const db = await open();
  const release = await holdSharedSchema(db, SCHEMA_LOCK_ID);
  await db.query('DROP SCHEMA IF EXISTS checkout CASCADE');
  await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'checkout'`).catch(() => undefined);
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await installTestApiKey(db, ADMIN_TOKEN);
  await applyMigrations(db, 'checkout', CHECKOUT_MIGRATIONS_DIR);
  const releaseCampaigns = await resetCampaignSchema(db);
  return {
    db,
    close: async () => {
      await releaseCampaigns();
      await release();
      await db.close();
    },
  };
}

/** An answer of a route as a test reads it. */
export interface CallAnswer {
  status: number;
  body: Record<string, unknown> & { order?: OrderDto };
  headers: Headers;
}

/** Calls the routes as the gateway hands them a request: from a client address, JSON unless a body is given as text. */
export function makeCaller(routes: readonly CheckoutRoute[], context: CheckoutContext) {
  return async (method: CheckoutRoute['method'], path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallAnswer> => {
    const url = new URL(path, 'http://localhost:3000');
    const route = routes.find(
      (candidate) =>
        candidate.method === method && (candidate.path.endsWith('/') ? url.pathname.startsWith(candidate.path) : url.pathname === candidate.path),
    );
    if (!route) throw new Error(`no route ${method} ${path}`);
    const request = new Request(url, {
      method,
      headers: { [CLIENT_IP_HEADER]: '203.0.113.9', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const response = await route.handle(request, context);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
  };
}

/** A way to call the routes. */
export type Caller = ReturnType<typeof makeCaller>;
/** One browser: a caller with its cookie jar. */
export type Browser = Caller & { cookies: Map<string, string> };

/** One browser: sends the cookies it holds and keeps those the answers set, as a browser would. */
export function createBrowser(call: Caller, cookies: Record<string, string> = {}): Browser {
  const jar = new Map(Object.entries(cookies));
  const browse = async (...[method, path, body, headers = {}]: Parameters<Caller>) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await call(method, path, body, { ...(cookie ? { cookie } : {}), ...headers });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (/;\s*Max-Age=0\b/i.test(line)) jar.delete(name);
      else jar.set(name, pair.slice(name.length + 1));
    }
    return answer;
  };
  return Object.assign(browse, { cookies: jar });
}

/** What a sandbox checkout suite works with; `buyer` is a new browser for each test. */
export interface SandboxCheckout {
  db: Database;
  /** The host context the checkout's routes get (its mailer is the outbox unless a suite points it elsewhere). */
  context: CheckoutContext;
  call: Caller;
  buyer: Browser;
  account: ReturnType<typeof createAccountStandIn>;
  /** Orders whose fulfilment crashes once, between payment and licence. */
  crashOnce: Set<string>;
  /** Places an order as a visitor (buyer@example.com) and expects it taken. */
  order(pid: string, extra?: Record<string, string>, browser?: Browser): Promise<OrderDto>;
  /** Pays an order on the sandbox card step. */
  pay(orderId: string, number: string, browser?: Browser): Promise<CallAnswer>;
  /** The mail outbox table itself (`Mailer.listOutbox` orders ids as text, so a reused database hides the newest). */
  outbox(): Promise<{ recipient: string; subject: string; body_text: string }[]>;
  licenceCount(orderId: string): Promise<number>;
}

/**
 * A checkout with the sandbox provider on a fresh database with the demo campaign, set up by the calling
 * describe block's hooks; its fields are filled when the hooks have run.
 */
export function useSandboxCheckout(open: () => Promise<Database>): SandboxCheckout {
  let close = async () => undefined as void;
  const checkout = {
    crashOnce: new Set<string>(),
    order: async (pid: string, extra: Record<string, string> = {}, browser = checkout.buyer) => {
      const answer = await browser('POST', '/api/checkout/orders', { product: 'aio', pid, email: 'buyer@example.com', locale: 'en', ...extra });
      expect(answer.status).toBe(200);
      return answer.body.order!;
    },
    pay: (orderId: string, number: string, browser = checkout.buyer) =>
      browser('POST', '/api/checkout/sandbox/pay', { order: orderId, number, expiry: '12/39', cvc: '123' }),
    outbox: () =>
      checkout.db.query<{ recipient: string; subject: string; body_text: string }>('SELECT recipient, subject, body_text FROM platform.mail_outbox'),
    licenceCount: async (orderId: string) =>
      (await checkout.db.query<{ n: number }>('SELECT count(*)::int AS n FROM checkout.licences WHERE order_id = $1', [orderId]))[0]!.n,
  } as SandboxCheckout;

  beforeAll(async () => {
    ({ db: checkout.db, close } = await openCheckoutDatabase(open));
    const campaigns = createCampaignApi(checkout.db);
    checkout.account = createAccountStandIn(campaigns);
    const api = createCheckoutApi({
      beforeFulfil: (orderId) => {
        if (checkout.crashOnce.delete(orderId)) throw new Error('simulated crash between payment and fulfilment');
      },
    });
    const context = createTestHostContext(checkout.db, {
      module: api,
      env: { CHECKOUT_RATE_LIMIT: '1000', LICENCE_RATE_LIMIT: '1000', LICENCE_MAX_DEACTIVATIONS: '2' },
      fetchApi: checkout.account.fetchApi,
    });
    checkout.context = context;
    checkout.call = makeCaller(api.routes, context);
    const demo = buildDemoCampaign(Date.now());
    const created = await campaigns.fetchApi('/api/campaign/admin/campaigns', {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify(demo),
    });
    expect(created.status).toBe(201);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => close());
  // Each test is a new visitor: a browser without the orders of the tests before.
  beforeEach(() => {
    checkout.buyer = createBrowser(checkout.call);
  });
  return checkout;
}

/** A request body for an input case: its text and content type. */
export interface CaseBody {
  text: string;
  type: string;
}
/** One case of bad input (docs/commerce.md "Checkout input"): name, method, path, body, headers, the documented status and body. */
export type InputCase = [string, CheckoutRoute['method'], string, CaseBody | null, Record<string, string>, number, Record<string, unknown>];
/** JSON, as text (malformed on purpose when a string is given). */
export const json = (body: unknown): CaseBody => ({ text: typeof body === 'string' ? body : JSON.stringify(body), type: 'application/json' });
/** A form post. */
export const form = (body: string): CaseBody => ({ text: body, type: 'application/x-www-form-urlencoded' });
/** A body of another content type. */
export const typed = (type: string): CaseBody => ({ text: 'order=x', type });
