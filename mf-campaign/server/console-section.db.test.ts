import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import { frameCampaignAnswerSchema } from '@reelkeep/shared-contracts';
import { consoleSectionReplySchema, type ConsoleActor, type ConsoleSectionReply } from '@reelkeep/shared-contracts/console';
import { toUtcMinute } from '../src/console/section-rules.ts';
import { ADMIN_TOKEN, createCampaignApi, listTestDatabases, resetCampaignSchema } from './testing/campaign-harness.ts';

const HOOK_TIMEOUT_MS = 180_000;
const DAY_MS = 86_400_000;
const MANAGER: ConsoleActor = { id: 'u1', email: 'cm@example.com', role: 'campaign-manager' };
const ANALYST: ConsoleActor = { id: 'u2', email: 'an@example.com', role: 'analyst' };

describe.each(listTestDatabases())('the console Campaigns section on %s', (_kind, open) => {
  let db: Database;
  let release = async () => undefined as void;
  let api: ReturnType<typeof createCampaignApi>;

  /** One request as the host forwards it: the actor and the locale in headers, a form body for a change. */
  const section = async (
    method: 'GET' | 'POST',
    rest: string,
    form?: Record<string, string>,
    actor: ConsoleActor = MANAGER,
    locale = 'en',
  ): Promise<{ status: number; purge: string | null; answer: ConsoleSectionReply }> => {
    const response = await api.fetchApi(`/api/campaign/internal/console/${rest}`, {
      method,
      headers: {
        'x-console-actor': JSON.stringify(actor),
        'x-console-locale': locale,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    return {
      status: response.status,
      purge: response.headers.get('x-purge-cache-tags'),
      answer: consoleSectionReplySchema.parse(await response.json()),
    };
  };
  const pageOf = (answer: ConsoleSectionReply) => {
    if (answer.kind !== 'page') throw new Error(`expected a page, got ${answer.kind}`);
    return answer;
  };
  const frame = async () => frameCampaignAnswerSchema.parse(await (await api.fetchApi('/api/campaign/frame?locale=en')).json()).campaign;

  beforeAll(async () => {
    db = await open();
    release = await resetCampaignSchema(db);
    api = createCampaignApi(db);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await release();
    await db.close();
  });

  it('lists the seeded campaign as ended, with sortable column headers, and offers creation only to a manager', async () => {
    const list = pageOf((await section('GET', '')).answer);
    expect(list.status).toBe(200);
    expect(list.html).toContain('data-campaign="msbf"');
    expect(list.html).toContain('Mega sale Black Friday');
    expect(list.html).toContain('Ended');
    expect(list.html).toContain('aria-sort="descending"');
    expect(list.html).toContain('href="/console/campaign/campaigns/new"');
    expect(list.html).toContain('href="/console/campaign/campaigns/campaign?id=msbf"');
    const read = pageOf((await section('GET', '', undefined, ANALYST)).answer);
    expect(read.html).not.toContain('href="/console/campaign/campaigns/new"');
    const german = pageOf((await section('GET', '', undefined, MANAGER, 'de')).answer);
    expect(german.html).toContain('Beendet');
  });

  it('refuses a change from a role that may only read, and an actor the host did not name', async () => {
    const refused = await section('POST', 'new', { id: 'x1' }, ANALYST);
    expect(pageOf(refused.answer).status).toBe(403);
    expect(refused.purge).toBeNull();
    const nobody = await api.fetchApi('/api/campaign/internal/console/', { headers: { 'x-console-locale': 'en' } });
    expect(nobody.status).toBe(403);
  });

  it('shows the problems of a refused form beside their fields, translated, and keeps what was typed', async () => {
    const now = Date.now();
    const answer = pageOf(
      (
        await section(
          'POST',
          'new',
          { id: 'Bad Id', nameKey: 'demo', route: 'store', startsAt: toUtcMinute(now + DAY_MS), endsAt: toUtcMinute(now) },
          MANAGER,
          'de',
        )
      ).answer,
    );
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('id="id-problem"');
    expect(answer.html).toContain('Verwenden Sie 2 bis 40 Kleinbuchstaben');
    expect(answer.html).toContain('id="endsAt-problem"');
    expect(answer.html).toContain('nach dem Beginn');
    expect(answer.html).toContain('value="Bad Id"');
    expect(answer.html).toContain('aria-invalid="true"');
  });

  it('creates a campaign starting now: it shows in the frame at once, the answer purges the pages and carries the audit entry', async () => {
    const now = Date.now();
    expect(await frame()).toBeNull();
    const created = await section('POST', 'new', {
      id: 'spring',
      nameKey: 'demo',
      navTitleKey: 'demo_nav',
      route: 'sales-campaign',
      startsAt: toUtcMinute(now),
      endsAt: toUtcMinute(now + 10 * DAY_MS),
    });
    expect(created.purge).toBe('campaigns');
    expect(created.answer).toMatchObject({
      kind: 'redirect',
      to: 'campaign?id=spring&done=created',
      audit: { action: 'campaign.create', target: 'spring', before: null, after: { nameKey: 'demo', navTitleKey: 'demo_nav', coupons: [] } },
    });
    expect((await frame())?.id).toBe('spring');
    const again = await section('POST', 'new', {
      id: 'spring',
      nameKey: 'demo',
      route: 'store',
      startsAt: toUtcMinute(now),
      endsAt: toUtcMinute(now + DAY_MS),
    });
    expect(pageOf(again.answer).status).toBe(409);
    expect(pageOf(again.answer).html).toContain('A campaign with this id already exists.');
  });

  it('adds a coupon the checkout reads, refuses a code another campaign holds, and removes it again', async () => {
    const added = await section('POST', 'spring/coupons', { code: 'spring20', amount: '20', minPrice: '79.90', plan_LFT: 'on', show: 'on' });
    expect(added.answer).toMatchObject({
      kind: 'redirect',
      audit: {
        action: 'campaign.coupon-save',
        target: 'spring:SPRING20',
        before: null,
        after: { code: 'SPRING20', discountCents: 2000, minPriceCents: 7990, allowedTypes: ['LFT'] },
      },
    });
    const coupon = await (await api.fetchApi('/api/campaign/internal/coupon?code=SPRING20')).json();
    expect(coupon).toMatchObject({ coupon: { code: 'SPRING20', discountCents: 2000, campaignId: 'spring' } });
    const taken = pageOf((await section('POST', 'spring/coupons', { code: 'MSBF30', amount: '5' })).answer);
    expect(taken.status).toBe(409);
    expect(taken.html).toContain('Another campaign already uses this code.');
    const badAmount = pageOf((await section('POST', 'spring/coupons', { code: 'OK10', amount: '-3' })).answer);
    expect(badAmount.status).toBe(400);
    expect(badAmount.html).toContain('Enter an amount in dollars');
    const detail = pageOf((await section('GET', 'spring?preview=ja')).answer);
    expect(detail.html).toContain('data-coupon="SPRING20"');
    expect(detail.html).toContain('src="/console/preview/campaigns/spring?locale=ja&amp;part=modal"');
    expect(detail.html).toContain('<input type="hidden" name="id" value="spring"/>');
    const removed = await section('POST', 'spring/coupons/remove', { code: 'SPRING20' });
    expect(removed.answer).toMatchObject({ kind: 'redirect', audit: { action: 'campaign.coupon-remove', after: null } });
    expect(await (await api.fetchApi('/api/campaign/internal/coupon?code=SPRING20')).json()).toEqual({ coupon: null });
  });

  it('edits, reschedules (the end after the start) and ends a campaign, each with only what changed in the audit entry', async () => {
    const now = Date.now();
    const edited = await section('POST', 'spring/edit', {
      nameKey: 'demo',
      navTitleKey: '',
      route: 'store',
      startsAt: toUtcMinute(now),
      endsAt: toUtcMinute(now + 10 * DAY_MS),
      isImportant: 'on',
    });
    expect(edited.answer).toMatchObject({
      kind: 'redirect',
      audit: { action: 'campaign.update', before: { navTitleKey: 'demo_nav', route: 'sales-campaign', isImportant: false } },
    });
    const backwards = pageOf((await section('POST', 'spring/schedule', { startsAt: toUtcMinute(now + DAY_MS), endsAt: toUtcMinute(now) })).answer);
    expect(backwards.status).toBe(400);
    expect(backwards.html).toContain('id="schedule-endsAt-problem"');
    const later = toUtcMinute(now + 20 * DAY_MS);
    const moved = await section('POST', 'spring/schedule', { startsAt: toUtcMinute(now), endsAt: later });
    expect(moved.answer).toMatchObject({ kind: 'redirect', audit: { action: 'campaign.schedule', after: { endsAt: `${later}:00.000Z` } } });
    expect(pageOf((await section('POST', 'spring/end', {})).answer).status).toBe(400);
    const ended = await section('POST', 'spring/end', { confirm: 'yes' });
    expect(ended.answer).toMatchObject({ kind: 'redirect', to: 'campaign?id=spring&done=ended', audit: { action: 'campaign.end' } });
    expect(await frame()).toBeNull();
    expect(pageOf((await section('POST', 'spring/end', { confirm: 'yes' })).answer).status).toBe(409);
    const audit = (await (
      await api.fetchApi('/api/campaign/admin/campaigns/spring/audit', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json()) as {
      audit: { action: string; actor: string }[];
    };
    expect(audit.audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'update', 'schedule', 'end']);
    expect(audit.audit.every((entry) => entry.actor === 'cm@example.com (console)')).toBe(true);
  });

  it('previews the coupon modal and the event centre with the campaign components in the chosen locale, and the banner slot', async () => {
    const now = Date.now();
    await section('POST', 'new', {
      id: 'summer',
      nameKey: 'demo',
      route: 'sales-campaign',
      startsAt: toUtcMinute(now),
      endsAt: toUtcMinute(now + 3 * DAY_MS),
    });
    await section('POST', 'summer/coupons', { code: 'SUMMER15', amount: '15', show: 'on' });
    const modal = (await section('GET', 'summer/preview?locale=de&part=modal')).answer;
    expect(modal.kind).toBe('preview');
    if (modal.kind !== 'preview') return;
    expect(modal.html).toContain('role="dialog"');
    expect(modal.html).toContain('SUMMER15');
    expect(modal.html).toContain('Extra sparen, solange der Sale läuft');
    expect(modal.html).toContain('data-coupon="SUMMER15"');
    const banner = (await section('GET', 'summer/preview?locale=fr&part=banner')).answer;
    expect(banner.kind === 'preview' && frameCampaignAnswerSchema.parse({ campaign: banner.banner }).campaign?.title).toMatch(/15/);
    const events = (await section('GET', 'summer/preview?locale=ja&part=events')).answer;
    expect(events.kind === 'preview' && events.html).toContain('data-campaign="summer"');
    expect(events.kind === 'preview' && events.html).toContain('ホリデーセール');
    const wrong = await section('GET', 'summer/preview?locale=xx&part=modal');
    expect(pageOf(wrong.answer).status).toBe(400);
  });
});
