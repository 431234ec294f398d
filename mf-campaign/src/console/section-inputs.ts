import { z } from 'zod';
import {
  CAMPAIGN_MOMENT_MAX_MS,
  CAMPAIGN_MOMENT_MIN_MS,
  campaignIdInput,
  couponCodeInput,
  flagInput,
  LOCALES,
  PLAN_TYPES,
  singleLine,
  type PlanType,
} from '@reelkeep/shared-contracts';

/**
 * Every input of the console's Campaigns section (docs/console.md "Campaigns and coupons"), one schema per form and
 * query. Forms post text: moments are the `datetime-local` value read as UTC, amounts are dollars with up to two
 * decimals. A field a schema refuses is named in the problems, which the section shows beside it, translated.
 */

/** A minute in UTC as a `datetime-local` field sends it (`2026-12-01T09:30`), as epoch ms, 2000 to 2099. */
export const utcMinuteInput = singleLine(16, 1)
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/))
  .transform((value) => Date.parse(`${value}:00Z`))
  .pipe(
    z
      .number()
      .min(CAMPAIGN_MOMENT_MIN_MS)
      .max(CAMPAIGN_MOMENT_MAX_MS - 1),
  );

/** Dollars as typed (`19.99`, `20`), in cents. */
const dollarsInput = (min: number, max: number) =>
  singleLine(12, 1)
    .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/))
    .transform((value) => Math.round(Number(value) * 100))
    .pipe(z.number().int().min(min).max(max));

/** A checkbox: present (`on`) or absent. */
const checkboxInput = flagInput.optional().transform((value) => value === true);
/** A translation key of the `campaign` names, or nothing (`""`, the select's "none"). */
const optionalKeyInput = z
  .union([z.literal(''), z.string().regex(/^[a-z0-9_]{2,60}$/)])
  .optional()
  .transform((value) => (value ? value : null));

const endsAfterStart = (window: { startsAt: number; endsAt: number }) => window.endsAt > window.startsAt;
const END_BEFORE_START = { message: 'end_before_start', path: ['endsAt'] };

/** Where a campaign's banner leads (the routes its pages live at). */
export const CAMPAIGN_ROUTES_OFFERED = ['sales-campaign', 'store'] as const;

const campaignFormFields = {
  nameKey: z.string().regex(/^[a-z0-9_]{2,60}$/),
  navTitleKey: optionalKeyInput,
  newsletterKey: optionalKeyInput,
  route: z.enum(CAMPAIGN_ROUTES_OFFERED),
  isImportant: checkboxInput,
  startsAt: utcMinuteInput,
  endsAt: utcMinuteInput,
};

/** `POST /console/campaigns/new`: a new campaign (coupons come after, on its page). */
export const campaignCreateForm = z.object({ id: campaignIdInput, ...campaignFormFields }).refine(endsAfterStart, END_BEFORE_START);

/** `POST /console/campaigns/<id>/edit`: its words, route, importance and window (images, carousel and coupons are kept). */
export const campaignEditForm = z.object(campaignFormFields).refine(endsAfterStart, END_BEFORE_START);

/** `POST /console/campaigns/<id>/schedule`: a new window. */
export const campaignScheduleForm = z.object({ startsAt: utcMinuteInput, endsAt: utcMinuteInput }).refine(endsAfterStart, END_BEFORE_START);

/** `POST /console/campaigns/<id>/end`: ends it now, once confirmed. */
export const campaignEndForm = z.object({ confirm: z.literal('yes') });

/** The plan checkboxes of the coupon form, one field per plan type (a form sends one value per name). */
export const planFieldName = (type: PlanType) => `plan_${type}` as const;

/**
 * `POST /console/campaigns/<id>/coupons`: add a coupon or replace the one with that code. A coupon is an amount off
 * as the checkout takes it (`pickTopCoupons`): for the ticked plans (none ticked: every plan), from a minimum price.
 */
export const couponForm = z
  .object({
    code: couponCodeInput,
    amount: dollarsInput(1, 1_000_000),
    minPrice: z.union([z.literal(''), dollarsInput(0, 10_000_000)]).optional(),
    note: singleLine(200).optional(),
    show: checkboxInput,
    ...Object.fromEntries(PLAN_TYPES.map((type) => [planFieldName(type), checkboxInput])),
  })
  .transform((form) => {
    const fields = form as typeof form & Record<string, boolean>;
    return {
      code: form.code,
      discountCents: form.amount,
      minPriceCents: typeof form.minPrice === 'number' ? form.minPrice : 0,
      text: form.note ?? '',
      show: form.show,
      allowedTypes: PLAN_TYPES.filter((type) => fields[planFieldName(type)] === true),
    };
  });

/** `POST /console/campaigns/<id>/coupons/remove`: the code to remove. */
export const couponRemoveForm = z.object({ code: couponCodeInput });

/** The list's columns a manager may sort by. */
export const CAMPAIGN_SORTS = ['name', 'state', 'starts', 'ends'] as const;
/** A campaign's state in the list. */
export const CAMPAIGN_STATES = ['scheduled', 'running', 'ended'] as const;
/** A campaign's state in the list. */
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** `GET /console/campaigns`: sort, direction, page, and an optional state to show alone. */
export const campaignListQuery = z.object({
  sort: z.enum(CAMPAIGN_SORTS).default('starts'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  state: z.union([z.literal(''), z.enum(CAMPAIGN_STATES)]).optional(),
});

/** `GET /console/campaigns/<id>`: the locale its preview shows, and the change just made. */
export const campaignDetailQuery = z.object({
  preview: z.enum(LOCALES).default('en'),
  done: z.enum(['created', 'saved', 'scheduled', 'ended', 'coupon-saved', 'coupon-removed']).optional(),
});

/** The parts of a campaign a preview shows. */
export const PREVIEW_PARTS = ['banner', 'modal', 'events'] as const;

/** `GET /console/campaigns/<id>/preview`: the locale and the part to render. */
export const campaignPreviewQuery = z.object({ locale: z.enum(LOCALES), part: z.enum(PREVIEW_PARTS) });
