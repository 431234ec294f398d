import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import {
  CACHE_TAGS_HEADER,
  CAMPAIGN_CACHE_TAG,
  CLIENT_IP_HEADER,
  PURGE_CACHE_TAGS_HEADER,
  campaignAdminQuery,
  campaignCouponQuery,
  campaignCreateInput,
  campaignEndInput,
  campaignIdInput,
  campaignScheduleInput,
  campaignUpdateInput,
  checkoutCampaignQuery,
  currentCampaignsQuery,
  frameCampaignQuery,
  parseCampaignMoment,
  readInput,
  respondJson,
  type CampaignDto,
  type CheckoutCampaignAnswer,
  type CurrentCampaignsAnswer,
  type FrameCampaignAnswer,
  type InputProblem,
} from '@reelkeep/shared-contracts';
import {
  isCampaignExpired,
  isCampaignRunning,
  orderForEventCenter,
  pickFrameCampaign,
  readPersonalDeadline,
  toDisplayedEnd,
} from '../src/campaign-rules.ts';
import {
  findCampaign,
  findCoupon,
  listAudit,
  listCampaigns,
  rescheduleCampaign,
  saveCampaign,
  type AuditAction,
  type CampaignInput,
  type CampaignRecord,
} from './campaign-repository.ts';
import { campaignCache } from './campaign-cache.ts';
import { applyCampaignChange, findCampaignRefusal } from './campaign-changes.ts';
import { toFrameCampaign } from './frame-campaign.ts';
import type { CampaignSettings } from './settings.ts';

type CampaignRoute = ApiRoute<CampaignSettings>;
type CampaignContext = HostContext<CampaignSettings>;

const ADMIN_PREFIX = '/api/campaign/admin/campaigns';

const refuse = (status: number, error: string, problems?: Record<string, InputProblem | string>) =>
  respondJson({ cscode: status, error, ...(problems ? { problems } : {}) }, status);
const refuseInput = (refused: { status: 400 | 415; problems: Record<string, InputProblem> }) =>
  refuse(refused.status, 'invalid_input', refused.problems);

/** A campaign as the pages read it, with what the visitor's link changes. */
function toCampaignDto(campaign: CampaignRecord, now: number, personalDeadline: number): CampaignDto {
  return {
    ...campaign,
    displayedEndsAt: toDisplayedEnd(campaign.endsAt, personalDeadline),
    expired: isCampaignExpired(campaign, now),
  };
}

/** `GET /api/campaign/current`: the frame's and the campaign pages' campaign, and the event centre's list. */
const currentRoute: CampaignRoute = {
  method: 'GET',
  path: '/api/campaign/current',
  async handle(request, context) {
    const input = await readInput(request, currentCampaignsQuery);
    if (!input.ok) return refuseInput(input);
    const now = Date.now();
    const previewAt = readPreviewAt(input.data.start_time);
    const deadline = readPersonalDeadline(input.data.ac_endtime, input.data.ac_source);
    const campaigns = await campaignCache.read(context.db);
    const shown = pickFrameCampaign(campaigns, now, previewAt);
    const eventCenter = orderForEventCenter(
      campaigns.filter((campaign) => campaign.carousel.some((entry) => entry.showInEventCenter)),
      now,
    );
    const body: CurrentCampaignsAnswer = {
      campaign: shown && toCampaignDto(shown, now, deadline),
      eventCenter: eventCenter.map((campaign) => toCampaignDto(campaign, now, deadline)),
    };
    return respondJson(body, 200, { [CACHE_TAGS_HEADER]: CAMPAIGN_CACHE_TAG });
  },
};

/** A link's preview moment: a `start_time` the rules cannot read is no preview at all (docs/campaigns.md "Activity"). */
const readPreviewAt = (startTime: string | undefined): number | undefined => (startTime ? (parseCampaignMoment(startTime) ?? undefined) : undefined);

/**
 * `GET /api/campaign/frame`: the frame's campaign slot in the page's locale (docs/campaigns.md "In the frame"):
 * the banner's line and art, the end the visitor is shown, and the routes where banner and ads never show.
 */
