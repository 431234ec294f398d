import type { HostContext } from '@reelkeep/platform/host-context';
import { campaignCache } from './campaign-cache.ts';
import {
  findCampaign,
  findCodesOfOtherCampaigns,
  recordAudit,
  type AuditAction,
  type CampaignInput,
  type CampaignRecord,
} from './campaign-repository.ts';
import type { CampaignSettings } from './settings.ts';

type CampaignContext = HostContext<CampaignSettings>;

/**
 * How a campaign is written, by the admin API (`campaign-routes.ts`) and the console's section
 * (`console-section-changes.ts`) alike: checked whole first, then changed in one transaction with its audit entry.
 */

/** The translation keys a campaign names that English lacks (each locale has every English key: check:i18n). */
async function findUnknownKeys(context: CampaignContext, campaign: CampaignInput): Promise<Record<string, string>> {
  const resources = await context.loadTranslations('en', ['campaign']);
  const names = (resources.campaign?.names ?? {}) as Record<string, unknown>;
  const carousel = (resources.campaign?.carousel ?? {}) as Record<string, unknown>;
  const problems: Record<string, string> = {};
  for (const field of ['nameKey', 'newsletterKey', 'navTitleKey'] as const) {
    const key = campaign[field];
    if (key !== null && typeof names[key] !== 'string') problems[field] = 'unknown_translation_key';
  }
  campaign.carousel.forEach((entry, index) => {
    for (const field of ['titleKey', 'descriptionKey', 'floatKey', 'buttonKey'] as const) {
      const key = entry[field];
      if (key !== undefined && typeof carousel[key] !== 'string') problems[`carousel.${index}.${field}`] = 'unknown_translation_key';
    }
  });
  return problems;
}

/** Why a whole campaign cannot be written: a key English lacks, a code twice, a code another campaign holds. */
export type CampaignRefusal =
  | { error: 'unknown_translation_key'; status: 400; problems: Record<string, string> }
  | { error: 'duplicate_coupon'; status: 400; problems: Record<string, string> }
  | { error: 'coupon_taken'; status: 409; problems: Record<string, string> };

/** Checks a whole campaign before it is written: its keys exist, its coupon codes are its own (null when it may be written). */
export async function findCampaignRefusal(context: CampaignContext, campaign: CampaignInput): Promise<CampaignRefusal | null> {
  const unknownKeys = await findUnknownKeys(context, campaign);
  if (Object.keys(unknownKeys).length > 0) return { error: 'unknown_translation_key', status: 400, problems: unknownKeys };
  const codes = campaign.coupons.map((coupon) => coupon.code);
  if (new Set(codes).size !== codes.length) return { error: 'duplicate_coupon', status: 400, problems: { coupons: 'invalid' } };
  const taken = await findCodesOfOtherCampaigns(context.db.query, campaign.id, codes);
  if (taken.length > 0) return { error: 'coupon_taken', status: 409, problems: Object.fromEntries(taken.map((code) => [code, 'taken'])) };
  return null;
}

/**
 * Applies a change in one transaction with its entry of `campaign.audit_log` and drops this process's copy of the
 * campaigns; the admin API and the console's section share it (docs/campaigns.md "Admin API", docs/console.md).
 */
export async function applyCampaignChange(
  context: CampaignContext,
  action: AuditAction,
  id: string,
  actor: string,
  write: (query: CampaignContext['db']['query']) => Promise<void>,
): Promise<{ before: CampaignRecord | null; after: CampaignRecord | null }> {
  let change: { before: CampaignRecord | null; after: CampaignRecord | null } = { before: null, after: null };
  await context.db.transaction(async (query) => {
    const before = await findCampaign(query, id);
    await write(query);
    const after = await findCampaign(query, id);
    await recordAudit(query, { action, campaignId: id, actor, before, after });
    change = { before, after };
  });
  campaignCache.forget(context.db);
  context.logger.info('campaign changed', { action, id });
  return change;
}
