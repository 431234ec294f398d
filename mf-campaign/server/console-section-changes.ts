import {
  CAMPAIGN_CACHE_TAG,
  campaignCreateInput,
  campaignUpdateInput,
  readInput,
  type InputResult,
  PURGE_CACHE_TAGS_HEADER,
} from '@reelkeep/shared-contracts';
import type { ConsoleSectionReplyAudit } from '@reelkeep/shared-contracts/console';
import { isCampaignExpired } from '../src/campaign-rules.ts';
import { describeProblems, describeRefusal } from '../src/console/section-texts.ts';
import {
  campaignCreateForm,
  campaignEditForm,
  campaignEndForm,
  campaignScheduleForm,
  couponForm,
  couponRemoveForm,
} from '../src/console/section-inputs.ts';
import { campaignCache } from './campaign-cache.ts';
import { applyCampaignChange, findCampaignRefusal } from './campaign-changes.ts';
import { findCampaign, rescheduleCampaign, saveCampaign, type AuditAction, type CampaignRecord } from './campaign-repository.ts';
import { answer, showCampaign, showCreateForm, type CampaignForms, type SectionRequest } from './console-section-pages.ts';

/**
 * The changes of the console's Campaigns section (docs/console.md "Campaigns and coupons"): each form checked with its
 * schema, then the whole campaign as the admin API checks it (`findCampaignRefusal`), then written through the admin
 * API's code (`applyCampaignChange`: one transaction with the squad's own audit entry). A refusal shows the form
 * again with what was sent and a problem on each field; a change answers a redirect to the campaign's page.
 */

/** The moments and words of a campaign an audit entry keeps (the whole record would bury the change). */
function summarise(campaign: CampaignRecord | null) {
  if (!campaign) return null;
  const { nameKey, navTitleKey, newsletterKey, route, isImportant } = campaign;
  return {
    nameKey,
    navTitleKey,
    newsletterKey,
    route,
    isImportant,
    startsAt: new Date(campaign.startsAt).toISOString(),
    endsAt: new Date(campaign.endsAt).toISOString(),
    coupons: campaign.coupons.map((coupon) => coupon.code),
  };
}

/** Only what a change changed, before and after. */
export function diffSummaries(before: CampaignRecord | null, after: CampaignRecord | null): { before: unknown; after: unknown } {
  const was = summarise(before);
  const is = summarise(after);
  if (!was || !is) return { before: was, after: is };
  const changed = (Object.keys(is) as (keyof typeof is)[]).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, was[key]])),
    after: Object.fromEntries(changed.map((key) => [key, is[key]])),
  };
}

/** A campaign as the admin API's schema takes it back (coupons without their campaign's window). */
function toInput(campaign: CampaignRecord) {
  return {
    ...campaign,
    // The rest of a coupon is what the admin API takes: its code and terms.
    coupons: campaign.coupons.map(({ campaignId: _campaignId, startsAt: _startsAt, endsAt: _endsAt, ...coupon }) => coupon),
  };
}

/** A campaign's page again with one of its forms refused by its schema: what was sent, and a problem on each field. */
const refuseForm = (
  section: SectionRequest,
  existing: CampaignRecord,
  form: keyof CampaignForms,
  input: Extract<InputResult<unknown>, { ok: false }>,
) =>
  showCampaign(
    section,
    existing,
    400,
    { [form]: { values: input.fields, problems: describeProblems(section.t, input.problems) } },
    section.t('problems.notSaved'),
  );

/** `new`: creates a campaign with no coupons, images or carousel yet (the manager adds coupons on its page). */
export async function createCampaign(section: SectionRequest): Promise<Response> {
  const { request, context, t, sent } = section;
  const input = await readInput(request, campaignCreateForm);
  if (!input.ok) return showCreateForm(section, 400, { values: input.fields, problems: describeProblems(t, input.problems) });
  const campaign = campaignCreateInput.parse({ ...input.data, noNavRoutes: [], noAdRoutes: [], images: {}, carousel: [], coupons: [] });
  if (await findCampaign(context.db.query, campaign.id))
    return showCreateForm(section, 409, { values: sent, problems: { id: t('problems.campaign_exists') } });
  const refusal = await findCampaignRefusal(context, campaign);
  if (refusal) return showCreateForm(section, refusal.status, { values: sent, problems: describeRefusal(t, refusal) });
  return change(section, 'create', campaign.id, 'created', (query) => saveCampaign(query, campaign));
}

/** `<id>/edit`: a campaign's words, page and window. */
export async function editCampaign(section: SectionRequest, existing: CampaignRecord): Promise<Response> {
  const { request, context, t, sent } = section;
  const input = await readInput(request, campaignEditForm);
  const refused = (status: number, problems: Record<string, string>, values: Record<string, string> = {}) =>
    showCampaign(section, existing, status, { edit: { values, problems } }, t('problems.notSaved'));
  if (!input.ok) return refuseForm(section, existing, 'edit', input);
  const parsed = campaignUpdateInput.safeParse({ ...toInput(existing), ...input.data });
  if (!parsed.success) return refused(400, { form: t('problems.invalid') });
  const campaign = { ...parsed.data, id: existing.id };
  const refusal = await findCampaignRefusal(context, campaign);
  if (refusal) return refused(refusal.status, describeRefusal(t, refusal), sent);
  return change(section, 'update', existing.id, 'saved', (query) => saveCampaign(query, campaign));
}