const frameRoute: CampaignRoute = {
  method: 'GET',
  path: '/api/campaign/frame',
  async handle(request, context) {
    const input = await readInput(request, frameCampaignQuery);
    if (!input.ok) return refuseInput(input);
    const now = Date.now();
    const campaign = pickFrameCampaign(await campaignCache.read(context.db), now, readPreviewAt(input.data.start_time));
    const deadline = readPersonalDeadline(input.data.ac_endtime, input.data.ac_source);
    const body: FrameCampaignAnswer = { campaign: campaign && (await toFrameCampaign(context, campaign, input.data.locale, now, deadline)) };
    return respondJson(body, 200, { [CACHE_TAGS_HEADER]: CAMPAIGN_CACHE_TAG });
  },
};

/** `GET /api/campaign/internal/coupon?code=`: the checkout's redemption reads a coupon and its window. */
const couponRoute: CampaignRoute = {
  method: 'GET',
  path: '/api/campaign/internal/coupon',
  async handle(request, context) {
    const input = await readInput(request, campaignCouponQuery);
    if (!input.ok) return refuseInput(input);
    return respondJson({ coupon: await findCoupon(context.db.query, input.data.code) });
  },
};

/** Reads a campaign name in a locale (English underneath; the key itself when even English lacks it). */
async function translateName(context: CampaignContext, locale: Parameters<CampaignContext['loadTranslations']>[0], key: string): Promise<string> {
  const resources = await context.loadTranslations(locale, ['campaign']);
  const names = (resources.campaign?.names ?? {}) as Record<string, unknown>;
  const name = names[key];
  return typeof name === 'string' ? name : key;
}

/**
 * `GET /api/campaign/internal/checkout-offer`: the campaign the checkout counts down to (at the previewed
 * moment) and the coupons of that campaign that can be redeemed now. A campaign previewed before it starts
 * shows no coupons, and an expired one never shows (docs/campaigns.md "Activity").
 */
const checkoutOfferRoute: CampaignRoute = {
  method: 'GET',
  path: '/api/campaign/internal/checkout-offer',
  async handle(request, context) {
    const input = await readInput(request, checkoutCampaignQuery);
    if (!input.ok) return refuseInput(input);
    const now = Date.now();
    const campaign = pickFrameCampaign(await campaignCache.read(context.db), now, input.data.preview_at);
    const body: CheckoutCampaignAnswer = {
      campaign: campaign && { id: campaign.id, name: await translateName(context, input.data.locale, campaign.nameKey), endsAt: campaign.endsAt },
      coupons: campaign && isCampaignRunning(campaign, now) ? campaign.coupons.filter((coupon) => coupon.show) : [],
    };
    return respondJson(body, 200, { 'cache-control': 'no-store' });
  },
};

/** Who made a change: the operator's name when the CLI sends one, and a pseudonym of the address. */
function readActor(request: Request, context: CampaignContext): string {
  const operator = /^[\w.@-]{1,64}$/.exec(request.headers.get('x-operator') ?? '')?.[0] ?? 'operator';
  return `${operator} (${context.keyedHash(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown').slice(0, 12)})`;
}

/** Applies an admin API change; the answer asks the host to drop the pages showing campaigns. */
async function changeCampaign(
  request: Request,
  context: CampaignContext,
  action: AuditAction,
  id: string,
  write: (query: CampaignContext['db']['query']) => Promise<void>,
): Promise<Response> {
  const { after } = await applyCampaignChange(context, action, id, readActor(request, context), write);
  return respondJson({ campaign: after }, action === 'create' ? 201 : 200, { [PURGE_CACHE_TAGS_HEADER]: CAMPAIGN_CACHE_TAG });
}

/** The admin API's answer to a campaign it cannot write, or null. */
async function checkCampaign(context: CampaignContext, campaign: CampaignInput): Promise<Response | null> {
  const refusal = await findCampaignRefusal(context, campaign);
  return refusal && refuse(refusal.status, refusal.error, refusal.problems);
}

/** Splits `/api/campaign/admin/campaigns/<id>[/<action>]`. */
function readAdminPath(request: Request): { id: string; action: string } | null {
  const rest = new URL(request.url).pathname.slice(ADMIN_PREFIX.length + 1).split('/');
  if (rest.length > 2 || !campaignIdInput.safeParse(rest[0]).success) return null;
  return { id: rest[0]!, action: rest[1] ?? '' };
}

