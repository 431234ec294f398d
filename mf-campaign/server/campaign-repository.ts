import type { z } from 'zod';
import type { Database } from '@reelkeep/platform/host-context';
import type {
  CampaignBottomAdDto,
  CampaignCarouselEntryDto,
  CampaignCouponDto,
  CampaignImagesDto,
  campaignCreateInput,
  PlanType,
} from '@reelkeep/shared-contracts';

type Query = Database['query'];

/** A campaign as stored, with its coupons (epoch ms). */
export interface CampaignRecord {
  id: string;
  nameKey: string;
  newsletterKey: string | null;
  navTitleKey: string | null;
  route: string;
  startsAt: number;
  endsAt: number;
  isImportant: boolean;
  noNavRoutes: string[];
  noAdRoutes: string[];
  images: CampaignImagesDto;
  bottomAd: CampaignBottomAdDto | null;
  carousel: CampaignCarouselEntryDto[];
  coupons: CampaignCouponDto[];
}

/** A campaign as an operator sends it (the admin API's schema). */
export type CampaignInput = z.output<typeof campaignCreateInput>;

/** What an audit entry says. */
export type AuditAction = 'create' | 'update' | 'schedule' | 'end';

interface CampaignRow {
  id: string;
  name_key: string;
  newsletter_key: string | null;
  nav_title_key: string | null;
  route: string;
  starts_at: Date;
  ends_at: Date;
  is_important: boolean;
  no_nav_routes: string[];
  no_ad_routes: string[];
  images: CampaignImagesDto;
  bottom_ad: CampaignBottomAdDto | null;
  carousel: CampaignCarouselEntryDto[];
}

interface CouponRow {
  code: string;
  text: string;
  discount_cents: number;
  allowed_types: PlanType[];
  allow_price_cents: number;
  show: boolean;
  campaign_id: string;
  starts_at: Date;
  ends_at: Date;
}

// PGlite hands jsonb back parsed, node-postgres too; a driver that returns text still reads right.
const readJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

const toCoupon = (row: CouponRow): CampaignCouponDto => ({
  code: row.code,
  text: row.text,
  discountCents: row.discount_cents,
  allowedTypes: row.allowed_types,
  minPriceCents: row.allow_price_cents,
  show: row.show,
  campaignId: row.campaign_id,
  startsAt: new Date(row.starts_at).getTime(),
  endsAt: new Date(row.ends_at).getTime(),
});

const toCampaign = (row: CampaignRow, coupons: CampaignCouponDto[]): CampaignRecord => ({
  id: row.id,
  nameKey: row.name_key,
  newsletterKey: row.newsletter_key,
  navTitleKey: row.nav_title_key,
  route: row.route,
  startsAt: new Date(row.starts_at).getTime(),
  endsAt: new Date(row.ends_at).getTime(),
  isImportant: row.is_important,
  noNavRoutes: row.no_nav_routes,
  noAdRoutes: row.no_ad_routes,
  images: readJson<CampaignImagesDto>(row.images),
  bottomAd: readJson<CampaignBottomAdDto | null>(row.bottom_ad),
  carousel: readJson<CampaignCarouselEntryDto[]>(row.carousel),
  coupons,
});

const COUPON_COLUMNS = 'c.code, c.text, c.discount_cents, c.allowed_types, c.allow_price_cents, c.show, c.campaign_id, k.starts_at, k.ends_at';

/** Every campaign with its coupons (largest discount first), oldest start first. */
export async function listCampaigns(query: Query): Promise<CampaignRecord[]> {
  const rows = await query<CampaignRow>('SELECT * FROM campaign.campaigns ORDER BY starts_at, id');
  const coupons = await query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM campaign.coupons c JOIN campaign.campaigns k ON k.id = c.campaign_id ORDER BY c.discount_cents DESC, c.code`,
  );
  return rows.map((row) => toCampaign(row, coupons.filter((coupon) => coupon.campaign_id === row.id).map(toCoupon)));
}

/** One campaign, or null. */
export async function findCampaign(query: Query, id: string): Promise<CampaignRecord | null> {
  const [row] = await query<CampaignRow>('SELECT * FROM campaign.campaigns WHERE id = $1', [id]);
  if (!row) return null;
  const coupons = await query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM campaign.coupons c JOIN campaign.campaigns k ON k.id = c.campaign_id WHERE c.campaign_id = $1 ORDER BY c.discount_cents DESC, c.code`,
    [id],
  );
  return toCampaign(row, coupons.map(toCoupon));
}

