import type { Database } from '@reelkeep/platform/host-context';

const DAY_MS = 24 * 3600_000;

/** The demo campaign's coupons: shown on the checkout while it runs (top 3 by discount). */
export const DEMO_COUPONS = [
  { code: 'REEL40', text: '$40 off lifetime plans', discountCents: 4000, allowedTypes: ['LFT', 'LFT_3', 'LFT_5'], minPriceCents: 14990 },
  { code: 'REEL20', text: '$20 off orders of $79.90 or more', discountCents: 2000, allowedTypes: [], minPriceCents: 7990 },
  { code: 'REEL10', text: '$10 off orders of $49.90 or more', discountCents: 1000, allowedTypes: [], minPriceCents: 4990 },
  { code: 'REEL5', text: '$5 off any plan', discountCents: 500, allowedTypes: [], minPriceCents: 2990 },
] as const;

/**
 * Creates (or renews) a campaign running from now for `days` days with the demo coupons (`npm run demo:campaign`).
 * Campaigns are data: an operator adds real ones the same way, with SQL or this function.
 */
export async function createDemoCampaign(db: Database, options: { now?: number; days?: number } = {}): Promise<{ id: string; endsAt: Date }> {
  const now = options.now ?? Date.now();
  const endsAt = new Date(now + (options.days ?? 14) * DAY_MS);
  const id = 'demo';
  await db.transaction(async (query) => {
    await query(
      `INSERT INTO checkout.campaigns (id, name, newsletter_name, starts_at, ends_at, is_important, nav_title_key) VALUES ($1, $2, $3, $4, $5, true, 'campaign.demo')
       ON CONFLICT (id) DO UPDATE SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at`,
      [id, 'Holiday sale', 'holiday', new Date(now - 3600_000), endsAt],
    );
    for (const coupon of DEMO_COUPONS) {
      await query(
        `INSERT INTO checkout.coupons (code, campaign_id, text, discount_cents, allowed_types, allow_price_cents) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (code) DO UPDATE SET campaign_id = EXCLUDED.campaign_id, discount_cents = EXCLUDED.discount_cents, allowed_types = EXCLUDED.allowed_types, allow_price_cents = EXCLUDED.allow_price_cents`,
        [coupon.code, id, coupon.text, coupon.discountCents, [...coupon.allowedTypes], coupon.minPriceCents],
      );
    }
  });
  return { id, endsAt };
}
