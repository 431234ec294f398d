import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createI18n } from '@reelkeep/shared-contracts/i18n';
import { LOCALES, readInput, respondJson, type Locale, type Translate } from '@reelkeep/shared-contracts';
import type { ConsoleActor, ConsoleSectionReply } from '@reelkeep/shared-contracts/console';
import type { HostContext } from '@reelkeep/platform/host-context';
import { isCampaignExpired } from '../src/campaign-rules.ts';
import { CampaignList } from '../src/console/CampaignList.tsx';
import { CampaignCreateForm, type NameOption } from '../src/console/CampaignForm.tsx';
import { CampaignDetailPage } from '../src/console/CampaignDetailPage.tsx';
import { renderPreviewPart } from '../src/console/CampaignPreview.tsx';
import { Notice, type FormState } from '../src/console/SectionForm.tsx';
import { titleOf } from '../src/console/section-texts.ts';
import { campaignDetailQuery, campaignListQuery, campaignPreviewQuery } from '../src/console/section-inputs.ts';
import { paginate, proposeStart, readCampaignState, sortCampaigns, toUtcMinute } from '../src/console/section-rules.ts';
import { toFrameCampaign } from './frame-campaign.ts';
import { listCampaigns, type CampaignRecord } from './campaign-repository.ts';
import type { CampaignSettings } from './settings.ts';

/**
 * The pages of the console's Campaigns section (docs/console.md "Campaigns and coupons"): the list, the create form,
 * a campaign's page with its forms, and the preview of a part; each rendered to static HTML with the squad's
 * components (`src/console/`). A refused change (`console-section-changes.ts`) comes back as one of them.
 */

export type CampaignContext = HostContext<CampaignSettings>;

/** One request to the section as its pages and changes read it, made once by the route (`console-section.ts`). */
export interface SectionRequest {
  request: Request;
  context: CampaignContext;
  /** The operator the host named. */
  actor: ConsoleActor;
  /** The manager's locale. */
  locale: Locale;
  /** The `console_campaign` namespace in the manager's locale. */
  t: Translate;
  /** A campaign's name in the manager's locale (its id when the name is not translated). */
  nameOf: (campaign: Pick<CampaignRecord, 'nameKey' | 'id'>) => string;
  /** The operator may change campaigns (`campaign:manage`). */
  canManage: boolean;
  url: URL;
  /** What the form sent, as text: a refusal found after the schema (a taken code, an unknown key) shows it back. */
  sent: Record<string, string>;
  now: number;
  /** The campaign names a form offers. */
  names: NameOption[];
}

/** A section answer as JSON. */
export const answer = (body: ConsoleSectionReply, headers: Record<string, string> = {}) =>
  respondJson(body, 200, { 'cache-control': 'no-store', ...headers });

/** A page of the section. */
export const page = (status: number, title: string, element: ReactElement) =>
  answer({ kind: 'page', status, title, html: renderToStaticMarkup(element) });

/** The page refusing an operator who may only read. */
export const showForbidden = (t: Translate) =>
  page(403, titleOf(t, 'forbidden'), createElement(Notice, { kind: 'problem', text: t('problems.forbidden') }));

/** The page for a campaign or a page the section does not have. */
export const showNotFound = ({ t }: SectionRequest) =>
  page(404, titleOf(t, 'notFound'), createElement(Notice, { kind: 'problem', text: t('problems.campaign_unknown') }));

/** The campaign names English has: the keys a campaign may name, labelled in the manager's locale. */
export async function listNameOptions(context: CampaignContext, locale: Locale): Promise<NameOption[]> {
  const english = ((await context.loadTranslations('en', ['campaign'])).campaign?.names ?? {}) as Record<string, unknown>;
  const local = ((await context.loadTranslations(locale, ['campaign'])).campaign?.names ?? {}) as Record<string, unknown>;
  return Object.keys(english)
    .filter((key) => typeof english[key] === 'string')
    .map((key) => ({ key, label: typeof local[key] === 'string' ? local[key] : (english[key] as string) }));
}

/** The list: every campaign, sortable, paginated, filtered by state. */
export async function showList({ request, context, t, nameOf, canManage, now, locale }: SectionRequest): Promise<Response> {
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

/** A new campaign's form: starting this minute, for a week. */
export const blankCampaignForm = (now: number): FormState => ({
  values: { route: 'sales-campaign', startsAt: toUtcMinute(proposeStart(now)), endsAt: toUtcMinute(proposeStart(now) + 7 * 86_400_000) },
  problems: {},
});

/** The create form, blank or refused. */
export const showCreateForm = ({ t, names }: SectionRequest, status: number, form: FormState) =>
  page(status, titleOf(t, 'create'), createElement(CampaignCreateForm, { t, names, form }));

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

/** A campaign's forms as the page shows them: blank, or the one refused. */
export type CampaignForms = Partial<Record<'edit' | 'schedule' | 'coupon' | 'end', FormState>>;

/** A campaign's page: its summary, its coupons, its forms (one of them refused, with `notice`), its previews. */
export function showCampaign(section: SectionRequest, existing: CampaignRecord, status: number, forms: CampaignForms, notice?: string) {
  const { t, url, nameOf, locale, names, canManage, now } = section;
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
}

/** The preview of a part, in a locale: the host wraps it in a document of its own. */
export async function showPreview({ request, context, t, nameOf, now }: SectionRequest, existing: CampaignRecord): Promise<Response> {
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