/** The admin API (an API key or console session: `campaign:read` to read, `campaign:manage` to change; docs/campaigns.md "Admin API"): list, read, create, update, schedule, end, audit. */
const adminRoutes: CampaignRoute[] = [
  {
    method: 'GET',
    path: ADMIN_PREFIX,
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'campaign', action: 'read' });
      if (refusal) return refusal;
      const input = await readInput(request, campaignAdminQuery);
      if (!input.ok) return refuseInput(input);
      return respondJson({ campaigns: await listCampaigns(context.db.query) }, 200, { 'cache-control': 'no-store' });
    },
  },
  {
    method: 'POST',
    path: ADMIN_PREFIX,
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'campaign', action: 'manage' });
      if (refusal) return refusal;
      const input = await readInput(request, campaignCreateInput);
      if (!input.ok) return refuseInput(input);
      if (await findCampaign(context.db.query, input.data.id)) return refuse(409, 'campaign_exists');
      const problem = await checkCampaign(context, input.data);
      if (problem) return problem;
      return changeCampaign(request, context, 'create', input.data.id, (query) => saveCampaign(query, input.data));
    },
  },
  {
    method: 'GET',
    path: `${ADMIN_PREFIX}/`,
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'campaign', action: 'read' });
      if (refusal) return refusal;
      const target = readAdminPath(request);
      if (!target || (target.action !== '' && target.action !== 'audit')) return refuse(404, 'not_found');
      const campaign = await findCampaign(context.db.query, target.id);
      if (!campaign) return refuse(404, 'campaign_unknown');
      const body = target.action === 'audit' ? { audit: await listAudit(context.db.query, target.id) } : { campaign };
      return respondJson(body, 200, { 'cache-control': 'no-store' });
    },
  },
  {
    method: 'PUT',
    path: `${ADMIN_PREFIX}/`,
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'campaign', action: 'manage' });
      if (refusal) return refusal;
      const target = readAdminPath(request);
      if (!target || target.action !== '') return refuse(404, 'not_found');
      const input = await readInput(request, campaignUpdateInput);
      if (!input.ok) return refuseInput(input);
      if (!(await findCampaign(context.db.query, target.id))) return refuse(404, 'campaign_unknown');
      const campaign = { ...input.data, id: target.id };
      const problem = await checkCampaign(context, campaign);
      if (problem) return problem;
      return changeCampaign(request, context, 'update', target.id, (query) => saveCampaign(query, campaign));
    },
  },
  {
    method: 'POST',
    path: `${ADMIN_PREFIX}/`,
    async handle(request, context) {
      const refusal = await context.authorise(request, { resource: 'campaign', action: 'manage' });
      if (refusal) return refusal;
      const target = readAdminPath(request);
      if (!target || (target.action !== 'schedule' && target.action !== 'end')) return refuse(404, 'not_found');
      const existing = await findCampaign(context.db.query, target.id);
      if (!existing) return refuse(404, 'campaign_unknown');
      if (target.action === 'schedule') {
        const input = await readInput(request, campaignScheduleInput);
        if (!input.ok) return refuseInput(input);
        return changeCampaign(request, context, 'schedule', target.id, (query) =>
          rescheduleCampaign(query, target.id, input.data.startsAt, input.data.endsAt),
        );
      }
      const input = await readInput(request, campaignEndInput);
      if (!input.ok) return refuseInput(input);
      const now = Date.now();
      if (isCampaignExpired(existing, now)) return refuse(409, 'campaign_over');
      // Ending a campaign that has not started yet leaves a one-millisecond window in the past: the end must follow the start.
      const startsAt = Math.min(existing.startsAt, now - 1);
      return changeCampaign(request, context, 'end', target.id, (query) => rescheduleCampaign(query, target.id, startsAt, now));
    },
  },
];

/** Every route of the campaign squad. */
export const CAMPAIGN_ROUTES: readonly CampaignRoute[] = [currentRoute, frameRoute, couponRoute, checkoutOfferRoute, ...adminRoutes];