/** `<id>/schedule`: a campaign's window. */
export async function scheduleCampaign(section: SectionRequest, existing: CampaignRecord): Promise<Response> {
  const input = await readInput(section.request, campaignScheduleForm);
  if (!input.ok) return refuseForm(section, existing, 'schedule', input);
  const { startsAt, endsAt } = input.data;
  return change(section, 'schedule', existing.id, 'scheduled', (query) => rescheduleCampaign(query, existing.id, startsAt, endsAt));
}

/** `<id>/end`: ends a campaign now, once confirmed. */
export async function endCampaign(section: SectionRequest, existing: CampaignRecord): Promise<Response> {
  const { t, now } = section;
  const input = await readInput(section.request, campaignEndForm);
  if (!input.ok)
    return showCampaign(section, existing, 400, { end: { values: {}, problems: { confirm: t('problems.confirm') } } }, t('problems.notSaved'));
  if (isCampaignExpired(existing, now)) return showCampaign(section, existing, 409, {}, t('problems.campaign_over'));
  // Ending a campaign that has not started leaves a one-millisecond window in the past: the end must follow the start.
  const startsAt = Math.min(existing.startsAt, now - 1);
  return change(section, 'end', existing.id, 'ended', (query) => rescheduleCampaign(query, existing.id, startsAt, now));
}

/** `<id>/coupons[/remove]`: saves a coupon of a campaign (a new code, or new terms for one it has), or removes one. */
export async function changeCoupons(section: SectionRequest, existing: CampaignRecord, remove: boolean): Promise<Response> {
  const { request, context, t, sent } = section;
  const base = toInput(existing);
  let code: string;
  let coupons: typeof base.coupons;
  if (remove) {
    const input = await readInput(request, couponRemoveForm);
    if (!input.ok || !existing.coupons.some((current) => current.code === input.data.code))
      return showCampaign(section, existing, 404, {}, t('problems.coupon_unknown'));
    code = input.data.code;
    coupons = base.coupons.filter((current) => current.code !== code);
  } else {
    const input = await readInput(request, couponForm);
    if (!input.ok) return refuseForm(section, existing, 'coupon', input);
    code = input.data.code;
    coupons = [...base.coupons.filter((current) => current.code !== code), input.data];
  }
  const refused = (status: number, problems: Record<string, string>) => {
    const forms: CampaignForms = remove ? {} : { coupon: { values: sent, problems } };
    return showCampaign(section, existing, status, forms, remove ? (problems.code ?? t('problems.notSaved')) : t('problems.notSaved'));
  };
  const parsed = campaignUpdateInput.safeParse({ ...base, coupons });
  // The one rule a coupon list can break here: a carousel entry still quotes the coupon (docs/campaigns.md "Carousel entries").
  if (!parsed.success) return refused(409, { code: t('problems.coupon_quoted') });
  const campaign = { ...parsed.data, id: existing.id };
  const refusal = await findCampaignRefusal(context, campaign);
  if (refusal) return refused(refusal.status, describeRefusal(t, refusal));
  const before = existing.coupons.find((current) => current.code === code) ?? null;
  return change(section, 'update', existing.id, remove ? 'coupon-removed' : 'coupon-saved', (query) => saveCampaign(query, campaign), {
    action: remove ? 'campaign.coupon-remove' : 'campaign.coupon-save',
    target: `${existing.id}:${code}`,
    before,
    after: remove ? null : (campaign.coupons.find((current) => current.code === code) ?? null),
  });
}

/**
 * Makes a change through the admin API's code (one transaction with the squad's audit entry), then answers the
 * redirect to the campaign's page with the entry the console's audit log keeps and the cache tags to purge, so the
 * site's next request shows it (docs/campaigns.md "Cached pages").
 */
async function change(
  { context, actor }: SectionRequest,
  action: AuditAction,
  id: string,
  done: string,
  write: Parameters<typeof applyCampaignChange>[4],
  audit?: ConsoleSectionReplyAudit,
): Promise<Response> {
  const { before, after } = await applyCampaignChange(context, action, id, `${actor.email} (console)`, write);
  campaignCache.forget(context.db);
  return answer(
    {
      kind: 'redirect',
      to: `campaign?${new URLSearchParams({ id, done })}`,
      audit: audit ?? { action: `campaign.${action}`, target: id, ...diffSummaries(before, after) },
    },
    { [PURGE_CACHE_TAGS_HEADER]: CAMPAIGN_CACHE_TAG },
  );
}
