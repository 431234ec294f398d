import * as z from 'zod/mini';
import type { FrameCampaignAnswer } from './frame-contract.ts';
import { PLAN_TYPES, type PlanType } from './plan-table.ts';

/**
 * The campaign squad's API as other squads and the pages read it (`/api/campaign/*`, docs/campaigns.md).
 * Campaigns are the campaign squad's data; the checkout prices and redeems their coupons and reads them
 * through the internal routes below. Every answer has its schema (zod/mini): parsed, never cast.
 */

/** A coupon with the window of its campaign, as the checkout redeems it (epoch ms; the end is exclusive). */
export interface CampaignCouponDto {
  code: string;
  /** The operator's description (the pages build theirs from the amounts, in the visitor's language). */
  text: string;
  discountCents: number;
  allowedTypes: PlanType[];
  minPriceCents: number;
  show: boolean;
  campaignId: string;
  startsAt: number;
  endsAt: number;
}

/** `GET /api/campaign/internal/coupon?code=`: one coupon by code, running or not. */
export interface CampaignCouponAnswer {
  coupon: CampaignCouponDto | null;
}

/** The campaign the checkout counts down to, with its name in the asked locale. */
export interface CheckoutCampaignDto {
  id: string;
  name: string;
  /** Epoch ms, the configured end (the checkout applies a personal deadline itself). */
  endsAt: number;
}

/**
 * `GET /api/campaign/internal/checkout-offer?locale=&preview_at=`: the campaign running at the previewed
 * moment (or now), and the shown coupons of that same campaign that can be redeemed now, largest first.
 */
export interface CheckoutCampaignAnswer {
  campaign: CheckoutCampaignDto | null;
  coupons: CampaignCouponDto[];
}

/** Banner images of a campaign (paths under `/assets/campaign/`). */
export interface CampaignImagesDto {
  thumb?: string;
  bgAccount?: string;
  bgEvent?: string;
  bgArticle?: string;
}

/**
 * A style of the bottom ad a campaign may set (the spec's `attr`, docs/campaigns.md "Campaign data"): colours as
 * `#rgb`, `#rrggbb` or `#rrggbbaa` and a corner radius in px, nothing else, so no campaign can load a URL or move
 * the ad over the page.
 */
export interface CampaignAdStyleDto {
  color?: string;
  backgroundColor?: string;
  borderColor?: string;
  borderRadiusPx?: number;
}

/** The bottom ad's style options: the panel (`body`), its close icon (`icon`) and the icon under the pointer (`iconHover`). Since 3.2.0. */
export interface CampaignBottomAdAttrDto {
  body?: CampaignAdStyleDto;
  icon?: CampaignAdStyleDto;
  iconHover?: CampaignAdStyleDto;
}

/** A colour a campaign may give its ad. */
export const AD_STYLE_COLOUR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** The largest corner radius of an ad's panel or icon, in px. */
export const AD_STYLE_MAX_RADIUS_PX = 32;

/** The bottom-left ad of a campaign (docs/campaigns.md "Campaign data"). */
export interface CampaignBottomAdDto {
  href: string;
  background: string;
  textImage?: string;
  storageKey: string;
  sourceKey: string;
  sourceValue: string;
  /** Since 3.2.0. */
  attr?: CampaignBottomAdAttrDto;
}

/** A carousel entry: texts are keys of the `campaign` namespace's `carousel` section. */
export interface CampaignCarouselEntryDto {
  titleKey: string;
  descriptionKey: string;
  floatKey?: string;
  buttonKey: string;
  image: string;
  /** A route name of the site (`store`, `sales-campaign`) the entry links to. */
  href: string;
  /** A coupon of the same campaign the entry's texts quote (`{{code}}`, `{{amount}}`, `{{min}}`) and its button applies. */
  couponCode?: string;
  featured: boolean;
  mask: boolean;
  expired: boolean;
  showFloat: boolean;
  showInEventCenter: boolean;
  showInCarousel: boolean;
}

/** A campaign as its pages and the frame read it; texts are keys of the `campaign` namespace's `names` section. */
export interface CampaignDto {
  id: string;
  nameKey: string;
  newsletterKey: string | null;
  navTitleKey: string | null;
  route: string;
  startsAt: number;
  endsAt: number;
  /** The end this visitor is shown: a personal deadline of the link may bring it forward. */
  displayedEndsAt: number;
  isImportant: boolean;
  noNavRoutes: string[];
  noAdRoutes: string[];
  images: CampaignImagesDto;
  bottomAd: CampaignBottomAdDto | null;
  carousel: CampaignCarouselEntryDto[];
  coupons: CampaignCouponDto[];
  /** Over in real time (the event centre masks it). */
  expired: boolean;
}

