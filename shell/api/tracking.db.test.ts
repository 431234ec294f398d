import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  CLIENT_IP_HEADER,
  decodeTrackingData,
  encodeTrackingEnvelope,
  TRACKING_ENDPOINT,
  TRACKING_INTERNAL_ENDPOINT,
  trackingAnswerSchema,
  type TrackingData,
} from '@reelkeep/shared-contracts';
import type { Database } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { installTestApiKey } from '@reelkeep/platform/testing/api-keys';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { listTestDatabases } from '@reelkeep/platform/testing/databases';
import * as z from 'zod/mini';
import siteApi from './api.ts';
import type { SiteSettings } from './settings.ts';
import { createTrackingRoutes, TRACKING_ADMIN_ENDPOINT } from './tracking.ts';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const SESSION_MS = 30 * 60_000;
/** An analyst's API key: the events read needs `analytics:read`. */
const OPERATOR_KEY = `rk_tracking-suite-${'k'.repeat(25)}`;

let db: Database;
let context: HostContext<SiteSettings>;
let routes: ApiRoute<SiteSettings>[];

interface StoredEvent {
  event: string;
  url: string | null;
  consent: boolean;
  visitor_id: string | null;
  session_id: string | null;
  signed_in: boolean;
  source: string;
  data: TrackingData;
}

let address = 0;
function post(path: string, body: string, headers: Record<string, string> = {}) {
  const route = routes.find((candidate) => candidate.path === path)!;
  address += 1;
  return route.handle(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: `10.1.0.${address}`, ...headers },
    }),
    context,
  );
}

const beacon = (data: TrackingData, headers: Record<string, string> = {}, visitor = 'guid-0123456789') =>
  post(TRACKING_ENDPOINT, JSON.stringify(encodeTrackingEnvelope(data, visitor)), headers);
const stored = () =>
  db.query<StoredEvent>('SELECT event, url, consent, visitor_id, session_id, signed_in, source, data FROM platform.tracking_events ORDER BY id');

describe('tracking envelope (docs/tracking.md "Envelope")', () => {
  it('sorts keys, drops empties, survives non-ASCII text, and is plain JSON in dev mode', () => {
    const data: TrackingData = { url: '/ja/', event: 'page_view', event_label: 'ダウンロード — ok', products: [], ad: '' };
    const envelope = encodeTrackingEnvelope(data, 'guid-0123456789');
    expect(envelope.mode).toBe(0);
    expect(envelope.upload_id).toMatch(/^guid-0123456789-[0-9a-f]{8}$/);
    expect(JSON.stringify(decodeTrackingData(envelope))).toBe('{"event":"page_view","event_label":"ダウンロード — ok","url":"/ja/"}');
    const dev = encodeTrackingEnvelope(data, 'guid-0123456789', true);
    expect(dev).toMatchObject({ mode: 1, data: '{"event":"page_view","event_label":"ダウンロード — ok","url":"/ja/"}' });
    expect(decodeTrackingData({ data: '%%%', mode: 0 })).toBeNull();
  });
});

const databases = listTestDatabases();

