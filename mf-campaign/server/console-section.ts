import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import {
  CAMPAIGN_CACHE_TAG,
  campaignCreateInput,
  campaignUpdateInput,
  localeInput,
  LOCALES,
  readInput,
  respondJson,
  type InputResult,
  type Locale,
  PURGE_CACHE_TAGS_HEADER,
} from '@reelkeep/shared-contracts';
import {
  canRole,
  CONSOLE_ACTOR_HEADER,
  CONSOLE_LOCALE_HEADER,
  consoleActorSchema,
  type ConsoleActor,
  type ConsoleSectionReply,
  type ConsoleSectionReplyAudit,
} from '@reelkeep/shared-contracts/console';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { isCampaignExpired } from '../src/campaign-rules.ts';
import {
  CampaignCreateForm,
  CampaignDetailPage,
  CampaignList,
  describeRefusal,
  describeProblems,
  Notice,
  titleOf,
  type FormState,
  type NameOption,
} from '../src/console/CampaignSection.tsx';
import { renderPreviewPart } from '../src/console/CampaignPreview.tsx';
import {
  campaignCreateForm,
  campaignDetailQuery,
  campaignEditForm,
  campaignEndForm,
  campaignListQuery,
  campaignPreviewQuery,
  campaignScheduleForm,
  couponForm,
  couponRemoveForm,
} from '../src/console/section-inputs.ts';
import { paginate, proposeStart, readCampaignState, sortCampaigns, toUtcMinute } from '../src/console/section-rules.ts';
import { applyCampaignChange, campaignCache, findCampaignRefusal, toFrameCampaign, type CampaignRefusal } from './campaign-routes.ts';
import { findCampaign, listCampaigns, rescheduleCampaign, saveCampaign, type AuditAction, type CampaignRecord } from './campaign-repository.ts';
import type { CampaignSettings } from './settings.ts';

type CampaignContext = HostContext<CampaignSettings>;

/**
 * The console's Campaigns and coupons section, server side (docs/console.md "Campaigns and coupons"): the squad's
 * `./console` module (`src/console/console-module.tsx`) calls this internal route after the host checked the origin,
 * the body's size and the permission (`campaign:read` to see, `campaign:manage` to change), naming the operator;
 * the host calls it too for a preview document. It renders the pages with the squad's components, makes changes
 * through the code the admin API uses (`applyCampaignChange`: one transaction with the squad's own audit entry), and
 * answers, after a change, the redirect with the before and after for the console's audit log and the page cache
 * tags the gateway purges (`x-purge-cache-tags`).
 *
 *   GET  ""                       the list          POST new                    create
 *   GET  new                      the create form   POST <id>/edit              words, page, window
 *   GET  <id>?preview=&done=      a campaign        POST <id>/schedule          window
 *   GET  <id>/preview?locale=&part=  a preview      POST <id>/end               end now
 *                                                   POST <id>/coupons[/remove]  save or remove a coupon
 */
export const CONSOLE_SECTION_PREFIX = '/api/campaign/internal/console/';

/** A section answer as JSON. */
const answer = (body: ConsoleSectionReply, headers: Record<string, string> = {}) =>
  respondJson(body, 200, { 'cache-control': 'no-store', ...headers });

/** A page of the section. */
const page = (status: number, title: string, element: ReactElement) => answer({ kind: 'page', status, title, html: renderToStaticMarkup(element) });

/** The moments and words of a campaign an audit entry keeps (the whole record would bury the change). */
function summarise(campaign: CampaignRecord | null) {
  if (!campaign) return null;
  return {
    nameKey: campaign.nameKey,
    navTitleKey: campaign.navTitleKey,
    newsletterKey: campaign.newsletterKey,
    route: campaign.route,
    isImportant: campaign.isImportant,
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
    coupons: campaign.coupons.map((coupon) => ({
      code: coupon.code,
      text: coupon.text,
      discountCents: coupon.discountCents,
      allowedTypes: coupon.allowedTypes,
      minPriceCents: coupon.minPriceCents,
      show: coupon.show,
    })),
  };
}

/** The form's fields as sent, to show back after a refusal. */
const echo = (input: InputResult<unknown>): Record<string, string> => (input.ok ? {} : input.fields);

