import { z } from 'zod';
import { flagInput, localeInput, singleLine } from '../input-fields.ts';
import { PLAN_TYPES } from '../plan-table.ts';
import { AD_STYLE_COLOUR_PATTERN, AD_STYLE_MAX_RADIUS_PX } from '../campaign-contract.ts';
import { CAMPAIGN_MOMENT_MAX_MS, CAMPAIGN_MOMENT_MIN_MS, couponCodeInput } from './checkout.ts';

/** Input of the campaign squad's endpoints (docs/campaigns.md "Admin API"). */

/** A moment: an ISO 8601 date-time with its offset, or epoch milliseconds (as JSON reaches a schema: text); 2000 to 2099. */
const momentInput = z.union([z.iso.datetime({ offset: true }).transform((value) => Date.parse(value)), z.coerce.number().int()]).pipe(
  z
    .number()
    .min(CAMPAIGN_MOMENT_MIN_MS)
    .max(CAMPAIGN_MOMENT_MAX_MS - 1),
);

/** A campaign's id: lower-case letters, digits and `-`, 2 to 40. */
export const campaignIdInput = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/);
/** A key of the `campaign` translations (`names.<key>`, `carousel.<key>`). */
const translationKeyInput = z.string().regex(/^[a-z0-9_]{2,60}$/);
/** A route name of the site. */
const routeNameInput = z.string().regex(/^[a-z0-9-]{1,40}$/);
/** An image of the campaign squad's own `public/` folder. */
const assetPathInput = z.string().regex(/^\/assets\/campaign\/[\w.-]{1,80}$/);
/** A storage or query key of an ad. */
const storageKeyInput = z.string().regex(/^[\w-]{1,40}$/);
/** A colour of an ad: `#rgb`, `#rrggbb` or `#rrggbbaa`. */
const adColourInput = z.string().regex(AD_STYLE_COLOUR_PATTERN);
/** One of the bottom ad's styles (the spec's `attr`): colours and a corner radius, nothing that loads or moves anything. */
const adStyleInput = z
  .object({
    color: adColourInput.optional(),
    backgroundColor: adColourInput.optional(),
    borderColor: adColourInput.optional(),
    borderRadiusPx: z.number().int().min(0).max(AD_STYLE_MAX_RADIUS_PX).optional(),
  })
  .strict();

const couponInput = z.object({
  code: couponCodeInput,
  text: singleLine(200).default(''),
  discountCents: z.number().int().min(1).max(1_000_000),
  allowedTypes: z.array(z.enum(PLAN_TYPES)).max(PLAN_TYPES.length).default([]),
  minPriceCents: z.number().int().min(0).max(10_000_000).default(0),
  show: z.boolean().default(true),
  type: z.number().int().min(0).max(99).default(1),
  groupType: z.number().int().min(0).max(99).default(0),
});

const carouselEntryInput = z.object({
  titleKey: translationKeyInput,
  descriptionKey: translationKeyInput,
  floatKey: translationKeyInput.optional(),
  buttonKey: translationKeyInput,
  image: assetPathInput,
  href: routeNameInput,
  couponCode: couponCodeInput.optional(),
  featured: z.boolean().default(false),
  mask: z.boolean().default(false),
  expired: z.boolean().default(false),
  showFloat: z.boolean().default(false),
  showInEventCenter: z.boolean().default(true),
  showInCarousel: z.boolean().default(true),
});

const campaignFields = {
  nameKey: translationKeyInput,
  newsletterKey: translationKeyInput.nullable().default(null),
  navTitleKey: translationKeyInput.nullable().default(null),
  route: routeNameInput.default('sales-campaign'),
  startsAt: momentInput,
  endsAt: momentInput,
  isImportant: flagInput.default(false),
  noNavRoutes: z.array(routeNameInput).max(50).default([]),
  noAdRoutes: z.array(routeNameInput).max(50).default([]),
  images: z
    .object({
      thumb: assetPathInput.optional(),
      bgAccount: assetPathInput.optional(),
      bgEvent: assetPathInput.optional(),
      bgArticle: assetPathInput.optional(),
    })
    .default({}),
  bottomAd: z
    .object({
      href: routeNameInput,
      background: assetPathInput,
      textImage: assetPathInput.optional(),
      storageKey: storageKeyInput,
      sourceKey: storageKeyInput,
      sourceValue: storageKeyInput,
      attr: z.object({ body: adStyleInput.optional(), icon: adStyleInput.optional(), iconHover: adStyleInput.optional() }).strict().optional(),
    })
    .nullable()
    .default(null),
  carousel: z.array(carouselEntryInput).max(20).default([]),
  coupons: z.array(couponInput).max(20).default([]),
};

const endsAfterStart = (campaign: { startsAt: number; endsAt: number }) => campaign.endsAt > campaign.startsAt;
const END_BEFORE_START = { message: 'must be after startsAt', path: ['endsAt'] };
/** A carousel entry quotes a coupon of its own campaign only (docs/campaigns.md "Carousel entries"). */
const quotesOwnCoupons = (campaign: { carousel: { couponCode?: string | undefined }[]; coupons: { code: string }[] }) =>
  campaign.carousel.every((entry) => entry.couponCode === undefined || campaign.coupons.some((coupon) => coupon.code === entry.couponCode));
const FOREIGN_COUPON = { message: 'names a coupon the campaign does not have', path: ['carousel'] };

/** `POST /api/campaign/admin/campaigns`: a whole campaign with its coupons. */
export const campaignCreateInput = z
  .object({ id: campaignIdInput, ...campaignFields })
  .refine(endsAfterStart, END_BEFORE_START)
  .refine(quotesOwnCoupons, FOREIGN_COUPON);

/** `PUT /api/campaign/admin/campaigns/<id>`: the whole campaign again (its coupons are replaced). */
export const campaignUpdateInput = z.object(campaignFields).refine(endsAfterStart, END_BEFORE_START).refine(quotesOwnCoupons, FOREIGN_COUPON);

/** `POST /api/campaign/admin/campaigns/<id>/schedule`: a new window. */
export const campaignScheduleInput = z.object({ startsAt: momentInput, endsAt: momentInput }).refine(endsAfterStart, END_BEFORE_START);

/** `POST /api/campaign/admin/campaigns/<id>/end`: ends it now (nothing to send). */
export const campaignEndInput = z.object({});

/** `GET /api/campaign/admin/campaigns` and `…/audit`: nothing to send. */
export const campaignAdminQuery = z.object({});

/** `GET /api/campaign/internal/coupon?code=`. */
export const campaignCouponQuery = z.object({ code: singleLine(64, 1) });

/** `GET /api/campaign/internal/checkout-offer?locale=&preview_at=` (`preview_at`: epoch ms of a `start_time` preview). */
export const checkoutCampaignQuery = z.object({
  locale: localeInput,
  preview_at: z.coerce.number().int().min(CAMPAIGN_MOMENT_MIN_MS).max(CAMPAIGN_MOMENT_MAX_MS).optional(),
});

/**
 * `GET /api/campaign/current`: a link's campaign values as they came. The rules read them (docs/campaigns.md
 * "Personal deadlines"): a value they cannot read changes nothing, so only their length is checked here.
 */
export const currentCampaignsQuery = z.object({
  start_time: singleLine(32).optional(),
  ac_endtime: singleLine(32).optional(),
  ac_source: singleLine(32).optional(),
});

/** `GET /api/campaign/frame`: the page's locale and a link's campaign values (read as for `current`). */
export const frameCampaignQuery = currentCampaignsQuery.extend({ locale: localeInput });