/** A coupon by its (upper-case) code with its campaign's window, running or not. */
export async function findCoupon(query: Query, code: string): Promise<CampaignCouponDto | null> {
  const [row] = await query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM campaign.coupons c JOIN campaign.campaigns k ON k.id = c.campaign_id WHERE c.code = $1`,
    [code.trim().toUpperCase()],
  );
  return row ? toCoupon(row) : null;
}

/** Codes of this list already held by another campaign (a code names one coupon site-wide). */
export async function findCodesOfOtherCampaigns(query: Query, id: string, codes: readonly string[]): Promise<string[]> {
  const rows = await query<{ code: string }>('SELECT code FROM campaign.coupons WHERE code = ANY($1) AND campaign_id <> $2', [[...codes], id]);
  return rows.map((row) => row.code);
}

/** Writes a campaign and replaces its coupons, in the caller's transaction. */
export async function saveCampaign(query: Query, campaign: CampaignInput): Promise<void> {
  await query(
    `INSERT INTO campaign.campaigns (id, name_key, newsletter_key, nav_title_key, route, starts_at, ends_at, is_important, no_nav_routes, no_ad_routes, images, bottom_ad, carousel)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (id) DO UPDATE SET name_key = EXCLUDED.name_key, newsletter_key = EXCLUDED.newsletter_key, nav_title_key = EXCLUDED.nav_title_key,
       route = EXCLUDED.route, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, is_important = EXCLUDED.is_important,
       no_nav_routes = EXCLUDED.no_nav_routes, no_ad_routes = EXCLUDED.no_ad_routes, images = EXCLUDED.images, bottom_ad = EXCLUDED.bottom_ad,
       carousel = EXCLUDED.carousel, updated_at = now()`,
    [
      campaign.id,
      campaign.nameKey,
      campaign.newsletterKey,
      campaign.navTitleKey,
      campaign.route,
      new Date(campaign.startsAt),
      new Date(campaign.endsAt),
      campaign.isImportant,
      campaign.noNavRoutes,
      campaign.noAdRoutes,
      JSON.stringify(campaign.images),
      campaign.bottomAd === null ? null : JSON.stringify(campaign.bottomAd),
      JSON.stringify(campaign.carousel),
    ],
  );
  await query('DELETE FROM campaign.coupons WHERE campaign_id = $1', [campaign.id]);
  for (const coupon of campaign.coupons) {
    await query(
      `INSERT INTO campaign.coupons (code, campaign_id, text, type, discount_cents, allowed_types, allow_price_cents, show, group_type) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        coupon.code,
        campaign.id,
        coupon.text,
        coupon.type,
        coupon.discountCents,
        coupon.allowedTypes,
        coupon.minPriceCents,
        coupon.show,
        coupon.groupType,
      ],
    );
  }
}

/** Moves a campaign's window, in the caller's transaction. */
export async function rescheduleCampaign(query: Query, id: string, startsAt: number, endsAt: number): Promise<void> {
  await query('UPDATE campaign.campaigns SET starts_at = $2, ends_at = $3, updated_at = now() WHERE id = $1', [
    id,
    new Date(startsAt),
    new Date(endsAt),
  ]);
}

/** Records an operator's change: who, what, the campaign before and after. */
export async function recordAudit(
  query: Query,
  entry: { action: AuditAction; campaignId: string; actor: string; before: CampaignRecord | null; after: CampaignRecord | null },
): Promise<void> {
  await query('INSERT INTO campaign.audit_log (action, campaign_id, actor, before, after) VALUES ($1, $2, $3, $4, $5)', [
    entry.action,
    entry.campaignId,
    entry.actor,
    entry.before && JSON.stringify(entry.before),
    entry.after && JSON.stringify(entry.after),
  ]);
}

/** An audit entry as the admin API lists it. */
export interface AuditEntry {
  at: string;
  action: AuditAction;
  campaignId: string;
  actor: string;
  before: CampaignRecord | null;
  after: CampaignRecord | null;
}

/** A campaign's audit trail, oldest first. */
export async function listAudit(query: Query, campaignId: string): Promise<AuditEntry[]> {
  const rows = await query<{ at: Date; action: AuditAction; campaign_id: string; actor: string; before: unknown; after: unknown }>(
    'SELECT at, action, campaign_id, actor, before, after FROM campaign.audit_log WHERE campaign_id = $1 ORDER BY id',
    [campaignId],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    action: row.action,
    campaignId: row.campaign_id,
    actor: row.actor,
    before: readJson<CampaignRecord | null>(row.before),
    after: readJson<CampaignRecord | null>(row.after),
  }));
}

/**
 * A digest of which campaigns exist and when each last changed: every change (admin API, CLI, `demo:campaign`
 * writing straight into the table) moves a campaign's `updated_at`, and coupons only change with their campaign.
 */
export async function readCampaignsDigest(query: Query): Promise<string> {
  const [row] = await query<{ digest: string | null }>(
    `SELECT md5(string_agg(id || '@' || (extract(epoch FROM updated_at) * 1000000)::bigint, ',' ORDER BY id)) AS digest FROM campaign.campaigns`,
  );
  return row?.digest ?? '';
}
