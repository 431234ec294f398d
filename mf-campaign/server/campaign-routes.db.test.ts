import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import {
  campaignCouponAnswerSchema,
  checkoutCampaignAnswerSchema,
  currentCampaignsAnswerSchema,
  frameCampaignAnswerSchema,
  type CurrentCampaignsAnswer,
} from '@reelkeep/shared-contracts';
import { buildDemoCampaign } from './demo-campaign.ts';
import { ADMIN_TOKEN, createCampaignApi, listTestDatabases, resetCampaignSchema } from './testing/campaign-harness.ts';

const HOOK_TIMEOUT_MS = 180_000;
const DAY_MS = 86_400_000;
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

describe.each(listTestDatabases())('the campaign API on %s', (_kind, open) => {
  let db: Database;
  let release = async () => undefined as void;
  let api: ReturnType<typeof createCampaignApi>;

  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await api.fetchApi(`/api/campaign/admin/campaigns${path}`, {
      method,
      headers: ADMIN,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: z.record(z.string(), z.unknown()).parse(await response.json()) };
  };
  const current = async (query = ''): Promise<CurrentCampaignsAnswer> =>
    currentCampaignsAnswerSchema.parse(await (await api.fetchApi(`/api/campaign/current${query}`)).json());

  beforeAll(async () => {
    db = await open();
    release = await resetCampaignSchema(db);
    api = createCampaignApi(db);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await release();
    await db.close();
  });

  it('shows no campaign while only the spec’s MSBF campaign (over) exists, and lists it masked for the event centre', async () => {
    const answer = await current();
    expect(answer.campaign).toBeNull();
    expect(answer.eventCenter.map((campaign) => [campaign.id, campaign.expired])).toEqual([['msbf', true]]);
  });

  it('refuses admin calls without the operator’s token', async () => {
    const anonymous = await api.fetchApi('/api/campaign/admin/campaigns', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const wrong = await api.fetchApi('/api/campaign/admin/campaigns', { headers: { authorization: 'Bearer wrong-token-0123456789' } });
    expect(wrong.status).toBe(401);
  });

  it('validates a campaign before writing it: fields, keys that English lacks, windows, duplicate and taken codes', async () => {
    const demo = buildDemoCampaign(Date.now());
    expect(await admin('POST', '', { ...demo, id: 'Bad Id!', startsAt: 'soon' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_input', problems: { id: 'invalid', startsAt: 'invalid' } },
    });
    expect(await admin('POST', '', { ...demo, nameKey: 'no_such_name' })).toMatchObject({
      status: 400,
      body: { error: 'unknown_translation_key', problems: { nameKey: 'unknown_translation_key' } },
    });
    expect((await admin('POST', '', { ...demo, endsAt: demo.startsAt })).status).toBe(400);
    expect((await admin('POST', '', { ...demo, carousel: [], coupons: [demo.coupons[0], demo.coupons[0]] })).body.error).toBe('duplicate_coupon');
    // A carousel entry quotes only a coupon of its own campaign (docs/campaigns.md "Carousel entries").
    expect(await admin('POST', '', { ...demo, coupons: demo.coupons.slice(2) })).toMatchObject({
      status: 400,
      body: { error: 'invalid_input', problems: { carousel: expect.anything() } },
    });
    expect(await admin('POST', '', { ...demo, carousel: [], coupons: [{ ...demo.coupons[0]!, code: 'MSBF30' }] })).toMatchObject({
      status: 409,
      body: { error: 'coupon_taken' },
    });
    expect((await admin('POST', '', { ...demo, images: { thumb: 'https://elsewhere.example/x.png' } })).status).toBe(400);
    expect((await admin('GET', '')).body.campaigns).toHaveLength(1);
  });

  it('serves a created campaign on the next request, and not once it is ended; every change is audited and drops the cached pages', async () => {
    const demo = buildDemoCampaign(Date.now());
    const created = await admin('POST', '', { ...demo, startsAt: new Date(demo.startsAt).toISOString() });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-purge-cache-tags')).toBe('campaigns');
    expect((await admin('POST', '', demo)).status).toBe(409);

    const running = await current();
    expect(running.campaign).toMatchObject({ id: 'demo', nameKey: 'demo', expired: false });
    expect(running.campaign?.coupons.map((coupon) => coupon.code)).toEqual(['REEL40', 'REEL20', 'REEL10', 'REEL5']);
    // Running campaigns come first in the event centre, the expired one after, masked.
    expect(running.eventCenter.map((campaign) => campaign.id)).toEqual(['demo', 'msbf']);
    const read = await api.fetchApi('/api/campaign/current');
    expect(read.headers.get('x-cache-tags')).toBe('campaigns');

    const ended = await admin('POST', '/demo/end', {});
    expect(ended.status).toBe(200);
    expect(ended.headers.get('x-purge-cache-tags')).toBe('campaigns');
    expect((await current()).campaign).toBeNull();
    expect((await admin('POST', '/demo/end', {})).body.error).toBe('campaign_over');

    const audit = (await admin('GET', '/demo/audit')).body.audit as { action: string; before: unknown; after: { endsAt: number } | null }[];
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'end']);
    expect(audit[0]!.before).toBeNull();
    expect(audit[1]!.after!.endsAt).toBeLessThanOrEqual(Date.now());
  });

  it('schedules and updates a campaign, with the window checked', async () => {
    const start = Date.now() - 1000;
    expect((await admin('POST', '/demo/schedule', { startsAt: start + 5000, endsAt: start })).status).toBe(400);
    expect((await admin('POST', '/nothing/schedule', { startsAt: start, endsAt: start + DAY_MS })).status).toBe(404);
    expect((await admin('POST', '/demo/schedule', { startsAt: start, endsAt: start + DAY_MS })).status).toBe(200);
    expect((await current()).campaign?.id).toBe('demo');
    const updated = await admin('PUT', '/demo', { ...buildDemoCampaign(Date.now()), isImportant: false, noNavRoutes: ['blog'] });
    expect(updated.body.campaign).toMatchObject({ isImportant: false, noNavRoutes: ['blog'] });
    expect((await admin('GET', '/demo/audit')).body.audit).toHaveLength(4);
  });

  it('applies a link’s personal deadline only from a known source, only 14 characters, only to shorten', async () => {
    const configured = (await current()).campaign!.endsAt;
    const earlier = Math.floor((configured - DAY_MS) / 1000) * 1000;
    const digits = new Date(earlier).toISOString().replace(/\D/g, '').slice(0, 14);
    expect((await current(`?ac_endtime=${digits}&ac_source=email`)).campaign!.displayedEndsAt).toBe(earlier);
    expect((await current(`?ac_endtime=${digits}&ac_source=elsewhere`)).campaign!.displayedEndsAt).toBe(configured);
    expect((await current(`?ac_endtime=${digits.slice(0, 13)}&ac_source=email`)).campaign!.displayedEndsAt).toBe(configured);
    expect((await current(`?ac_endtime=20991231000000&ac_source=email`)).campaign!.displayedEndsAt).toBe(configured);
    // A preview inside the expired campaign's window shows nothing, never the expired one.
    expect((await current('?start_time=20210101000000')).campaign).toBeNull();
    expect((await current('?start_time=garbage')).campaign?.id).toBe('demo');
  });

  it('answers the checkout’s internal reads: a coupon with its window, the campaign’s name in a locale and its coupons', async () => {
    const coupon = campaignCouponAnswerSchema.parse(await (await api.fetchApi('/api/campaign/internal/coupon?code=reel20')).json());
    expect(coupon.coupon).toMatchObject({ code: 'REEL20', discountCents: 2000, minPriceCents: 7990, campaignId: 'demo' });
    expect(campaignCouponAnswerSchema.parse(await (await api.fetchApi('/api/campaign/internal/coupon?code=NOPE1')).json()).coupon).toBeNull();
    const offer = checkoutCampaignAnswerSchema.parse(await (await api.fetchApi('/api/campaign/internal/checkout-offer?locale=ja')).json());
    expect(offer.campaign?.name).toBe('ホリデーセール');
    expect(offer.coupons).toHaveLength(4);
    const past = checkoutCampaignAnswerSchema.parse(
      await (await api.fetchApi(`/api/campaign/internal/checkout-offer?preview_at=${Date.UTC(2021, 0, 1)}`)).json(),
    );
    expect(past).toEqual({ campaign: null, coupons: [] });
    expect((await api.fetchApi('/api/campaign/internal/checkout-offer?preview_at=tomorrow')).status).toBe(400);
  });

  it('never runs the upgrade campaign, by route or by id, even important and ending first, nor sells its coupons', async () => {
    const now = Date.now();
    const upgrade = { ...buildDemoCampaign(now), carousel: [], endsAt: now + DAY_MS / 2, isImportant: true };
    const coupon = (code: string) => ({ ...upgrade.coupons[0]!, code });
    expect((await admin('POST', '', { ...upgrade, id: 'upgrade-by-route', route: 'upgrade-campaign', coupons: [coupon('UPGRADE1')] })).status).toBe(
      201,
    );
    expect((await admin('POST', '', { ...upgrade, id: 'upgrade-campaign', route: 'store', coupons: [coupon('UPGRADE2')] })).status).toBe(201);
    for (const query of ['', '?start_time=20210101000000', `?start_time=${now}`])
      expect(String((await current(query)).campaign?.id)).not.toMatch(/upgrade/);
    expect((await current()).campaign?.id).toBe('demo');
    const frame = frameCampaignAnswerSchema.parse(await (await api.fetchApi('/api/campaign/frame?locale=en')).json());
    expect(frame.campaign?.id).toBe('demo');
    // docs/campaigns.md "Sale copy": the banner's figures and days left come from the coupons and the end.
    expect(frame.campaign?.title).toBe('The holiday sale is on: up to $40.00 off lifetime licences. Ends in 13 days.');
    const offer = checkoutCampaignAnswerSchema.parse(await (await api.fetchApi('/api/campaign/internal/checkout-offer?locale=en')).json());
    expect(offer.coupons.map((entry) => entry.code)).not.toContain('UPGRADE1');
    expect(offer.coupons.map((entry) => entry.code)).not.toContain('UPGRADE2');
  });
});