/**
 * `GET /api/campaign/current?start_time=&ac_endtime=&ac_source=`: the campaign the frame and the campaign pages
 * show (null when none runs) and the campaigns of the event centre, running first.
 */
export interface CurrentCampaignsAnswer {
  campaign: CampaignDto | null;
  eventCenter: CampaignDto[];
}

const couponSchema: z.ZodMiniType<CampaignCouponDto> = z.object({
  code: z.string(),
  text: z.string(),
  discountCents: z.number(),
  allowedTypes: z.array(z.enum(PLAN_TYPES)),
  minPriceCents: z.number(),
  show: z.boolean(),
  campaignId: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
});

/** `GET /api/campaign/internal/coupon`. */
export const campaignCouponAnswerSchema: z.ZodMiniType<CampaignCouponAnswer> = z.object({ coupon: z.nullable(couponSchema) });

/** `GET /api/campaign/internal/checkout-offer`. */
export const checkoutCampaignAnswerSchema: z.ZodMiniType<CheckoutCampaignAnswer> = z.object({
  campaign: z.nullable(z.object({ id: z.string(), name: z.string(), endsAt: z.number() })),
  coupons: z.array(couponSchema),
});

/** An ad's style as an answer carries it: the same limits as the admin input, so a page never draws another. */
const adStyleAnswer = z.object({
  color: z.optional(z.string().check(z.regex(AD_STYLE_COLOUR_PATTERN))),
  backgroundColor: z.optional(z.string().check(z.regex(AD_STYLE_COLOUR_PATTERN))),
  borderColor: z.optional(z.string().check(z.regex(AD_STYLE_COLOUR_PATTERN))),
  borderRadiusPx: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(AD_STYLE_MAX_RADIUS_PX))),
});

const campaignSchema: z.ZodMiniType<CampaignDto> = z.object({
  id: z.string(),
  nameKey: z.string(),
  newsletterKey: z.nullable(z.string()),
  navTitleKey: z.nullable(z.string()),
  route: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  displayedEndsAt: z.number(),
  isImportant: z.boolean(),
  noNavRoutes: z.array(z.string()),
  noAdRoutes: z.array(z.string()),
  images: z.object({
    thumb: z.optional(z.string()),
    bgAccount: z.optional(z.string()),
    bgEvent: z.optional(z.string()),
    bgArticle: z.optional(z.string()),
  }),
  bottomAd: z.nullable(
    z.object({
      href: z.string(),
      background: z.string(),
      textImage: z.optional(z.string()),
      storageKey: z.string(),
      sourceKey: z.string(),
      sourceValue: z.string(),
      attr: z.optional(z.object({ body: z.optional(adStyleAnswer), icon: z.optional(adStyleAnswer), iconHover: z.optional(adStyleAnswer) })),
    }),
  ),
  carousel: z.array(
    z.object({
      titleKey: z.string(),
      descriptionKey: z.string(),
      floatKey: z.optional(z.string()),
      buttonKey: z.string(),
      image: z.string(),
      href: z.string(),
      couponCode: z.optional(z.string()),
      featured: z.boolean(),
      mask: z.boolean(),
      expired: z.boolean(),
      showFloat: z.boolean(),
      showInEventCenter: z.boolean(),
      showInCarousel: z.boolean(),
    }),
  ),
  coupons: z.array(couponSchema),
  expired: z.boolean(),
});

/** `GET /api/campaign/current`. */
export const currentCampaignsAnswerSchema: z.ZodMiniType<CurrentCampaignsAnswer> = z.object({
  campaign: z.nullable(campaignSchema),
  eventCenter: z.array(campaignSchema),
});

/** `GET /api/campaign/frame`. */
export const frameCampaignAnswerSchema: z.ZodMiniType<FrameCampaignAnswer> = z.object({
  campaign: z.nullable(
    z.object({
      id: z.string(),
      title: z.string(),
      name: z.string(),
      route: z.string(),
      thumb: z.nullable(z.string()),
      background: z.nullable(z.string()),
      endsAt: z.number(),
      isImportant: z.boolean(),
      bannerHiddenOn: z.array(z.string()),
      adsHiddenOn: z.array(z.string()),
    }),
  ),
});

/** The page cache tag of every page that shows campaign data: a campaign change drops them (docs/operations.md "Page cache"). */
export const CAMPAIGN_CACHE_TAG = 'campaigns';
