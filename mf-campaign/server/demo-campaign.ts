import type { Database } from '@reelkeep/platform/host-context';
import { findCampaign, recordAudit, saveCampaign, type CampaignInput } from './campaign-repository.ts';

const DAY_MS = 86_400_000;

/** The demo campaign's coupons (the checkout shows the top 3 that fit the chosen plan). */
export const DEMO_COUPONS: CampaignInput['coupons'] = [
  {
    code: 'REEL40',
    text: '$40 off lifetime plans',
    discountCents: 4000,
    allowedTypes: ['LFT', 'LFT_3', 'LFT_5'],
    minPriceCents: 14990,
    show: true,
    type: 1,
    groupType: 0,
  },
  {
    code: 'REEL20',
    text: '$20 off orders of $79.90 or more',
    discountCents: 2000,
    allowedTypes: [],
    minPriceCents: 7990,
    show: true,
    type: 1,
    groupType: 0,
  },
  {
    code: 'REEL10',
    text: '$10 off orders of $49.90 or more',
    discountCents: 1000,
    allowedTypes: [],
    minPriceCents: 4990,
    show: true,
    type: 1,
    groupType: 0,
  },
  { code: 'REEL5', text: '$5 off any plan', discountCents: 500, allowedTypes: [], minPriceCents: 2990, show: true, type: 1, groupType: 0 },
];

/**
 * The demo sales campaign running from an hour ago for `days` days (`npm run demo:campaign`): translated
 * names and carousel (a featured entry, a plain one and a masked one), images, a bottom ad and the coupons above. The admin API takes the same object.
 */
export function buildDemoCampaign(now: number, days = 14): CampaignInput {
  return {
    id: 'demo',
    nameKey: 'demo',
    newsletterKey: 'demo_newsletter',
    navTitleKey: 'demo_nav',
    route: 'sales-campaign',
    startsAt: now - 3_600_000,
    endsAt: now + days * DAY_MS,
    isImportant: true,
    noNavRoutes: [],
    noAdRoutes: [],
    images: {
      thumb: '/assets/campaign/demo-thumb.svg',
      bgAccount: '/assets/campaign/demo-wide.svg',
      bgEvent: '/assets/campaign/demo-wide.svg',
      bgArticle: '/assets/campaign/demo-wide.svg',
    },
    bottomAd: {
      href: 'store',
      background: '/assets/campaign/demo-bottom-ad.svg',
      storageKey: 'rk_bottom_ad_demo',
      sourceKey: 'rk_ad_source',
      sourceValue: 'bottom_ad_demo',
      // docs/campaigns.md "Campaign data": the bottom ad's style options (the spec's attr).
      attr: { body: { borderColor: '#ffd166' }, icon: { backgroundColor: '#0b1020cc' }, iconHover: { backgroundColor: '#e63946' } },
    },
    carousel: [
      {
        titleKey: 'demo_lifetime_title',
        descriptionKey: 'demo_lifetime_description',
        floatKey: 'demo_lifetime_float',
        buttonKey: 'shop_now',
        image: '/assets/campaign/demo-lifetime.svg',
        href: 'store',
        couponCode: 'REEL40',
        featured: true,
        mask: false,
        expired: false,
        showFloat: true,
        showInEventCenter: true,
        showInCarousel: true,
      },
      {
        titleKey: 'demo_yearly_title',
        descriptionKey: 'demo_yearly_description',
        buttonKey: 'see_plans',
        image: '/assets/campaign/demo-yearly.svg',
        href: 'store',
        couponCode: 'REEL20',
        featured: false,
        mask: false,
        expired: false,
        showFloat: false,
        showInEventCenter: true,
        showInCarousel: true,
      },
      {
        // Not open yet: shown veiled under its float text, without a button (docs/campaigns.md "Carousel entries").
        titleKey: 'demo_gift_title',
        descriptionKey: 'demo_gift_description',
        floatKey: 'demo_gift_float',
        buttonKey: 'shop_now',
        image: '/assets/campaign/demo-thumb.svg',
        href: 'store',
        featured: false,
        mask: true,
        expired: false,
        showFloat: true,
        showInEventCenter: true,
        showInCarousel: true,
      },
    ],
    coupons: DEMO_COUPONS,
  };
}

/**
 * Creates (or renews) the demo campaign running from `now` for `days` days, audited as `demo:campaign`
 * (the CLI and the end-to-end test site; the campaign schema must be migrated).
 */
export async function createDemoCampaign(db: Database, options: { now?: number; days?: number } = {}): Promise<CampaignInput> {
  const campaign = buildDemoCampaign(options.now ?? Date.now(), options.days);
  await db.transaction(async (query) => {
    const before = await findCampaign(query, campaign.id);
    await saveCampaign(query, campaign);
    await recordAudit(query, {
      action: before ? 'update' : 'create',
      campaignId: campaign.id,
      actor: 'demo:campaign',
      before,
      after: await findCampaign(query, campaign.id),
    });
  });
  return campaign;
}