/** The campaign names English has: the keys a campaign may name, labelled in the manager's locale. */
async function listNameOptions(context: CampaignContext, locale: Locale): Promise<NameOption[]> {
  const english = ((await context.loadTranslations('en', ['campaign'])).campaign?.names ?? {}) as Record<string, unknown>;
  const local = ((await context.loadTranslations(locale, ['campaign'])).campaign?.names ?? {}) as Record<string, unknown>;
  return Object.keys(english)
    .filter((key) => typeof english[key] === 'string')
    .map((key) => ({ key, label: typeof local[key] === 'string' ? local[key] : (english[key] as string) }));
}

/** The fields of a campaign form, from a stored campaign. */
const toFormValues = (campaign: CampaignRecord): Record<string, string> => ({
  nameKey: campaign.nameKey,
  navTitleKey: campaign.navTitleKey ?? '',
  newsletterKey: campaign.newsletterKey ?? '',
  route: campaign.route,
  startsAt: toUtcMinute(campaign.startsAt),
  endsAt: toUtcMinute(campaign.endsAt),
  ...(campaign.isImportant ? { isImportant: 'on' } : {}),
});

/** Handles one forwarded console request. */
export async function handleConsoleSection(request: Request, context: CampaignContext): Promise<Response> {
  const actorHeader = request.headers.get(CONSOLE_ACTOR_HEADER);
  let actor: ConsoleActor | null = null;
  try {
    actor = actorHeader ? consoleActorSchema.parse(JSON.parse(actorHeader)) : null;
  } catch {
    actor = null;
  }
  // Only the host calls this route, after its permission check; an actor it did not name is a bug, not a visitor.
  if (!actor || !canRole(actor.role, { resource: 'campaign', action: 'read' })) return respondJson({ cscode: 403, error: 'forbidden' }, 403);
  const locale = localeInput.parse(request.headers.get(CONSOLE_LOCALE_HEADER) ?? undefined);
  const resources = await context.loadTranslations(locale, ['console_campaign', 'campaign', 'common']);
  const i18n = createI18n(locale, resources, { defaultNS: 'console_campaign' });
  const t = fixedTranslate(i18n, 'console_campaign');
  const nameOf = (campaign: Pick<CampaignRecord, 'nameKey' | 'id'>) => {
    const name = fixedTranslate(i18n, 'campaign')(`names.${campaign.nameKey}`);
    return name === `names.${campaign.nameKey}` ? campaign.id : name;
  };
  const canManage = canRole(actor.role, { resource: 'campaign', action: 'manage' });
  const url = new URL(request.url);
  const rest = url.pathname.slice(CONSOLE_SECTION_PREFIX.length).replace(/\/$/, '');
  const [id = '', action = '', subAction = ''] = rest.split('/');
  const post = request.method === 'POST';
  // What the form sent, as text: a refusal found after the schema (a taken code, an unknown key) shows it back.
  const sent: Record<string, string> = post ? Object.fromEntries(new URLSearchParams(await request.clone().text())) : {};
  if (post && !canManage) return page(403, titleOf(t, 'forbidden'), createElement(Notice, { kind: 'problem', text: t('problems.forbidden') }));
  const now = Date.now();
  const names = await listNameOptions(context, locale);
  const notFound = () => page(404, titleOf(t, 'notFound'), createElement(Notice, { kind: 'problem', text: t('problems.campaign_unknown') }));

  // The list: every campaign, sortable, paginated, filtered by state.
  if (rest === '') {
    if (post) return notFound();
    const input = await readInput(request, campaignListQuery);
    const query = input.ok ? input.data : campaignListQuery.parse({});
    const campaigns = await listCampaigns(context.db.query);
    const state = query.state || undefined;
    const rows = campaigns
      .map((campaign) => ({
        id: campaign.id,
        name: nameOf(campaign),
        state: readCampaignState(campaign, now),
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt,
        coupons: campaign.coupons.length,
      }))
      .filter((row) => !state || row.state === state);
    const sorted = sortCampaigns(rows, query.sort, query.dir, now, (row) => row.name, locale);
    const shown = paginate(sorted, query.page);
    return page(
      input.ok ? 200 : 400,
      titleOf(t, 'list'),
      createElement(CampaignList, {
        t,
        items: shown.items,
        query: { sort: query.sort, dir: query.dir, state },
        page: shown.page,
        pages: shown.pages,
        total: rows.length,
        canManage,
      }),
    );
  }

  // A new campaign: the form (starting this minute, for a week), then its creation.
  if (rest === 'new') {
    const blank: FormState = {
      values: { route: 'sales-campaign', startsAt: toUtcMinute(proposeStart(now)), endsAt: toUtcMinute(proposeStart(now) + 7 * 86_400_000) },
      problems: {},
    };
    if (!canManage) return page(403, titleOf(t, 'forbidden'), createElement(Notice, { kind: 'problem', text: t('problems.forbidden') }));
    if (!post) return page(200, titleOf(t, 'create'), createElement(CampaignCreateForm, { t, names, form: blank }));
    const input = await readInput(request, campaignCreateForm);
    const refused = (status: number, problems: Record<string, string>) =>
      page(status, titleOf(t, 'create'), createElement(CampaignCreateForm, { t, names, form: { values: echo(input), problems } }));
    if (!input.ok) return refused(400, describeProblems(t, input.problems));
    const campaign = campaignCreateInput.parse({ ...input.data, noNavRoutes: [], noAdRoutes: [], images: {}, carousel: [], coupons: [] });
    const keep = { values: sent, problems: {} };
    if (await findCampaign(context.db.query, campaign.id))
      return page(
        409,
        titleOf(t, 'create'),
        createElement(CampaignCreateForm, { t, names, form: { ...keep, problems: { id: t('problems.campaign_exists') } } }),
      );
    const refusal = await findCampaignRefusal(context, campaign);
    if (refusal)
      return page(
        refusal.status,
        titleOf(t, 'create'),
        createElement(CampaignCreateForm, { t, names, form: { ...keep, problems: describeRefusal(t, refusal) } }),
      );
    return change(context, actor, 'create', campaign.id, 'created', (query) => saveCampaign(query, campaign));
  }

  const existing = /^[a-z0-9][a-z0-9-]{1,39}$/.test(id) ? await findCampaign(context.db.query, id) : null;
  if (!existing) return notFound();
  const detail = async (status: number, forms: Partial<Record<'edit' | 'schedule' | 'coupon' | 'end', FormState>>, notice?: string) => {
    const query = campaignDetailQuery.safeParse(Object.fromEntries(url.searchParams));
    const previewLocale = query.success ? query.data.preview : 'en';
    const done = query.success ? query.data.done : undefined;
    const languageNames = Object.fromEntries(LOCALES.map((code) => [code, new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code]));
    return page(
      status,
      titleOf(t, 'detail', { name: nameOf(existing) }),
      createElement(
        'div',
        null,
        notice
          ? createElement(Notice, { kind: 'problem', text: notice })
          : done
            ? createElement(Notice, { kind: 'done', text: t(`done.${done}`) })
            : null,
        createElement(CampaignDetailPage, {
          t,
          locale,
          campaign: {
            ...existing,
            name: nameOf(existing),
            state: readCampaignState(existing, now),
            eventEntries: existing.carousel.filter((entry) => entry.showInEventCenter).length,
          },
          names,
          canManage,
          forms: {
            edit: forms.edit ?? { values: toFormValues(existing), problems: {} },
            schedule: forms.schedule ?? { values: {}, problems: {} },
            coupon: forms.coupon ?? { values: {}, problems: {} },
            end: forms.end ?? { values: {}, problems: {} },
          },
          previewLocale,
          languageNames,
        }),
      ),
    );
  };

  if (action === '' && !post) return detail(200, {});

  // The preview of a part, in a locale: the host wraps it in a document of its own.
  if (action === 'preview' && !post) {
    const input = await readInput(request, campaignPreviewQuery);
    if (!input.ok) return page(400, titleOf(t, 'preview'), createElement(Notice, { kind: 'problem', text: t('problems.invalid') }));
    const { locale: shownLocale, part } = input.data;
    const campaignTexts = await context.loadTranslations(shownLocale, ['campaign', 'common']);
    const shown = { ...existing, displayedEndsAt: existing.endsAt, expired: isCampaignExpired(existing, now) };
    const frame = await toFrameCampaign(context, existing, shownLocale, now);
    const title = titleOf(t, 'previewOf', { name: nameOf(existing), part: t(`preview.parts.${part}`) });
    if (part === 'banner') return answer({ kind: 'preview', title, html: '', banner: frame });
    const html = renderPreviewPart(part, {
      campaign: shown,
      frame,
      now,
      locale: shownLocale,
      i18n: createI18n(shownLocale, campaignTexts, { defaultNS: 'campaign' }),
    });
    return answer({ kind: 'preview', title, html });
  }
  if (!post) return notFound();

  if (action === 'edit' && subAction === '') {
    const input = await readInput(request, campaignEditForm);
    const refused = (status: number, problems: Record<string, string>, values = echo(input)) =>
      detail(status, { edit: { values, problems } }, t('problems.notSaved'));
    if (!input.ok) return refused(400, describeProblems(t, input.problems));
    const parsed = campaignUpdateInput.safeParse({ ...toInput(existing), ...input.data });
    if (!parsed.success) return refused(400, { form: t('problems.invalid') });
    const campaign = { ...parsed.data, id: existing.id };
    const refusal = await findCampaignRefusal(context, campaign);
    if (refusal) return refused(refusal.status, describeRefusal(t, refusal), sent);
    return change(context, actor, 'update', existing.id, 'saved', (query) => saveCampaign(query, campaign));
  }

  if (action === 'schedule' && subAction === '') {
    const input = await readInput(request, campaignScheduleForm);
    if (!input.ok) return detail(400, { schedule: { values: echo(input), problems: describeProblems(t, input.problems) } }, t('problems.notSaved'));
    const { startsAt, endsAt } = input.data;
    return change(context, actor, 'schedule', existing.id, 'scheduled', (query) => rescheduleCampaign(query, existing.id, startsAt, endsAt));
  }

  if (action === 'end' && subAction === '') {
    const input = await readInput(request, campaignEndForm);
    if (!input.ok) return detail(400, { end: { values: {}, problems: { confirm: t('problems.confirm') } } }, t('problems.notSaved'));
    if (isCampaignExpired(existing, now)) return detail(409, {}, t('problems.campaign_over'));
    // Ending a campaign that has not started leaves a one-millisecond window in the past: the end must follow the start.
    const startsAt = Math.min(existing.startsAt, now - 1);
    return change(context, actor, 'end', existing.id, 'ended', (query) => rescheduleCampaign(query, existing.id, startsAt, now));
  }

  if (action === 'coupons' && (subAction === '' || subAction === 'remove')) {
    const remove = subAction === 'remove';
    const base = toInput(existing);
    let code: string;
    let coupons: typeof base.coupons;
    if (remove) {
      const input = await readInput(request, couponRemoveForm);
      if (!input.ok || !existing.coupons.some((current) => current.code === input.data.code)) return detail(404, {}, t('problems.coupon_unknown'));
      code = input.data.code;
      coupons = base.coupons.filter((current) => current.code !== code);
    } else {
      const input = await readInput(request, couponForm);
      if (!input.ok) return detail(400, { coupon: { values: echo(input), problems: describeProblems(t, input.problems) } }, t('problems.notSaved'));
      code = input.data.code;
      coupons = [...base.coupons.filter((current) => current.code !== code), input.data];
    }
    const refused = (status: number, problems: Record<string, string>) =>
      detail(
        status,
        remove ? {} : { coupon: { values: sent, problems } },
        remove ? (problems.code ?? t('problems.notSaved')) : t('problems.notSaved'),
      );
    const parsed = campaignUpdateInput.safeParse({ ...base, coupons });
    // The one rule a coupon list can break here: a carousel entry still quotes the coupon (docs/campaigns.md "Carousel entries").
    if (!parsed.success) return refused(409, { code: t('problems.coupon_quoted') });
    const campaign = { ...parsed.data, id: existing.id };
    const refusal = await findCampaignRefusal(context, campaign);
    if (refusal) return refused(refusal.status, describeRefusal(t, refusal));
    const before = existing.coupons.find((current) => current.code === code) ?? null;
    return change(context, actor, 'update', existing.id, remove ? 'coupon-removed' : 'coupon-saved', (query) => saveCampaign(query, campaign), {
      action: remove ? 'campaign.coupon-remove' : 'campaign.coupon-save',
      target: `${existing.id}:${code}`,
      before,
      after: remove ? null : (campaign.coupons.find((current) => current.code === code) ?? null),
    });
  }
  return notFound();
}

/**
 * Makes a change through the admin API's code (one transaction with the squad's audit entry), then answers the
 * redirect to the campaign's page with the entry the console's audit log keeps and the cache tags to purge, so the
 * site's next request shows it (docs/campaigns.md "Cached pages").
 */
async function change(
  context: CampaignContext,
  actor: ConsoleActor,
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

/** The section's routes: pages and forms under one prefix, reachable from the host only (`/internal/`). */
export const CONSOLE_SECTION_ROUTES: ApiRoute<CampaignSettings>[] = [
  { method: 'GET', path: CONSOLE_SECTION_PREFIX, handle: handleConsoleSection },
  { method: 'POST', path: CONSOLE_SECTION_PREFIX, maxBodyBytes: 16 * 1024, handle: handleConsoleSection },
];

export type { CampaignRefusal };
