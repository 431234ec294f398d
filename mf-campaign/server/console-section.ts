import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { localeInput, respondJson } from '@reelkeep/shared-contracts';
import { canRole, CONSOLE_ACTOR_HEADER, CONSOLE_LOCALE_HEADER, consoleActorSchema, type ConsoleActor } from '@reelkeep/shared-contracts/console';
import type { ApiRoute } from '@reelkeep/platform/host-context';
import { changeCoupons, createCampaign, editCampaign, endCampaign, scheduleCampaign } from './console-section-changes.ts';
import {
  blankCampaignForm,
  listNameOptions,
  showCampaign,
  showCreateForm,
  showForbidden,
  showList,
  showNotFound,
  showPreview,
  type CampaignContext,
  type SectionRequest,
} from './console-section-pages.ts';
import { findCampaign, type CampaignRecord } from './campaign-repository.ts';
import type { CampaignSettings } from './settings.ts';

/**
 * The console's Campaigns and coupons section, server side (docs/console.md "Campaigns and coupons"): the squad's
 * `./console` module (`src/console/console-module.tsx`) calls this internal route after the host checked the origin,
 * the body's size and the permission (`campaign:read` to see, `campaign:manage` to change), naming the operator;
 * the host calls it too for a preview document. It renders the pages with the squad's components
 * (`console-section-pages.ts`), makes changes through the code the admin API uses (`console-section-changes.ts`:
 * `applyCampaignChange`, one transaction with the squad's own audit entry), and answers, after a change, the redirect
 * with the before and after for the console's audit log and the page cache tags the gateway purges
 * (`x-purge-cache-tags`).
 *
 *   GET  ""                       the list          POST new                    create
 *   GET  new                      the create form   POST <id>/edit              words, page, window
 *   GET  <id>?preview=&done=      a campaign        POST <id>/schedule          window
 *   GET  <id>/preview?locale=&part=  a preview      POST <id>/end               end now
 *                                                   POST <id>/coupons[/remove]  save or remove a coupon
 */
export const CONSOLE_SECTION_PREFIX = '/api/campaign/internal/console/';

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
  const sent: Record<string, string> = post ? Object.fromEntries(new URLSearchParams(await request.clone().text())) : {};
  if (post && !canManage) return showForbidden(t);
  const now = Date.now();
  const names = await listNameOptions(context, locale);
  const section: SectionRequest = { request, context, actor, locale, t, nameOf, canManage, url, sent, now, names };

  if (rest === '') return post ? showNotFound(section) : showList(section);
  if (rest === 'new') {
    if (!canManage) return showForbidden(t);
    return post ? createCampaign(section) : showCreateForm(section, 200, blankCampaignForm(now));
  }
  const existing = /^[a-z0-9][a-z0-9-]{1,39}$/.test(id) ? await findCampaign(context.db.query, id) : null;
  if (!existing) return showNotFound(section);
  if (!post) {
    if (action === '') return showCampaign(section, existing, 200, {});
    if (action === 'preview') return showPreview(section, existing);
    return showNotFound(section);
  }
  if (action === 'edit' && subAction === '') return editCampaign(section, existing);
  if (action === 'schedule' && subAction === '') return scheduleCampaign(section, existing);
  if (action === 'end' && subAction === '') return endCampaign(section, existing);
  if (action === 'coupons' && (subAction === '' || subAction === 'remove')) return changeCoupons(section, existing, subAction === 'remove');
  return showNotFound(section);
}

/** The section's routes: pages and forms under one prefix, reachable from the host only (`/internal/`). */
export const CONSOLE_SECTION_ROUTES: ApiRoute<CampaignSettings>[] = [
  { method: 'GET', path: CONSOLE_SECTION_PREFIX, handle: handleConsoleSection },
  { method: 'POST', path: CONSOLE_SECTION_PREFIX, maxBodyBytes: 16 * 1024, handle: handleConsoleSection },
];