describe.each(databases)('tracking on %s', (_kind, open) => {
  beforeAll(async () => {
    db = await open();
    await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
    await installTestApiKey(db, OPERATOR_KEY, 'analyst');
    // The account squad's session lookup: a visitor with `rk.session_token` is signed in.
    context = createTestHostContext(db, {
      module: siteApi,
      env: { TRACKING_RATE_LIMIT: '5', TRACKING_SESSION_MIN: String(SESSION_MS / 60_000) },
      fetchApi: async (_path, init) =>
        Response.json(
          /rk\.session_token=\w+/.test(new Headers(init?.headers).get('cookie') ?? '')
            ? { signedIn: true, user: { id: 'u1', email: 'ana@example.com', name: 'Ana', hasPassword: true } }
            : { signedIn: false, user: null },
        ),
    });
    routes = createTrackingRoutes({ now: () => NOW });
  });
  beforeEach(() => db.query('DELETE FROM platform.tracking_events'));
  afterAll(() => db.close());

  describe(`POST ${TRACKING_ENDPOINT}`, () => {
    it('keeps identifiers and answers the spec identifiers once the visitor consented', async () => {
      const answer = trackingAnswerSchema.parse(
        await (
          await beacon(
            { event: 'page_view', url: '/netflix-downloader', email: 'ana@example.com', s_id: 'sess-12345678' },
            { cookie: 'rk_consent=granted' },
          )
        ).json(),
      );
      expect(answer).toMatchObject({ cscode: 0, data: { visit_timestamp: NOW, s_id: 'sess-12345678', s_expiration: NOW + SESSION_MS } });
      expect(answer.data!.doc_id).toMatch(/^\d+$/);
      expect(answer.data!.tmp_token_id).toMatch(/^[\w-]{8,64}$/);
      expect(await stored()).toEqual([
        expect.objectContaining({
          event: 'page_view',
          consent: true,
          visitor_id: 'guid-0123456789',
          session_id: 'sess-12345678',
          signed_in: false,
          source: 'send_beacon',
          data: expect.objectContaining({ email: 'ana@example.com' }),
        }),
      ]);
    });

    it('is cookieless without consent: no identifiers kept, none handed out', async () => {
      const answer = trackingAnswerSchema.parse(
        await (await beacon({ event: 'page_view', url: '/', email: 'ana@example.com', finger_id: 'fp', tmp_token_id: 'tmp-12345678' })).json(),
      );
      expect(Object.keys(answer.data!).sort()).toEqual(['doc_id', 'visit_timestamp']);
      const [row] = await stored();
      expect(row).toMatchObject({ consent: false, visitor_id: null, session_id: null });
      expect(row!.data).toEqual({ event: 'page_view', url: '/' });
    });

    it('treats Global Privacy Control as a refusal, whatever the cookie says', async () => {
      await beacon({ event: 'page_view', email: 'ana@example.com' }, { cookie: 'rk_consent=granted', 'sec-gpc': '1' });
      expect(await stored()).toEqual([expect.objectContaining({ consent: false, visitor_id: null, data: { event: 'page_view' } })]);
    });

    it('stores a beacon sent twice once, with one doc id', async () => {
      const envelope = JSON.stringify(encodeTrackingEnvelope({ event: 'download', event_target: '/mlink?p=reelkeep-setup.exe' }, 'guid-0123456789'));
      const first = trackingAnswerSchema.parse(await (await post(TRACKING_ENDPOINT, envelope)).json());
      const second = trackingAnswerSchema.parse(await (await post(TRACKING_ENDPOINT, envelope)).json());
      expect(second.data!.doc_id).toBe(first.data!.doc_id);
      expect(await stored()).toHaveLength(1);
    });

    it('never keeps personal query parameters (hand-off e-mail, tokens, payment secrets)', async () => {
      await beacon({
        event: 'page_view',
        url: 'http://localhost:3000/my-account?client_e=YW5h&token=abc&source=redeem_approved',
        referer_url: '/checkout?tid=9&payment_intent_client_secret=pi_1_secret_x&p=1',
      });
      const [row] = await stored();
      expect(row!.url).toBe('http://localhost:3000/my-account?source=redeem_approved');
      expect(row!.data.referer_url).toBe('/checkout?p=1');
    });

    it('takes the events of the complete SDK: clicks, hovers, exposures, guide jumps, subscriptions and client TypeErrors', async () => {
      const events = [
        { event: 'click', event_label: 'plan_1y', event_category: 'pricing' },
        { event: 'hover', event_label: 'article_cta', event_target: '/downloading' },
        { event: 'exposure', event_label: 'article_cta' },
        { event: 'guide_jump', event_label: 'toc', event_target: '/how-to-download-netflix#step-2' },
        { event: 'subscribe', event_category: 'newsletter' },
        { event: 'page_type_error', event_label: "Cannot read properties of undefined (reading 'price')" },
        { event: 'custom', ab_try_list: [{ key: 'netflix_price', version: 'v1', value: 'price_b', expire_day: 10 }], elk_category_id: 'netflix' },
      ] satisfies TrackingData[];
      for (const data of events) expect((await beacon(data)).status).toBe(200);
      expect((await stored()).map((row) => row.data)).toEqual(expect.arrayContaining(events.map((data) => expect.objectContaining(data))));
      expect(await stored()).toHaveLength(events.length);
    });

    it('spec: the tracking report entry looked up by pid: a buy click is stored with the entry of the plan its link names', async () => {
      await beacon({ event: 'buy_now', event_label: 'Buy', event_target: '/fr/checkout?applied_id=10781LFT_3&product=netflix' });
      await beacon({ event: 'buy_now', event_target: '/checkout' });
      const [named, unnamed] = await stored();
      expect(named!.data).toMatchObject({
        report: {
          pid: '10781LFT_3',
          name: 'netflix',
          os: 'mac',
          type: 'LFT_3',
          category: 'lifetime',
          category_item: '3_devices',
          shorthand: 'M-LFT_3',
        },
        pids: [10781],
        products: ['netflix'],
      });
      expect(unnamed!.data).toEqual({ event: 'buy_now', event_target: '/checkout' });
    });

    it('takes the text/html fallback, dev-mode plain data, and records who was signed in', async () => {
      const envelope = encodeTrackingEnvelope({ event: 'buy_now', xargs_request_type: 'axios' }, 'guid-0123456789', true);
      const response = await post(TRACKING_ENDPOINT, JSON.stringify(envelope), { 'content-type': 'text/html', cookie: 'rk.session_token=abc' });
      expect(response.status).toBe(200);
      expect(await stored()).toEqual([expect.objectContaining({ event: 'buy_now', source: 'axios', signed_in: true })]);
    });

    it.each([
      ['not JSON', 'hello'],
      ['no envelope', '{}'],
      ['broken base64', JSON.stringify({ data: '!!!!', mode: 0, upload_id: 'guid-0123456789-00000000' })],
      ['an unknown event', JSON.stringify(encodeTrackingEnvelope({ event: 'purchase' as never }, 'guid-0123456789'))],
      ['a wrong field type', JSON.stringify(encodeTrackingEnvelope({ event: 'page_scroll', highest_page_viewed_percent: 250 }, 'guid-0123456789'))],
      ['a bad upload id', JSON.stringify({ ...encodeTrackingEnvelope({ event: 'page_view' }, 'x'), upload_id: '<script>' })],
      ['an oversized body', JSON.stringify(encodeTrackingEnvelope({ event: 'custom', track_data: 'x'.repeat(20_000) }, 'guid-0123456789'))],
    ])('refuses %s with a 400 and a reason, storing nothing', async (_case, body) => {
      const response = await post(TRACKING_ENDPOINT, body);
      expect(response.status).toBe(400);
      expect(trackingAnswerSchema.parse(await response.json()).cscode).toBe(400);
      expect(await stored()).toHaveLength(0);
    });

    it('limits events per address', async () => {
      const route = routes.find((candidate) => candidate.path === TRACKING_ENDPOINT)!;
      const send = () =>
        route.handle(
          new Request('http://localhost/x', {
            method: 'POST',
            body: JSON.stringify(encodeTrackingEnvelope({ event: 'click' }, `guid-${Math.random().toString(36).slice(2, 12)}`)),
            headers: { [CLIENT_IP_HEADER]: '10.9.9.9' },
          }),
          context,
        );
      const statuses = [];
      for (let index = 0; index < 6; index += 1) statuses.push((await send()).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe(`POST ${TRACKING_INTERNAL_ENDPOINT}`, () => {
    it('records a server-side event with the visitor id from the _EA_GUID cookie when they consented', async () => {
      const response = await post(
        TRACKING_INTERNAL_ENDPOINT,
        JSON.stringify({ data: { event: 'logout', event_category: 'account' }, signedIn: true }),
        { cookie: 'rk_consent=granted; _EA_GUID=guid-abcdef123456' },
      );
      expect(response.status).toBe(200);
      expect(await stored()).toEqual([
        expect.objectContaining({ event: 'logout', consent: true, visitor_id: 'guid-abcdef123456', signed_in: true, source: 'server' }),
      ]);
    });

    it('keeps no visitor id without consent, and refuses malformed events', async () => {
      await post(TRACKING_INTERNAL_ENDPOINT, JSON.stringify({ data: { event: 'logout' } }), { cookie: '_EA_GUID=guid-abcdef123456' });
      expect(await stored()).toEqual([expect.objectContaining({ event: 'logout', consent: false, visitor_id: null })]);
      expect((await post(TRACKING_INTERNAL_ENDPOINT, '{"data":{"event":"nope"}}')).status).toBe(400);
    });
  });

  describe(`GET ${TRACKING_ADMIN_ENDPOINT}`, () => {
    const read = (query: string, authorization?: string) =>
      routes
        .find((candidate) => candidate.path === TRACKING_ADMIN_ENDPOINT)!
        .handle(new Request(`http://localhost${TRACKING_ADMIN_ENDPOINT}${query}`, { headers: authorization ? { authorization } : {} }), context);

    it('shows operators the latest events and the day counts, and nobody else', async () => {
      await beacon({ event: 'page_view' }, { cookie: 'rk_consent=granted' });
      await post(TRACKING_INTERNAL_ENDPOINT, JSON.stringify({ data: { event: 'logout' } }));
      expect((await read('')).status).toBe(401);
      expect((await read('', `Bearer rk_${'0'.repeat(40)}`)).status).toBe(401);
      expect((await read('?event=purchase', `Bearer ${OPERATOR_KEY}`)).status).toBe(400);
      const body = z
        .object({
          events: z.array(z.looseObject({ event: z.string() })),
          last24h: z.array(z.object({ event: z.string(), events: z.number(), consented: z.number() })),
        })
        .parse(await (await read('?event=logout', `Bearer ${OPERATOR_KEY}`)).json());
      expect(body.events.map((row) => row.event)).toEqual(['logout']);
      expect(body.last24h).toEqual([
        { event: 'logout', events: 1, consented: 0 },
        { event: 'page_view', events: 1, consented: 1 },
      ]);
    });
  });
});
